import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { base, seed } from '../../../test/workerd-helpers'
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../integrations/api-keys'

describe('/api/v1 on D1 in workerd', () => {
  it('logs every call of a burst (written together after the answers, in waitUntil)', async () => {
    await seed()
    const program = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>()
    const key = generateApiKey()
    const now = Date.now()
    const made = await env.DB.prepare('INSERT INTO api_keys (program_id, name, prefix, key_hash, expires_at, rate_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
      .bind(program!.id, 'workerd burst', apiKeyPrefix(key), hashApiKey(key), now + 86_400_000, 1000, now)
      .first<{ id: number }>()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => SELF.fetch(`${base}/api/v1/participants?email=${encodeURIComponent('nobody@example.com')}`, { headers: { authorization: `Bearer ${key}` } })),
    )
    expect(answers.map((r: Response) => r.status)).toEqual(Array(20).fill(200))
    const requestIds = new Set(answers.map((r: Response) => r.headers.get('request-id')))
    let logged: string[] = []
    for (let i = 0; i < 40 && logged.length < 20; i++) {
      await new Promise((r) => setTimeout(r, 50))
      const rows = await env.DB.prepare('SELECT request_id FROM api_request_log WHERE key_id = ?').bind(made!.id).all<{ request_id: string }>()
      logged = rows.results.map((r) => r.request_id)
    }
    expect(new Set(logged)).toEqual(requestIds)
  })
})
