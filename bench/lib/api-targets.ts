import { apiKeyPrefix, generateApiKey, hashApiKey } from '../../worker/src/features/integrations/api-keys'
import { phase } from './common'
import type { Fixture, SqlRunner } from './fixture'
import type { Subject, Target } from './targets'

/** Program API keys for the two `/api/v1` rows: half for the lookups, half for the points writes (each a 100/s bucket). */
const API_KEYS = 1000

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
    for (let i = 0; i < keys.length; i += 100) {
      const part = keys.slice(i, i + 100)
      const values = part.map((k, j) => `(${fx.programId}, 'bench ${i + j}', '${apiKeyPrefix(k)}', '${hashApiKey(k)}', ${now + 86_400_000}, 100, ${now})`)
      await runner.run(`INSERT INTO api_keys (program_id, name, prefix, key_hash, expires_at, rate_limit, created_at) VALUES ${values.join(', ')}`)
    }
  })
  const [someone] = await runner.rows('SELECT id, email FROM participants WHERE id = ?', [fx.bulkIds[0]!])
  const [id, email] = someone as [number, string]
  const headers = { host: s.host, 'content-type': 'application/json' }
  return [
    {
      name: 'api-lookup',
      label: 'GET /api/v1/participants?email= (API key)',
      kind: 'read',
      // Every request takes the next key (not cycleTokens: each connection would start on the same few keys).
      job: { url: s.loadUrl, method: 'GET', path: `/api/v1/participants?email=${encodeURIComponent(email)}`, headers: { host: s.host }, tokens: keys.slice(0, API_KEYS / 2) },
    },
    {
      name: 'api-points',
      label: `POST /api/v1/participants/${id}/points earn (API key, Idempotency-Key)`,
      kind: 'write',
      job: { url: s.loadUrl, method: 'POST', path: `/api/v1/participants/${id}/points`, headers, body: JSON.stringify({ type: 'earn', amount: 1, reason: 'bench' }), tokens: keys.slice(API_KEYS / 2), idempotencyKeys: true },
    },
  ]
}
