import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startNodeServer } from '../src/node'
import { STARTS_PER_IP } from '../src/features/signin/signin-throttle'

/** The security issue's proofs on the Node entry: a real HTTP server, real sockets. */

const dirs: string[] = []
const servers: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function server(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-node-sec-'))
  dirs.push(dir)
  const s = await startNodeServer({ port: 0, databaseUrl: `file:${join(dir, 'db.sqlite')}`, seed: true, quiet: true, env: { ENVIRONMENT: 'development', ...env } })
  servers.push(s)
  return s
}

const start = (url: string, email: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/public/signin/verify?program=links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tessera-session': 'token', ...headers },
    body: JSON.stringify({ email, first_name: 'Node', last_name: 'Entry', agree_terms: true }),
  })

async function mailTo(url: string, email: string) {
  const res = await fetch(`${url}/_dev/mailbox.json?to=${encodeURIComponent(email)}`)
  return ((await res.json()) as { messages: { link: string | null }[] }).messages[0]
}

describe('Node entry', () => {
  it('refuses to start in production without its secrets', async () => {
    await expect(startNodeServer({ port: 0, databaseUrl: 'file::memory:', quiet: true, env: { ENVIRONMENT: 'production', APP_SECRET: '' } })).rejects.toThrow(/will not start in production/)
  })

  it('ignores X-Forwarded-* from a client that is not a configured proxy', async () => {
    const s = await server()
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' }
    expect((await start(s.url, 'node-victim@example.com', forged)).status).toBe(200)
    expect((await mailTo(s.url, 'node-victim@example.com'))!.link).toMatch(new RegExp(`^${s.url}/signin/magic\\?token=`))
    // A rotating X-Forwarded-For does not escape the per-address limit (unconfirmed starts): the socket's address counts.
    const statuses: number[] = []
    for (let i = 0; i <= STARTS_PER_IP.limit; i++) statuses.push((await start(s.url, `n${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i + 2}` })).status)
    expect(statuses.at(-1)).toBe(429)
  })

  it('counts the address a configured proxy forwards', async () => {
    const s = await server({ TRUSTED_PROXIES: '127.0.0.1,::1' })
    const statuses: number[] = []
    for (let i = 0; i <= STARTS_PER_IP.limit; i++) statuses.push((await start(s.url, `p${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i + 2}` })).status)
    expect(statuses.every((st) => st === 200)).toBe(true)
    for (let i = 0; i <= STARTS_PER_IP.limit; i++) statuses.push((await start(s.url, `q${i}@example.com`, { 'x-forwarded-for': '198.51.100.1, 203.0.113.200' })).status)
    expect(statuses.at(-1)).toBe(429)
  })
})
