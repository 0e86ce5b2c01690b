import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keepAliveMs, startNodeServer } from '../src/node'

/**
 * The Node entry keeps idle connections open longer than a load balancer does (65 s by default), so the
 * balancer never sends a request on a socket the server is closing. Node announces the timeout it
 * applies in each kept-alive answer's `Keep-Alive` header, which is what these read.
 */

const dirs: string[] = []
const servers: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function server(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-keep-alive-'))
  dirs.push(dir)
  const s = await startNodeServer({ port: 0, databaseUrl: `file:${join(dir, 'db.sqlite')}`, quiet: true, env: { ENVIRONMENT: 'development', ...env } })
  servers.push(s)
  return s
}

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
