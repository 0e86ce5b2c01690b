import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARTICIPANT_SESSION_IDLE_MS } from '../src/features/signin/sessions'
import { randomToken, sha256 } from '../src/lib/crypto'
import { startDeployedWorker } from '../local/deployed-worker'

/**
 * The Workers entry as deployed (deployed-worker.ts: wrangler's bundle in workerd, wrangler.toml's
 * bindings, over HTTP). What only shows on the wire is checked here.
 */
let w: Awaited<ReturnType<typeof startDeployedWorker>>
let token = ''
beforeAll(async () => {
  w = await startDeployedWorker({ vars: { TESSERA_COUNT_D1: '1' } })
  // A seeded participant with history, with a token session stored as a sign-in stores it.
  const reader = (await w.db
    .prepare("SELECT p.id, p.program_id FROM participants p JOIN programs g ON g.id = p.program_id WHERE g.public_key = 'demo' AND p.status = 'active' ORDER BY p.id LIMIT 1")
    .first<{ id: number; program_id: number }>())!
  token = randomToken(32)
  await w.db
    .prepare("INSERT INTO participant_sessions (program_id, participant_id, token_hash, kind, expires_at) VALUES (?, ?, ?, 'token', ?)")
    .bind(reader.program_id, reader.id, await sha256(token), Date.now() + PARTICIPANT_SESSION_IDLE_MS)
    .run()
}, 120_000)
afterAll(async () => w?.close())

const get = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const url = new URL(w.loadUrl)
    const req = request({ host: url.hostname, port: url.port, path, headers: { host: w.host, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })

describe('the Workers entry over HTTP', () => {
  it('sends a kept signed-in answer gzipped once (workerd must not encode it again)', async () => {
    const headers = { authorization: `Bearer ${token}`, 'x-tessera-session': 'token', 'accept-encoding': 'gzip' }
    const path = '/public/home/active_uncompleted_challenges'
    const first = await get(path, headers)
    expect(first.status).toBe(200)
    const kept = await get(path, headers)
    expect(kept.headers['content-encoding']).toBe('gzip')
    expect(kept.headers['x-tessera-d1']).toBe('queries=1 batches=0 batch_statements=0 execs=0')
    const text = gunzipSync(kept.body).toString()
    expect(JSON.parse(text)).toEqual(JSON.parse(first.headers['content-encoding'] === 'gzip' ? gunzipSync(first.body).toString() : first.body.toString()))
  })
})
