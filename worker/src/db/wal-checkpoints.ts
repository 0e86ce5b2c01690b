import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

const CHECKPOINT_EVERY_MS = 10
const RESTART_AT_PAGES = 8000
const CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require(workerData.libsql)
const db = new Database(workerData.path)
db.exec('PRAGMA busy_timeout = 2000')
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw(true)
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)').raw(true)
let stopped = false
function tick() {
  if (stopped) return
  try {
    const [, pages] = passive.get()
    if (pages > workerData.restartAt) restart.get()
  } catch {
    // The app's connection takes over checkpointing (onExit).
    process.exit(1)
  }
  setTimeout(tick, workerData.everyMs)
}
parentPort.on('message', (m) => {
  if (m !== 'stop') return
  stopped = true
  try { passive.get() } catch {}
  db.close()
  process.exit(0)
})
tick()
`

/**
 * Moves WAL checkpoints off the event loop: a worker thread with its own connection copies committed
 * pages from the WAL into the database file (PASSIVE, every CHECKPOINT_EVERY_MS), and the app's
 * connection stops checkpointing itself. SQLite's automatic checkpoint runs inside the COMMIT that
 * crosses 1,000 WAL pages, and its two fsyncs flush megabytes: under a steady write load that was a
 * 10-60 ms stall of the whole server every ~40 writes (bench/api.ts). A PASSIVE checkpoint never
 * blocks the writer, but the WAL only starts over once a checkpoint caught up with it, which a steady
 * load does not allow: past RESTART_AT_PAGES the worker takes a RESTART checkpoint, which waits for
 * the current write and holds the next one while it copies the few pages left (1-4 ms measured).
 * Durability is unchanged: the same pages are synced, by another thread. If the worker fails, the
 * connection checkpoints itself again.
 */
export function startWalCheckpointer(path: string, onExit: () => void): WalCheckpointer {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { path, libsql: createRequire(import.meta.url).resolve('libsql'), everyMs: CHECKPOINT_EVERY_MS, restartAt: RESTART_AT_PAGES },
  })
  // Never keeps the process alive; stop() runs a last checkpoint and closes its connection.
  worker.unref()
  worker.on('error', onExit)
  worker.on('exit', onExit)
  return { stop: () => void worker.postMessage('stop') }
}

export type WalCheckpointer = { stop(): void }
