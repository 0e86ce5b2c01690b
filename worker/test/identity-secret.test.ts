import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client'
import { openLibsql } from '../src/db/node'
import { programs } from '../src/db/schema'
import { DEMO_IDENTITY_SECRET, seedDemo } from '../src/db/seed'
import { signIdentityToken } from '../src/features/signin/identity'
import { makeTestApp } from './helpers'

/**
 * `npm run identity-secret` (scripts/identity-secret.mjs) against a temporary libSQL database.
 * @tessera-libsql-only: the script is the Node entry's tool and writes a libSQL file; the app here runs
 * on that file, so a D1 run would repeat this one (vitest.config.ts).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCRIPT = join(ROOT, 'scripts/identity-secret.mjs')

let dir: string
let url: string

const runScript = (...args: string[]) => {
  const env = { ...process.env }
  delete env.DATABASE_URL
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: 30_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** The program rows' secrets, read through a fresh connection (the script wrote with its own). */
async function secrets(): Promise<Record<string, string | null>> {
  const { client, db } = await openLibsql(url, { migrate: false })
  try {
    const rows = await db.select({ key: programs.publicKey, secret: programs.partnerIdentitySecret }).from(programs)
    return Object.fromEntries(rows.map((r) => [r.key, r.secret]))
  } finally {
    client.close()
  }
}

/** Exchanges a token signed with `secret` on an app over the temporary database. */
async function exchange(db: Db, secret: string, email: string) {
  const t = await makeTestApp({ db })
  const now = Math.floor(t.clock.now() / 1000)
  const token = await signIdentityToken(secret, { email, iat: now, exp: now + 300, jti: `jti-${email}-${secret.slice(0, 8)}` })
  return t.app.request('http://localhost/public/signin/identity', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-program-key': 'demo', 'x-tessera-session': 'token' },
    body: JSON.stringify({ identity_token: token }),
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-identity-secret-'))
  url = `file:${join(dir, 'tessera.db')}`
  const { client, db } = await openLibsql(url)
  await seedDemo(db, { participants: 0 })
  client.close()
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run identity-secret', () => {
  it('seeds the demo program with the documented development default, and Links with none', async () => {
    expect(await secrets()).toEqual({ demo: DEMO_IDENTITY_SECRET, links: null })
  })

  it('sets a fresh secret for the program, prints it once on stdout, and tokens signed with it sign in', async () => {
    const first = runScript('--program', 'demo', '--database', url)
    expect(first.stderr).toContain('new identity-token secret for "demo" (Tessera Demo)')
    expect(first.status).toBe(0)
    const secret = first.stdout.trim()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await secrets()).toEqual({ demo: secret, links: null })

    const again = runScript('--program', 'demo', '--database', url)
    expect(again.status).toBe(0)
    const second = again.stdout.trim()
    expect(second).not.toBe(secret)

    const { client, db } = await openLibsql(url, { migrate: false })
    try {
      const ok = await exchange(db, second, 'partner.customer@example.com')
      expect(ok.status).toBe(200)
      expect(((await ok.json()) as { session_token?: string }).session_token).toBeTruthy()
      // The replaced secret and the development default no longer sign anyone in.
      expect((await exchange(db, secret, 'old.secret@example.com')).status).toBe(401)
      expect((await exchange(db, DEMO_IDENTITY_SECRET, 'default.secret@example.com')).status).toBe(401)
      const [demo] = await db.select({ updatedAt: programs.updatedAt }).from(programs).where(eq(programs.publicKey, 'demo'))
      expect(Date.now() - demo!.updatedAt.getTime()).toBeLessThan(60_000)
    } finally {
      client.close()
    }
  })

  it('names the known programs when the key is unknown, and changes nothing', async () => {
    const before = await secrets()
    const r = runScript('--program', 'nope', '--database', url)
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('No program with public key "nope"')
    expect(r.stderr).toContain('Programs here: demo, links.')
    expect(await secrets()).toEqual(before)
  })

  it('refuses a missing program, a key that is not a slug and a missing database file', () => {
    expect(runScript('--database', url)).toMatchObject({ status: 2, stdout: '' })
    const injected = runScript('--program', "demo' OR '1'='1", '--database', url)
    expect(injected.status).toBe(2)
    expect(injected.stderr).toContain('is not a program public key')
    const missing = runScript('--program', 'demo', '--database', `file:${join(dir, 'absent.db')}`)
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('No database at')
  })
})
