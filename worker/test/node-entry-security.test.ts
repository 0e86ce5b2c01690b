import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keepAliveMs, startNodeServer } from '../src/node'
import { STARTS_PER_IP } from '../src/features/signin/signin-throttle'
import { LIBSQL_TEMPLATE_ENV } from './test-database'

/**
 * The Node entry on a real HTTP server and real sockets: the security issue's proofs, and its kept-alive
 * connections, open longer than a load balancer keeps them (65 s by default) so the balancer never sends
 * a request on a socket the server is closing. Node announces the timeout it applies in each kept-alive
 * answer's `Keep-Alive` header, which is what the keep-alive tests read.
 */

const dirs: string[] = []
const servers: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/**
 * A server on its own database file: a copy of the project's migrated and seeded template when the
 * global setup made one (the seed then finds its programs and writes nothing), as the e2e files start
 * theirs; five migrations and seeds of their own were most of this file's time.
 */
async function server(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-node-sec-'))
  dirs.push(dir)
  const template = process.env[LIBSQL_TEMPLATE_ENV]
  if (template && existsSync(template)) copyFileSync(template, join(dir, 'db.sqlite'))
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

/** GET /healthz on a kept-alive connection: the answer's status and Keep-Alive header. */
function healthz(port: number): Promise<{ status: number; keepAlive: string | undefined; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', headers: { connection: 'keep-alive' } }, (res) => {
      res.resume()
      res.on('end', () => {
        resolve({ status: res.statusCode!, keepAlive: res.headers['keep-alive'] as string | undefined, connection: res.headers.connection })
        req.destroy()
      })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('Node entry: kept-alive connections', () => {
  it('keeps an idle connection 65 s by default, past a load balancer’s 60 s', async () => {
    const s = await server()
    expect(await healthz(s.port)).toEqual({ status: 200, keepAlive: 'timeout=65', connection: 'keep-alive' })
  })

  it('takes KEEP_ALIVE_TIMEOUT_MS', async () => {
    const s = await server({ KEEP_ALIVE_TIMEOUT_MS: '120000' })
    expect((await healthz(s.port)).keepAlive).toBe('timeout=120')
  })

  it('refuses a timeout that is not a whole number of milliseconds of at least 1 s, naming the setting', async () => {
    await expect(startNodeServer({ port: 0, databaseUrl: 'file::memory:', quiet: true, env: { ENVIRONMENT: 'development', KEEP_ALIVE_TIMEOUT_MS: '10' } })).rejects.toThrow(/KEEP_ALIVE_TIMEOUT_MS/)
    expect(keepAliveMs(undefined)).toBe(65_000)
    expect(keepAliveMs('')).toBe(65_000)
    expect(keepAliveMs('30000')).toBe(30_000)
    for (const bad of ['500', 'abc', '1.5e3x', '-1']) expect(() => keepAliveMs(bad)).toThrow(/KEEP_ALIVE_TIMEOUT_MS/)
  })

  it('closes at once, with an idle kept-alive connection open', async () => {
    const s = await server()
    const socketClosed = new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, path: '/healthz', agent: new Agent({ keepAlive: true }) }, (res) => {
        res.resume()
        res.on('end', () => req.socket?.once('close', () => resolve()))
      })
      req.on('error', reject)
      req.end()
    })
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    await s.close()
    servers.splice(servers.indexOf(s), 1)
    await socketClosed
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
