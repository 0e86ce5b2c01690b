import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { parseBody } from '../../lib/parse'
import { requireAdmin, requirePermission } from '../../middleware/admin-auth'
import { consoleBootstrap, createProgram, listAdminPrograms, programPerformanceMetrics } from '../../services/admin-console'

export const newProgramSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(30, 'Name must not be longer than 30 characters.'),
})

/** Console JSON calls. Mounted at /admin/v2. */
export const adminConsoleRoutes = new Hono<AppEnv>()
  .get('/me', requireAdmin, async (c) => c.json(await consoleBootstrap(c.var.deps.db, c.var.admin!)))
  .get('/programs', requireAdmin, async (c) => {
    const rows = await listAdminPrograms(c.var.deps.db, c.var.admin!)
    return c.json({ data: rows.map((p) => ({ id: p.id, name: p.name, subdomain_url: p.subdomain, public_key: p.publicKey })) })
  })
  .post('/programs', requirePermission('organization', 'manage'), async (c) => {
    const { name } = await parseBody(c, newProgramSchema)
    const program = await createProgram(c.var.deps.db, c.var.admin!, name)
    return c.json({ success: true, data: { id: program.id, name: program.name }, errors: [] }, 201)
  })
  .get('/programs/:program_id/dashboard/program_performance_metrics', requirePermission('dashboard', 'view'), async (c) =>
    c.json({ data: await programPerformanceMetrics(c.var.deps.db, c.var.program.id, c.var.deps.clock.now()) }),
  )
