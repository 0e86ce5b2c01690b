import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { type ApiKeyCreated, type ApiKeyRequestList, apiKeyRequestListSchema } from '../../../../sdk/contract/console/integrations'
import { apiRequestLog } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { consoleAs, programByKey } from '../participants/participants-fixtures'
import { createApiKey } from './api-keys'
import { logApiRequest } from './api-keys-log'
import { sweepRetention } from '../../retention'

const DAY = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${program.id}/api_auths`
  const made = await admin.json<ApiKeyCreated>(base, { json: { name: 'Shop sync', expires_at: isoDate(t.clock.now() + 30 * DAY) } })
  const key = made.body.data
  const call = (path: string, init: RequestInit = {}) =>
    t.app.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key.api_key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } })
  return { ...t, program, admin, base, key, call }
}

describe('API key request log (console)', () => {
  it("pages a key's calls newest first with time, method, route pattern, status and request id; another key's or program's are not shown", async () => {
    const t = await setup()
    const created = await t.call('/participants', { method: 'POST', body: JSON.stringify({ email: 'log-view@example.com' }) })
    const id = ((await created.json()) as { id: number }).id
    t.clock.advance(1000)
    const missing = await t.call('/participants/999999')
    t.clock.advance(1000)
    const ledger = await t.call(`/participants/${id}/ledger?expand[]=participant`)
    // Another key of the same program: its calls are its own.
    const other = await createApiKey(programScope(t.db, t.program.id), t.deps, { name: 'other', expires_at: isoDate(t.clock.now() + DAY) }, null)
    await t.app.request('/api/v1/participants?email=a@example.com', { headers: { authorization: `Bearer ${other.status === 201 ? other.result.data!.api_key : ''}` } })

    const page = await t.admin.json<ApiKeyRequestList>(`${t.base}/${t.key.id}/requests?per_page=10`)
    expect(page.status).toBe(200)
    apiKeyRequestListSchema.strict().parse(page.body)
    expect(page.body.meta).toEqual({ page: 1, per_page: 10, total: 3, total_pages: 1 })
    expect(page.body.data.map((r) => [r.method, r.route, r.status, r.request_id])).toEqual([
      ['GET', '/api/v1/participants/:id/ledger', 200, ledger.headers.get('request-id')],
      ['GET', '/api/v1/participants/:id', 404, missing.headers.get('request-id')],
      ['POST', '/api/v1/participants', 201, created.headers.get('request-id')],
    ])
    expect(Date.parse(page.body.data[0]!.created_at)).toBeGreaterThan(Date.parse(page.body.data[2]!.created_at))

    const second = await t.admin.json<ApiKeyRequestList>(`${t.base}/${t.key.id}/requests?per_page=10&page=2`)
    expect(second.body.data).toEqual([])
    for (let i = 0; i < 12; i++) await t.call(`/participants/${id}`)
    const p1 = await t.admin.json<ApiKeyRequestList>(`${t.base}/${t.key.id}/requests?per_page=10&page=1`)
    const p2 = await t.admin.json<ApiKeyRequestList>(`${t.base}/${t.key.id}/requests?per_page=10&page=2`)
    expect(p1.body.meta).toMatchObject({ total: 15, total_pages: 2 })
    expect(p2.body.data.map((r) => r.route)).toEqual(['/api/v1/participants/:id', '/api/v1/participants/:id', '/api/v1/participants/:id/ledger', '/api/v1/participants/:id', '/api/v1/participants'])
    expect(new Set([...p1.body.data, ...p2.body.data].map((r) => r.id)).size).toBe(15)

    // Another program's key through this program's path: 404; bad paging: 422.
    const foreign = await makeProgram(t, (await makeOrganization(t)).id)
    const foreignKey = await createApiKey(programScope(t.db, foreign.id), t.deps, { name: 'theirs', expires_at: isoDate(t.clock.now() + DAY) }, null)
    expect((await t.admin.json(`${t.base}/${foreignKey.status === 201 ? foreignKey.result.data!.id : 0}/requests`)).status).toBe(404)
    expect((await t.admin.json(`${t.base}/${t.key.id}/requests?per_page=500`)).status).toBe(422)
  })

  it("keeps the deployment's 30 days: the scheduled sweep deletes older rows of every program and nothing newer", async () => {
    const t = await setup()
    const foreign = await makeProgram(t, (await makeOrganization(t)).id)
    const foreignKey = await createApiKey(programScope(t.db, foreign.id), t.deps, { name: 'theirs', expires_at: isoDate(t.clock.now() + DAY) }, null)
    const now = t.clock.now()
    const row = (programId: number, keyId: number, daysAgo: number, n: number) => ({ programId, keyId, method: 'GET', route: `/r${n}`, status: 200, requestId: `req-${n}`, createdAt: new Date(now - daysAgo * DAY) })
    const fk = foreignKey.status === 201 ? foreignKey.result.data!.id : 0
    // Oldest first, as the log is written.
    const rows = [row(t.program.id, t.key.id, 45, 1), row(foreign.id, fk, 40, 2), row(t.program.id, t.key.id, 31, 3), row(t.program.id, t.key.id, 29, 4), row(foreign.id, fk, 1, 5)]
    for (const r of rows) await programScope(t.db, r.programId).insert(apiRequestLog, r)
    await sweepRetention(t.deps, now)
    const left = await t.db.select().from(apiRequestLog)
    expect(left.map((r) => r.requestId)).toEqual(['req-4', 'req-5'])
    // The list says how long the log keeps calls.
    expect((await t.admin.json<ApiKeyRequestList>(`${t.base}/${t.key.id}/requests`)).body.retention_days).toBe(30)
    expect(await t.db.select().from(apiRequestLog).where(eq(apiRequestLog.keyId, t.key.id))).toHaveLength(1)
  })
})

describe('API request log writes', () => {
  it('writes the calls that end together in one statement (their rows as one JSON value), losing none', async () => {
    const t = await setup()
    const before = await t.db.$count(apiRequestLog)
    const inserts = vi.spyOn(t.db, 'run')
    const row = (n: number) => ({ programId: t.program.id, keyId: t.key.id, method: 'GET', route: '/api/v1/participants', status: 200, requestId: `together-${n}`, createdAt: new Date(t.clock.now()) })
    await Promise.all(Array.from({ length: 30 }, (_, n) => logApiRequest(t.db, row(n), 5)))
    expect(inserts).toHaveBeenCalledTimes(1)
    inserts.mockRestore()
    expect((await t.db.$count(apiRequestLog)) - before).toBe(30)
    // Each row as it was logged, the time included.
    const [one] = await t.db.select().from(apiRequestLog).where(eq(apiRequestLog.requestId, 'together-7'))
    expect(one).toMatchObject({ programId: t.program.id, keyId: t.key.id, method: 'GET', route: '/api/v1/participants', status: 200, createdAt: new Date(t.clock.now()) })
  })
})
