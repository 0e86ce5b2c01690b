import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import Database from 'libsql'
import { openLibsql } from '../worker/src/db/node'
import { seedDemo } from '../worker/src/db/seed'
import { BROWSER_ARGS, BROWSER_WS_ENV, ROOT, SEEDED_DB_ENV, sharedBrowserPath } from './harness'

/**
 * Work every e2e file used to repeat, done once per run (the test workers start after this and
 * inherit the environment it sets):
 * - the demo database, migrated and seeded (3-8 s on a loaded 2-core machine): each seeded server
 *   starts on its own copy of it (startNodeServer in e2e/harness.ts), as pristine as a fresh seed;
 * - one Chromium that files connect to (launchBrowser in e2e/harness.ts), each with its own contexts.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-template-'))
  const [browser, seeded] = await Promise.allSettled([startBrowserServer(), seedTemplate(join(dir, 'seeded.db'))])
  const teardown = async () => {
    if (browser.status === 'fulfilled') await browser.value.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const failed = [browser, seeded].find((r) => r.status === 'rejected')
  if (failed) {
    await teardown()
    throw failed.reason
  }
  return teardown
}

async function seedTemplate(path: string) {
  const { client, db } = await openLibsql(`file:${path}`)
  await seedDemo(db)
  client.close()
  // Everything into the main file (the WAL left empty), so that copying that one file copies the
  // database. A connection of its own, retried while the client's background checkpointer (a worker
  // thread with its own connection) is still closing.
  const raw = new Database(path)
  const checkpoint = raw.prepare('PRAGMA wal_checkpoint(TRUNCATE)').raw(true)
  let busy = 1
  for (let tries = 0; busy !== 0 && tries < 100; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 50))
    busy = (checkpoint.get() as number[])[0]!
  }
  raw.close()
  if (busy !== 0) throw new Error('e2e template: the seeded database could not be checkpointed')
  process.env[SEEDED_DB_ENV] = path
}

/**
 * Chromium behind a Playwright browser server, in a child process of its own so that the traffic of
 * both test workers does not go through vitest's main process. It exits when its stdin closes (this
 * process gone) or on SIGTERM.
 */
async function startBrowserServer() {
  const script = `
    const { chromium } = require('playwright-core')
    chromium.launchServer({ executablePath: process.env.EXE, args: JSON.parse(process.env.ARGS) }).then((server) => {
      console.log(server.wsEndpoint())
      const stop = () => server.close().finally(() => process.exit(0))
      process.stdin.on('end', stop).resume()
      process.on('SIGTERM', stop)
    }, (err) => { console.error(err); process.exit(1) })`
  const child = spawn(process.execPath, ['-e', script], {
    cwd: ROOT,
    env: { ...process.env, EXE: sharedBrowserPath(), ARGS: JSON.stringify(BROWSER_ARGS) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const endpoint = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the shared Chromium did not start (exit ${code})`)))
  })
  process.env[BROWSER_WS_ENV] = endpoint
  return {
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}
