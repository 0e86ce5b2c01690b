import { apiKeyPrefix, generateApiKey, hashApiKey } from '../../worker/src/features/integrations/api-keys'
import { phase } from './common'
import type { Fixture, SqlRunner } from './fixture'
import type { Subject, Target } from './targets'

/**
 * Program API keys for the two `/api/v1` rows: half for the lookups, half for the points writes. A
 * partner's integration calls with one key or a few, so these are few and each allows 1,000 requests a
 * second (the most a key can be given, decision 0033): the rows measure a key on a warm isolate, whose
 * verification is kept (decision 0037), not a thousand partners' first calls.
 */
const API_KEYS = 10
const KEY_RATE = 1000

/**
 * The server API rows of bench:api and bench:workerd: `GET /api/v1/participants?email=` and
 * `POST /api/v1/participants/{id}/points` (earn 1 point, a fresh Idempotency-Key per request), each
 * request with the next of API_KEYS program API keys, stored as the console stores them (hash and
 * prefix) through the subject's own database.
 */
export async function apiV1Targets(runner: SqlRunner, s: Subject, fx: Fixture): Promise<Target[]> {
  const keys = Array.from({ length: API_KEYS }, () => generateApiKey())
  const now = Date.now()
  await phase(`${API_KEYS} API keys`, async () => {
    const values = keys.map((k, i) => `(${fx.programId}, 'bench ${i}', '${apiKeyPrefix(k)}', '${hashApiKey(k)}', ${now + 86_400_000}, ${KEY_RATE}, ${now})`)
    await runner.run(`INSERT INTO api_keys (program_id, name, prefix, key_hash, expires_at, rate_limit, created_at) VALUES ${values.join(', ')}`)
  })
  const [someone] = await runner.rows('SELECT id, email FROM participants WHERE id = ?', [fx.bulkIds[0]!])
  const [id, email] = someone as [number, string]
  const headers = { host: s.host, 'content-type': 'application/json' }
  /** One call with each key, in turn: the keys of an integration in use (their verification kept, decision 0037). */
  const prime = (tokens: string[], init: (token: string, n: number) => RequestInit, path: string) => async () => {
    for (const [n, token] of tokens.entries()) {
      const res = await fetch(`${s.loadUrl}${path}`, init(token, n))
      if (!res.ok) throw new Error(`priming ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    }
  }
  const lookupKeys = keys.slice(0, API_KEYS / 2)
  const pointsKeys = keys.slice(API_KEYS / 2)
  const lookupPath = `/api/v1/participants?email=${encodeURIComponent(email)}`
  const pointsPath = `/api/v1/participants/${id}/points`
  const pointsBody = JSON.stringify({ type: 'earn', amount: 1, reason: 'bench' })
  return [
    {
      name: 'api-lookup',
      label: 'GET /api/v1/participants?email= (API key)',
      kind: 'read',
      // Every request takes the next key, round robin.
      job: { url: s.loadUrl, method: 'GET', path: lookupPath, headers: { host: s.host }, tokens: lookupKeys },
      prime: prime(lookupKeys, (token) => ({ headers: { host: s.host, authorization: `Bearer ${token}` } }), lookupPath),
    },
    {
      name: 'api-points',
      label: `POST /api/v1/participants/${id}/points earn (API key, Idempotency-Key)`,
      kind: 'write',
      job: { url: s.loadUrl, method: 'POST', path: pointsPath, headers, body: pointsBody, tokens: pointsKeys, idempotencyKeys: true },
      prime: prime(pointsKeys, (token, n) => ({ method: 'POST', headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': `bench-prime-${Date.now()}-${n}` }, body: pointsBody }), pointsPath),
    },
  ]
}
