import { asc, eq, or } from 'drizzle-orm'
import * as z from 'zod'
import { adminUsers, challenges, participants, rewards } from '../../db/schema'
import { contains, startsWith } from '../../lib/like'
import { parseBody, parseQuery } from '../../lib/parse'
import { consoleRoutes } from './console-router'
import { consoleBootstrap, createProgram, listAdminPrograms } from './bootstrap'
import { placeNewProgram } from '../shards'

export const newProgramSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(30, 'Name must not be longer than 30 characters.'),
})

export const updateMeSchema = z.object({ preferred_locale: z.enum(['en', 'es'], { error: 'must be en or es' }) })

const searchQuery = z.object({ q: z.string().trim().max(100, 'must be at most 100 characters').default('') })

/** The console shell's own calls (admin-console-part-a.md sections 1, 2 Shell, 7). Mounted at /admin/v2. */
export const consoleShell = consoleRoutes()
  .get('/me', 'signed_in', async (c) => c.json(await consoleBootstrap(c.var.deps.db, c.var.admin!)))
  .put('/me', 'signed_in', async (c) => {
    const { preferred_locale } = await parseBody(c, updateMeSchema)
    await c.var.deps.db.update(adminUsers).set({ preferredLocale: preferred_locale }).where(eq(adminUsers.id, c.var.admin!.id))
    return c.json({ success: true, errors: {} })
  })
  .get('/programs', 'signed_in', async (c) => {
    const rows = await listAdminPrograms(c.var.deps.db, c.var.admin!)
    return c.json({ data: rows.map((p) => ({ id: p.id, name: p.name, subdomain_url: p.subdomain, public_key: p.publicKey })) })
  })
  .post('/programs', ['organization', 'manage'], async (c) => {
    const { name } = await parseBody(c, newProgramSchema)
    // On the shard with the fewest programs when there are several (decision 0041).
    const program = await placeNewProgram(c.var.deps, await createProgram(c.var.deps.db, c.var.admin!, name))
    return c.json({ success: true, data: { id: program.id, name: program.name }, errors: [] }, 201)
  })
  // Ctrl/Cmd+K: the program's participants (e-mail or name prefix), challenges and rewards, 5 each.
  .get('/programs/:program_id/search', ['global_search', 'view'], async (c) => {
    const { q } = parseQuery(c, searchQuery)
    if (!q) return c.json({ data: { participants: [], challenges: [], rewards: [] } })
    const scope = c.var.scope
    const [people, challengeRows, rewardRows] = await Promise.all([
      scope
        .select(participants, or(startsWith(participants.email, q.toLowerCase()), startsWith(participants.firstName, q), startsWith(participants.lastName, q)))
        .orderBy(asc(participants.email))
        .limit(5),
      scope.select(challenges, contains(challenges.name, q)).orderBy(asc(challenges.name)).limit(5),
      scope.select(rewards, contains(rewards.name, q)).orderBy(asc(rewards.name)).limit(5),
    ])
    return c.json({
      data: {
        participants: people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email })),
        challenges: challengeRows.map((r) => ({ id: r.id, name: r.name })),
        rewards: rewardRows.map((r) => ({ id: r.id, name: r.name })),
      },
    })
  })
