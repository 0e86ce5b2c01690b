#!/usr/bin/env node
// npm start: the whole product on http://localhost:8787 with demo data.
//   default: the Worker as deployed, in workerd (local D1, R2, Queues; worker/local/start-workerd.ts)
//   --wrangler: the same Worker under wrangler dev (reloads on every source change)
//   --node: Node + libSQL file
// Works as the first command on a fresh clone: installs dependencies when missing.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { ensureDependencies, offlineEnv, ROOT, run } from './env.mjs'

ensureDependencies()
const useNode = process.argv.includes('--node')
const useWrangler = process.argv.includes('--wrangler')
const port = Number(process.env.PORT ?? 8787)
// `--shards N`: programs on N databases (decision 0041); the demo program on shard 1, Tessera Links on shard 2.
const shardsAt = process.argv.indexOf('--shards')
const shardArgs = shardsAt > 0 ? ['--shards', String(process.argv[shardsAt + 1] ?? '')] : []
if (shardArgs.length && useWrangler) {
  console.error('[tessera] --shards runs on npm start and npm run start:node, not with --wrangler (wrangler.toml binds one D1)')
  process.exit(1)
}
// Development is said here explicitly: the worker's default is production (dev mailbox, test checkout
// and the development secret exist only in development).
const url = `http://localhost:${port}`
const devVars = { ENVIRONMENT: 'development', LOCAL_ORIGIN: url }
const env = offlineEnv({ CI: 'true' })

if (!process.argv.includes('--no-build')) {
  console.log('[tessera] building the participant site and the console…')
  run('node scripts/build.mjs', env)
}

let child
let ocrService = null
let stopping = false
if (useNode) {
  child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/node.ts', '--seed', ...shardArgs], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, ...devVars, PORT: String(port) },
  })
} else {
  // Receipt OCR: a Worker cannot run tesseract, so a small Node service reads receipts on a loopback
  // port and the Worker reaches it over HTTP with a per-run secret (decision 0028).
  const ocrPort = await freePort()
  const ocrSecret = randomBytes(24).toString('base64url')
  ocrService = spawn(process.execPath, ['--import', 'tsx', 'worker/src/platform/ocr-service.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, OCR_PORT: String(ocrPort), OCR_SECRET: ocrSecret },
  })
  ocrService.on('exit', (code, signal) => {
    if (!stopping) console.error(`[tessera] the OCR service stopped (${signal ?? code}); receipts stay pending until npm start runs again`)
  })
  Object.assign(devVars, { OCR_URL: `http://127.0.0.1:${ocrPort}`, OCR_SECRET: ocrSecret })
  const vars = Object.entries(devVars).flatMap(([k, v]) => ['--var', `${k}:${v}`])
  if (useWrangler) startWrangler(vars)
  else {
    // The Worker as `wrangler deploy` bundles it, in workerd with wrangler.toml's bindings, assets and
    // cron; it applies the migrations the local D1 lacks and seeds the demo data (decision 0043).
    child = spawn(process.execPath, ['--import', 'tsx', 'worker/local/start-workerd.ts', '--port', String(port), ...shardArgs, ...vars], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    })
    child.stdout.on('data', (d) => {
      process.stdout.write(d)
      if (String(d).includes('[tessera] ready')) banner()
    })
  }
}

/** `npm start -- --wrangler`: wrangler dev, which rebuilds and reloads the Worker on every source change. */
function startWrangler(vars) {
  console.log('[tessera] applying migrations to the local D1 database…')
  run('npx wrangler d1 migrations apply DB --local', env)
  // --test-scheduled: wrangler dev runs no cron by itself (and warns so); this script triggers the
  // Worker's minute cron (outbox retries, stalled imports) through /__scheduled, as the Node entry does.
  const args = ['wrangler', 'dev', '--local', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--test-scheduled', ...vars]
  child = spawn('npx', args, {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  })
  // Seed inside workerd once the server answers (idempotent).
  const started = Date.now()
  const seed = async () => {
    try {
      const res = await fetch(`${url}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
      if (!res.ok) throw new Error(`seed answered ${res.status}`)
      const body = await res.json()
      console.log(`[tessera] demo data ${body.created ? 'created' : 'already present'}`)
      banner()
      setInterval(() => fetch(`${url}/__scheduled?cron=*+*+*+*+*`).catch(() => {}), 60_000)
    } catch (err) {
      if (Date.now() - started > 120_000) {
        console.error(`[tessera] could not seed: ${err.message}`)
        return
      }
      setTimeout(seed, 500)
    }
  }
  setTimeout(seed, 1000)
}

function banner() {
  console.log(`
  Tessera is running
    participant site   ${url}/            (demo program, sign in with an e-mailed code)
    magic-link program ${url}/?program=links
    admin console      ${url}/admin/v2      (admin@tessera.dev)
    dev mailbox        ${url}/_dev/mailbox  (sign-in codes and links)
`)
}

/** A free loopback port, for the OCR service (its address goes into the Worker's vars before wrangler starts). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolvePort(port))
    })
  })
}

for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    stopping = true
    ocrService?.kill(sig)
    child.kill(sig)
  })
child.on('exit', (code) => {
  stopping = true
  ocrService?.kill('SIGTERM')
  process.exit(code ?? 0)
})
