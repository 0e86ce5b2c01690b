/**
 * `npm start`'s server: the Worker as `wrangler deploy` bundles it, in workerd through Miniflare, with
 * wrangler.toml's bindings (local D1, R2, Queues), its static assets behind the same routing Cloudflare
 * applies, the migrations the local D1 lacks, the demo seed, and the minute cron. No dev proxy in front
 * and no inspector attached: a request costs what it costs deployed (decision 0043).
 *
 *   node --import tsx worker/local/start-workerd.ts --port 8787 [--persist-to .wrangler/state]
 *     [--var NAME:value ...] [--cron-every-ms 60000] [--shards 1]
 *
 * Prints `[tessera] ready` once it serves with the demo data. SIGINT/SIGTERM stop workerd.
 */
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT, startDeployedWorker } from './deployed-worker'
import { shardCount } from '../src/features/shards'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    var: { type: 'string', multiple: true, default: [] },
    'cron-every-ms': { type: 'string', default: '60000' },
    // Program shards (decision 0041): local D1 databases SHARD_2 ... beside DB, Tessera Links on shard 2.
    shards: { type: 'string', default: '1' },
  },
})

const port = Number(values.port)
const shards = shardCount(values.shards)
const vars = Object.fromEntries(
  values.var.map((v) => {
    const at = v.indexOf(':')
    if (at < 1) throw new Error(`--var ${v}: expected NAME:value`)
    return [v.slice(0, at), v.slice(at + 1)]
  }),
)
function portInUse(): never {
  console.error(`[tessera] port ${port} is in use: stop the server on it, or start on another port (PORT=3000 npm start)`)
  process.exit(1)
}
// Said before workerd starts (it would print its own fatal error and stack first).
await new Promise<void>((done) => {
  const probe = createServer()
  probe.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? portInUse() : done()))
  probe.listen(port, '127.0.0.1', () => probe.close(() => done()))
})
const worker = await startDeployedWorker({
  port,
  persistTo: resolve(ROOT, values['persist-to']),
  assets: resolve(ROOT, 'dist/public'),
  vars: { LOCAL_ORIGIN: `http://localhost:${port}`, ...vars },
  bare: false,
  shards,
})
if (worker.migrations.length) console.log(`[tessera] applied ${worker.migrations.length} migration(s) to the local D1 database`)
console.log(`[tessera] demo data ${worker.seeded ? 'created' : 'already present'}`)

// Cloudflare runs wrangler.toml's minute cron (outbox retries, stalled imports, sweeps); locally, this does.
let running = false
const cron = setInterval(() => {
  if (running) return
  running = true
  worker
    .scheduled()
    .catch((err: unknown) => console.error('[tessera] the cron failed:', err))
    .finally(() => (running = false))
}, Number(values['cron-every-ms']))

let stopping = false
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return
    stopping = true
    clearInterval(cron)
    void worker.close().finally(() => process.exit(0))
  })
console.log(`[tessera] ready on http://localhost:${port}`)
