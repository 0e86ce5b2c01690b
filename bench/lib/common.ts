/**
 * What bench/api.ts (Node entry) and bench/workerd.ts (Workers entry in workerd) share: options from
 * the environment, timed phases, number formats and the forked load generator (bench/load.ts).
 */
import { fork } from 'node:child_process'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { LoadJob, LoadResult } from '../load'

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

export const num = (name: string, fallback: number) => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return value
}

/** The options both benchmarks read (bench/README.md, "Options"). */
export function benchOptions() {
  return {
    duration: num('BENCH_DURATION', 10),
    connections: num('BENCH_CONNECTIONS', 50),
    warmup: num('BENCH_WARMUP', 2),
    /** Seconds of unmeasured load before each write target, on participants of its own (bench/load.ts). */
    writeWarmup: num('BENCH_WRITE_WARMUP', 1),
    /**
     * Reads are measured this many times, round robin (one-read, program, ..., home, one-read, ...), and
     * each reports its median run: on a shared 2-core machine the same build swings by up to 1.5x from
     * minute to minute, and the ratio targets compare routes measured at different moments.
     */
    rounds: Math.max(1, Math.round(num('BENCH_ROUNDS', 3))),
    participants: num('BENCH_PARTICIPANTS', 100_000),
    rewardWait: num('BENCH_REWARD_WAIT', 0),
    only: new Set(
      (process.env.BENCH_ONLY ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    trace: process.env.BENCH_TRACE === '1',
  }
}
export type BenchOptions = ReturnType<typeof benchOptions>

export const phases: { name: string; ms: number; note?: string }[] = []

/** Runs one setup step, timed, and prints it. */
export async function phase<T>(name: string, work: () => Promise<T>, note?: (value: T) => string): Promise<T> {
  const t0 = performance.now()
  const value = await work()
  const ms = performance.now() - t0
  const text = note?.(value)
  phases.push({ name, ms: Math.round(ms), ...(text ? { note: text } : {}) })
  console.log(`  ${name.padEnd(46)} ${fmtMs(ms).padStart(9)}${text ? `  ${text}` : ''}`)
  return value
}

export const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`)
export const fmtRps = (n: number) => Math.round(n).toLocaleString('en-US')
export const fmtUs = (n: number) => `${Math.round(n).toLocaleString('en-US')} µs`
export const fmtLat = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`

/** Runs one load job in a forked bench/load.ts (autocannon), so it never shares the server's event loop. */
export function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(join(BENCH_DIR, 'load.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    let answered = false
    child.once('message', (msg: { result?: LoadResult; error?: string }) => {
      answered = true
      if (msg.error) reject(new Error(msg.error))
      else resolvePromise(msg.result!)
    })
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with ${code} before answering`))
    })
    child.send(job)
  })
}

/** Polls a route until it answers something other than 404 (or the time is up); returns its status. */
export async function waitForRoute(url: string, init: RequestInit, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const res = await fetch(url, init)
    await res.arrayBuffer()
    if (res.status !== 404 || Date.now() >= deadline) return res.status
    await new Promise((r) => setTimeout(r, 5000))
  }
}
