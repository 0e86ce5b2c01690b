import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type ApiKeyList, type ApiKeyUpdated } from '../../../../sdk/contract/console/integrations'
import { pointsAdjustResultSchema } from '../../../../sdk/contract/api-v1'
import { configFromEnv } from '../../config'
import { apiKeys, pointsLedger, requestIdempotency } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { consoleAs, programByKey } from '../participants/participants-fixtures'
import { createApiKey } from '../integrations/api-keys'

/**
 * Issue 24's statement targets for the server API, on both databases (decision 0037): on a warm app
 * (its caches on, as on Workers) a read is at most 2 statements (a participant read is 1: the key's
 * check rides on it), a points adjust is one batch and one statement (its Idempotency-Key's claim);
 * and the key cache that makes them so never outlives a revoke, a rate edit or an expiry.
 */

type Json = Record<string, any>
const DAY = 86_400_000

async function setup() {
  const t = await makeTestApp({ config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' }), cacheTtlMs: 60_000 } })
  const program = await programByKey(t, 'demo')
  const keyFor = async (days = 30) => {
    const made = await createApiKey(programScope(t.db, program.id), t.deps, { name: `k${Math.random()}`, expires_at: new Date(t.clock.now() + days * DAY).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('key not made')
    return made.result.data
  }
  const key = await keyFor()
  const call = async (path: string, init: { json?: unknown; key?: string; idempotencyKey?: string } = {}) => {
    const headers = new Headers({ authorization: `Bearer ${init.key ?? key.api_key}` })
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    if (init.idempotencyKey) headers.set('idempotency-key', init.idempotencyKey)
    const res = await t.app.request(`/api/v1${path}`, { method: init.json !== undefined ? 'POST' : 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined })
    const text = await res.text()
    return { status: res.status, res, text, body: (text ? JSON.parse(text) : null) as Json }
  }
  /** What `run` asks of the database: single statements (the request log's insert aside: on Workers it runs after the answer) and batches. */
  const counted = async <R>(run: () => Promise<R>) => {
    const singles: string[] = []
    const batches: string[][] = []
    const stop = t.watch(
      (sql) => singles.push(sql),
      (sqls) => batches.push(sqls),
    )
    try {
      const value = await run()
      return { value, singles: singles.filter((s) => !/"?api_request_log"?/.test(s)), batches }
    } finally {
      stop()
    }
  }
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const keysBase = `/admin/v2/programs/${program.id}/api_auths`
  const ana = (await call('/participants', { json: { email: 'ana@example.com', external_id: 'shop-ana' } })).body
  return { ...t, program, keyFor, key, call, counted, admin, keysBase, ana }
}

const unknownKey = { code: 'unauthenticated', message: 'Invalid, revoked or expired API key' }

describe('D1 statements per /api/v1 call on a warm app (issue 24)', () => {
  it('a participant read is 1 statement (the key checked in it), a ledger or actions page 2, and none writes', async () => {
    const t = await setup()
    const reads = [`/participants?email=ana%40example.com`, `/participants?external_id=shop-ana`, `/participants/${t.ana.id}`, `/participants/${t.ana.id}/ledger`, `/participants/${t.ana.id}/actions?expand[]=participant`]
    for (const path of reads) expect((await t.call(path)).status, path).toBe(200)
    const counts: Record<string, number> = {}
    for (const path of reads) {
      const { value, singles, batches } = await t.counted(() => t.call(path))
      expect(value.status, path).toBe(200)
      expect(batches, path).toEqual([])
      // Nothing written by a read: no last_used_at (the request log's trigger writes it), no throttle.
      expect(singles.filter((s) => !/^select/i.test(s.trim())), path).toEqual([])
      counts[path] = singles.length
    }
    expect(counts).toEqual({
      [reads[0]!]: 1,
      [reads[1]!]: 1,
      [reads[2]!]: 1,
      [reads[3]!]: 2,
      [reads[4]!]: 2,
    })
    // A 404 is still one statement, and a key this app has not verified yet is one more.
    expect((await t.counted(() => t.call('/participants/999999'))).singles).toHaveLength(1)
    const fresh = await t.keyFor()
    const cold = await t.counted(() => t.call(`/participants/${t.ana.id}`, { key: fresh.api_key }))
    expect(cold.value.status).toBe(200)
    expect(cold.singles).toHaveLength(2)
  })

  it("a points adjust is its Idempotency-Key's claim and one batch; the answer stored in that batch is what a retry replays", async () => {
    const t = await setup()
    const adjust = (idempotencyKey: string, amount = 1) => t.call(`/participants/${t.ana.id}/points`, { json: { type: 'earn', amount, reason: 'Order' }, idempotencyKey })
    // Warms the app's caches (webhook subscriptions, tiers, automatic rewards), as on a warm isolate.
    expect((await adjust('warm')).status).toBe(201)
    const { value: first, singles, batches } = await t.counted(() => adjust('order-1', 2))
    expect(first.status, first.text).toBe(201)
    expect(singles).toHaveLength(1)
    expect(singles[0]).toMatch(/^insert into request_idempotency/i)
    expect(batches).toHaveLength(1)
    expect(pointsAdjustResultSchema.parse(first.body).participant).toMatchObject({ points_balance: 3, lifetime_points: 3 })
    const [stored] = await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, 'api:order-1'))
    expect(stored).toMatchObject({ status: 201, response: first.text })
    expect(stored!.completedAt).not.toBeNull()
    const again = await adjust('order-1', 2)
    expect(again.status).toBe(201)
    expect(again.text).toBe(first.text)
    expect(again.res.headers.get('idempotent-replayed')).toBe('true')
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, 'api:order-1'))).toHaveLength(1)
    // An unknown participant is answered from the claim (no read of its own), and stored as usual.
    const missing = await t.counted(() => t.call('/participants/999999/points', { json: { type: 'earn', amount: 1, reason: 'x' }, idempotencyKey: 'nobody-1' }))
    expect(missing.value.status).toBe(404)
    expect(missing.batches).toEqual([])
    expect(missing.singles.filter((s) => /^select/i.test(s.trim()))).toEqual([])
    expect((await t.call('/participants/999999/points', { json: { type: 'earn', amount: 1, reason: 'x' }, idempotencyKey: 'nobody-1' })).text).toBe(missing.value.text)
  })

  it('builds the answer in SQL exactly as the API writes a participant and a ledger entry (field order, escaping, dates)', async () => {
    const t = await setup()
    const odd = (await t.call('/participants', { json: { email: 'zoe@example.com', external_id: 'ext/"é" \\ 1', first_name: 'Zoë "Q" </script>', last_name: 'Ünïcode \u2028 🎉 \\ / end' } })).body
    const reason = 'Order "42"\ttab\nline \\ é 🎉 \u0001 </b>'
    const adjusted = await t.call(`/participants/${odd.id}/points`, { json: { type: 'earn', amount: 7, reason }, idempotencyKey: 'odd-1' })
    expect(adjusted.status, adjusted.text).toBe(201)
    const participant = (await t.call(`/participants/${odd.id}`)).body
    const entry = (await t.call(`/participants/${odd.id}/ledger`)).body.data[0]
    expect(entry.title).toBe(reason)
    expect(adjusted.text).toBe(JSON.stringify({ entry, participant }))
  })
})

describe('the API key cache never outlives a change to the key (decision 0037)', () => {
  it('a key revoked in the console is refused on its next read and write, as an unknown key is, though its verification is kept', async () => {
    const t = await setup()
    const reader = await t.keyFor()
    const writer = await t.keyFor()
    // Both verified once (a statement each), then kept by the app: a read is its one statement.
    for (const k of [reader, writer]) expect((await t.counted(() => t.call(`/participants/${t.ana.id}`, { key: k.api_key }))).singles).toHaveLength(2)
    for (const k of [reader, writer]) expect((await t.counted(() => t.call(`/participants/${t.ana.id}`, { key: k.api_key }))).singles).toHaveLength(1)

    for (const k of [reader, writer]) expect((await t.admin.json(`${t.keysBase}/${k.id}/revoke`, { json: {} })).status).toBe(200)
    const read = await t.call(`/participants/${t.ana.id}`, { key: reader.api_key })
    expect(read.status).toBe(401)
    expect(read.body.error).toMatchObject(unknownKey)
    expect(read.res.headers.get('ratelimit-limit')).toBeNull()

    const write = await t.call(`/participants/${t.ana.id}/points`, { key: writer.api_key, json: { type: 'earn', amount: 5, reason: 'After revoke' }, idempotencyKey: 'revoked-1' })
    expect(write.status).toBe(401)
    expect(write.body.error).toMatchObject(unknownKey)
    // Nothing written: no points, and no Idempotency-Key claimed (its claim carries the key's check).
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, 'api:revoked-1'))).toEqual([])
    expect(await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, 'api:revoked-1'))).toEqual([])
    // And every call after that, lookups without a participant and other operations included.
    for (const path of ['/participants?email=nobody%40example.com', '/participants', '/rewards', `/participants/${t.ana.id}/ledger`]) {
      expect((await t.call(path, { key: reader.api_key })).status, path).toBe(401)
    }
  })

  it('a revoke made elsewhere (another isolate, straight in the database) is refused on the next lookup, even one that finds nobody', async () => {
    const t = await setup()
    expect((await t.call('/participants?email=nobody%40example.com')).status).toBe(200)
    await t.db.update(apiKeys).set({ revokedAt: new Date(t.clock.now()) }).where(eq(apiKeys.id, t.key.id))
    const refused = await t.call('/participants?email=nobody%40example.com')
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject(unknownKey)
  })

  it('a rate limit edited in the console holds from the next request, read or write, with the key kept', async () => {
    const t = await setup()
    expect((await t.call(`/participants/${t.ana.id}`)).res.headers.get('ratelimit-limit')).toBe('100')
    const lower = await t.admin.json<ApiKeyUpdated>(`${t.keysBase}/${t.key.id}`, { method: 'PATCH', json: { rate_limit: 3 } })
    expect(lower.status).toBe(200)
    // The next read: still one statement, and the new limit (the bucket cut to 3 x 2 s at once).
    const read = await t.counted(() => t.call(`/participants/${t.ana.id}`))
    expect(read.singles).toHaveLength(1)
    expect([read.value.status, read.value.res.headers.get('ratelimit-limit'), read.value.res.headers.get('ratelimit-remaining')]).toEqual([200, '3', '5'])
    for (let i = 0; i < 5; i++) expect((await t.call(`/participants/${t.ana.id}`)).status).toBe(200)
    expect((await t.call(`/participants/${t.ana.id}`)).status).toBe(429)

    // Raised while refused: the refusal reads the key, so the raise is seen at once.
    expect((await t.admin.json<ApiKeyUpdated>(`${t.keysBase}/${t.key.id}`, { method: 'PATCH', json: { rate_limit: 500 } })).status).toBe(200)
    t.clock.advance(100)
    const raised = await t.call(`/participants/${t.ana.id}`)
    expect([raised.status, raised.res.headers.get('ratelimit-limit')]).toEqual([200, '500'])

    // A write after an edit: the claim's guard misses (the kept rate is old), the key is read, the write runs.
    expect((await t.admin.json<ApiKeyUpdated>(`${t.keysBase}/${t.key.id}`, { method: 'PATCH', json: { rate_limit: 7 } })).status).toBe(200)
    const write = await t.call(`/participants/${t.ana.id}/points`, { json: { type: 'earn', amount: 1, reason: 'After edit' }, idempotencyKey: 'edit-1' })
    expect([write.status, write.res.headers.get('ratelimit-limit')]).toEqual([201, '7'])
    expect((await t.admin.json<ApiKeyList>(t.keysBase)).body.data.find((k) => k.id === t.key.id)?.rate_limit).toBe(7)
  })

  it('an expired key is refused: past its date by the clock, or when its expiry moved before now', async () => {
    const t = await setup()
    const soon = await t.keyFor(1)
    expect((await t.call(`/participants/${t.ana.id}`, { key: soon.api_key })).status).toBe(200)
    t.clock.advance(2 * DAY)
    expect((await t.call(`/participants/${t.ana.id}`, { key: soon.api_key })).body.error).toMatchObject(unknownKey)

    const other = await t.keyFor()
    expect((await t.call(`/participants/${t.ana.id}`, { key: other.api_key })).status).toBe(200)
    await t.db.update(apiKeys).set({ expiresAt: new Date(t.clock.now() - 1) }).where(eq(apiKeys.id, other.id))
    const refused = await t.call(`/participants/${t.ana.id}/points`, { key: other.api_key, json: { type: 'earn', amount: 1, reason: 'x' }, idempotencyKey: 'expired-1' })
    expect(refused.body.error).toMatchObject(unknownKey)
    expect(await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, 'api:expired-1'))).toEqual([])
  })

  it("records the key's last use with its request log, at most once a minute, never in the request's own statements", async () => {
    const t = await setup()
    const key = await t.keyFor()
    const lastUsed = async () => (await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.at?.getTime() ?? null
    expect(await lastUsed()).toBeNull()
    const first = await t.counted(() => t.call(`/participants/${t.ana.id}`, { key: key.api_key }))
    expect(first.singles.filter((s) => /api_keys/.test(s) && !/^select/i.test(s.trim()))).toEqual([])
    const at = t.clock.now()
    expect(await lastUsed()).toBe(at)
    t.clock.advance(30_000)
    await t.call(`/participants/${t.ana.id}`, { key: key.api_key })
    expect(await lastUsed()).toBe(at)
    t.clock.advance(31_000)
    await t.call(`/participants/${t.ana.id}`, { key: key.api_key })
    expect(await lastUsed()).toBe(at + 61_000)
  })
})
