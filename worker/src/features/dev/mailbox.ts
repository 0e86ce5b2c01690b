import { desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { devMailbox } from '../../db/schema'
import type { AppEnv } from '../../env'
import { escapeHtml, simplePage } from '../../lib/html'

type MailRow = typeof devMailbox.$inferSelect

/** The sign-in code and the first link in a message, so tests and people can read them at a glance. */
export function summarizeMail(row: MailRow) {
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    code: row.text.match(/\b(\d{6})\b/)?.[1] ?? null,
    link: row.text.match(/https?:\/\/\S+/)?.[0] ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** Development-only mailbox (mounted only when ENVIRONMENT is development or test). */
export const devMailboxRoutes = new Hono<AppEnv>()
  .get('/mailbox.json', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase()
    const rows = await c.var.deps.db
      .select()
      .from(devMailbox)
      .where(to ? eq(devMailbox.to, to) : undefined)
      .orderBy(desc(devMailbox.id))
      .limit(50)
    c.header('cache-control', 'no-store')
    return c.json({ messages: rows.map(summarizeMail) })
  })
  .get('/mailbox', async (c) => {
    const rows = await c.var.deps.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(100)
    const items = rows
      .map(summarizeMail)
      .map(
        (m) => `<tr><td>${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td><td><strong>${escapeHtml(m.subject)}</strong>${
          m.code ? `<div>Code: <code style="font-size:20px">${m.code}</code></div>` : ''
        }${m.link ? `<div><a href="${escapeHtml(m.link)}">Open link</a></div>` : ''}<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details></td></tr>`,
      )
      .join('')
    c.header('cache-control', 'no-store')
    return c.html(
      simplePage({
        title: 'Dev mailbox',
        body: `<main style="max-width:960px"><h1>Dev mailbox</h1><p>Every e-mail the app sent in development, newest first. JSON: <a href="/_dev/mailbox.json">/_dev/mailbox.json?to=EMAIL</a></p>
<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Message</th></tr></thead><tbody>${items || '<tr><td colspan="3">No messages yet.</td></tr>'}</tbody></table></main>`,
      }),
    )
  })

/**
 * Seeds the demo data (idempotent). Used by `npm start` on wrangler dev, where the seed must run
 * inside workerd against local D1. The custom header keeps cross-site forms from triggering it.
 */
export const devSeedRoutes = new Hono<AppEnv>().post('/seed', async (c) => {
  if (c.req.header('x-tessera-dev') !== 'seed') return c.json({ ok: false, message: 'send x-tessera-dev: seed' }, 400)
  const { seedShardedDemo } = await import('../shards')
  const lines: string[] = []
  const result = await seedShardedDemo(c.var.deps.shardDbs ?? [c.var.deps.db], { log: (l) => lines.push(l) })
  return c.json({ ok: true, ...result, log: lines })
})
