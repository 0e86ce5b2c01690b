import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker, { type WorkerEnv } from '../../index'
import { D1_COUNT_HEADER, parseCounts } from '../../db/d1-count'
import { base, seed } from '../../../test/workerd-helpers'
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../integrations/api-keys'

/** A program API key of the demo program, written as the console stores it. */
async function demoKey(name: string) {
  const program = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>()
  const key = generateApiKey()
  const now = Date.now()
  const made = await env.DB.prepare('INSERT INTO api_keys (program_id, name, prefix, key_hash, expires_at, rate_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(program!.id, name, apiKeyPrefix(key), hashApiKey(key), now + 86_400_000, 1000, now)
    .first<{ id: number }>()
  return { key, id: made!.id }
}

describe('/api/v1 on D1 in workerd', () => {
  it('logs every call of a burst (written together after the answers, in waitUntil)', async () => {
    await seed()
    const { key, id } = await demoKey('workerd burst')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => SELF.fetch(`${base}/api/v1/participants?email=${encodeURIComponent('nobody@example.com')}`, { headers: { authorization: `Bearer ${key}` } })),
    )
    expect(answers.map((r: Response) => r.status)).toEqual(Array(20).fill(200))
    const requestIds = new Set(answers.map((r: Response) => r.headers.get('request-id')))
    let logged: string[] = []
    for (let i = 0; i < 40 && logged.length < 20; i++) {
      await new Promise((r) => setTimeout(r, 50))
      const rows = await env.DB.prepare('SELECT request_id FROM api_request_log WHERE key_id = ?').bind(id).all<{ request_id: string }>()
      logged = rows.results.map((r) => r.request_id)
    }
    expect(new Set(logged)).toEqual(requestIds)
    // The key's last use came with its log rows (a trigger), not from the calls themselves.
    expect((await env.DB.prepare('SELECT last_used_at AS at FROM api_keys WHERE id = ?').bind(id).first<{ at: number | null }>())!.at).not.toBeNull()
  })

  it('issue 24 on a warm isolate, counted by the Worker: a lookup is 1 D1 statement, a points adjust 1 batch and 1 statement', async () => {
    await seed()
    const { key, id } = await demoKey('workerd statements')
    // One app (and one key cache) per bindings object, as an isolate: the Worker counts its D1 calls.
    const isolate: WorkerEnv = { ...(env as unknown as WorkerEnv), ENVIRONMENT: 'development', LOCAL_ORIGIN: base, TESSERA_COUNT_D1: '1', CACHE_TTL_MS: '60000' }
    const call = async (path: string, init: { json?: unknown; idempotencyKey?: string } = {}) => {
      const headers = new Headers({ authorization: `Bearer ${key}` })
      if (init.json !== undefined) headers.set('content-type', 'application/json')
      if (init.idempotencyKey) headers.set('idempotency-key', init.idempotencyKey)
      const ctx = createExecutionContext()
      const request = new Request(`${base}/api/v1${path}`, { method: init.json !== undefined ? 'POST' : 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : null })
      const res = (await worker.fetch(request as never, isolate, ctx as never)) as unknown as Response
      await waitOnExecutionContext(ctx)
      const counts = parseCounts(res.headers.get(D1_COUNT_HEADER))!
      return { status: res.status, body: (await res.json()) as Record<string, any>, counts, statements: counts.queries + counts.batchStatements }
    }
    const made = await call('/participants', { json: { email: `workerd-${id}@example.com` } })
    expect(made.status).toBe(201)
    const lookup = `/participants?email=${encodeURIComponent(`workerd-${id}@example.com`)}`
    const first = await call(lookup)
    expect(first.status).toBe(200)
    const warm = await call(lookup)
    expect(warm.body.data[0].id).toBe(made.body.id)
    expect({ statements: warm.statements, batches: warm.counts.batches }).toEqual({ statements: 1, batches: 0 })

    const adjust = (idempotencyKey: string) => call(`/participants/${made.body.id}/points`, { json: { type: 'earn', amount: 1, reason: 'workerd' }, idempotencyKey })
    expect((await adjust('warm-up')).status).toBe(201)
    const points = await adjust('order-1')
    expect(points.status).toBe(201)
    expect(points.body.participant.points_balance).toBe(2)
    expect({ batches: points.counts.batches, queries: points.counts.queries }).toEqual({ batches: 1, queries: 1 })
  })
})
