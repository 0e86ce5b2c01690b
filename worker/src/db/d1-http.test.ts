import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { serveD1HttpApi } from '../../local/d1-http-local'
import { onD1, openTestDatabase } from '../../test/test-database'
import { batch } from './batch'
import { createD1Db } from './client'
import { d1OverHttp, D1HttpError } from './d1-http'
import { programs } from './schema'

/**
 * The D1 HTTP API adapter (d1-http.ts) against a local server of that API over a real D1 database
 * (worker/local/d1-http-local.ts): drizzle's D1 driver on it reads, writes and batches as on a binding;
 * the API's failures come back by name. On D1 only (the d1 project): the API is D1's.
 */
/** What a failed call said: the adapter's error, inside drizzle's "Failed query" wrapper when it has one. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (err: Error) => (err.cause instanceof Error ? err.cause : err),
  )

describe.runIf(onD1)('D1 through its HTTP API', () => {
  async function served(opts: { fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {}) {
    const { d1 } = await openTestDatabase()
    const api = await serveD1HttpApi({ main: d1 as never })
    const raw = d1OverHttp({ ...api, databaseId: 'main', ...opts })
    return { api, raw, db: createD1Db(raw) }
  }

  it('runs drizzle selects, writes and an atomic batch as the binding does', async () => {
    const { api, db, raw } = await served()
    try {
      const [demo] = await db.select({ id: programs.id, name: programs.name }).from(programs).where(eq(programs.publicKey, 'demo'))
      expect(demo).toMatchObject({ name: expect.any(String) })
      await db.update(programs).set({ name: 'Over HTTP' }).where(eq(programs.id, demo!.id))
      expect((await db.select({ name: programs.name }).from(programs).where(eq(programs.id, demo!.id)))[0]!.name).toBe('Over HTTP')
      // A batch whose second statement fails changes nothing.
      const half = await failure(batch(db, [db.update(programs).set({ name: 'Half' }).where(eq(programs.id, demo!.id)), db.insert(programs).values({ id: demo!.id } as never)]))
      expect(half?.message).toMatch(/D1 HTTP API \(database main\) answered 400: .*(NOT NULL|UNIQUE)/)
      expect((await db.select({ name: programs.name }).from(programs).where(eq(programs.id, demo!.id)))[0]!.name).toBe('Over HTTP')
      // raw() keeps two columns of one name apart; first() reads one column.
      expect(await raw.prepare('SELECT 1 AS a, 2 AS a').bind().raw({ columnNames: true })).toEqual([['a', 'a'], [1, 2]])
      expect(await raw.prepare('SELECT ? AS n, ? AS t, ? AS b').bind(7, 'x', true).first()).toEqual({ n: 7, t: 'x', b: 1 })
      expect(() => raw.prepare('SELECT ?').bind(new Uint8Array([1]))).toThrow(/Parameter 1: a blob cannot be sent/)
    } finally {
      await api.close()
    }
  })

  it('waits out a 429 as its Retry-After says and sends again; refuses a wrong token by name', async () => {
    const waits: number[] = []
    let limited = 1
    const { api, db } = await served({
      fetch: async (url, init) => (limited-- > 0 ? new Response('{"success":false,"errors":[{"message":"rate limited"}]}', { status: 429, headers: { 'retry-after': '3' } }) : fetch(url, init)),
      sleep: async (ms) => void waits.push(ms),
    })
    try {
      expect((await db.select({ id: programs.id }).from(programs)).length).toBeGreaterThan(0)
      expect(waits).toEqual([3000])
      const wrong = createD1Db(d1OverHttp({ ...api, apiToken: 'not-it', databaseId: 'main' }))
      const refused = await failure(wrong.select().from(programs))
      expect(refused).toBeInstanceOf(D1HttpError)
      expect(refused?.message).toMatch(/answered 401: Authentication error/)
      const missing = createD1Db(d1OverHttp({ ...api, databaseId: 'nowhere' }))
      expect((await failure(missing.select().from(programs)))?.message).toMatch(/answered 404: The database nowhere could not be found/)
      // The local server answers a statement the database refuses to bind (an object) by name, and a body that is no query.
      const post = (body: unknown) =>
        fetch(`${api.baseUrl}/accounts/${api.accountId}/d1/database/main/query`, { method: 'POST', headers: { authorization: `Bearer ${api.apiToken}` }, body: JSON.stringify(body) })
      const bad = await post({ sql: 'SELECT ?', params: [{ a: 1 }] })
      expect([bad.status, ((await bad.json()) as { success: boolean }).success]).toEqual([400, false])
      const none = await post({ batch: [] })
      expect(((await none.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/needs sql/)
      // Nothing listening: named with the address it tried.
      const gone = await serveD1HttpApi({})
      await gone.close()
      const closed = createD1Db(d1OverHttp({ ...api, baseUrl: gone.baseUrl, databaseId: 'main' }))
      expect((await failure(closed.select().from(programs)))?.message).toMatch(/could not be reached at http:\/\/127\.0\.0\.1:\d+\/client\/v4: .*ECONNREFUSED/)
    } finally {
      await api.close()
    }
  })
})
