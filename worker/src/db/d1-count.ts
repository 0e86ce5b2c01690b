import { AsyncLocalStorage } from 'node:async_hooks'
import type { D1DatabaseLike } from './client'

/**
 * Counts what the Worker asks of D1, for bench:workerd and the statement-count tests (decision 0014).
 * Only in development and tests, and only when the TESSERA_COUNT_D1 var is `1` (index.ts): the D1
 * binding handed to createD1Db is wrapped so that every call that reaches the database is counted,
 * both for the isolate (totals, read by bench/workerd.ts at `/_dev/d1-count`) and for the request that
 * made it (the `x-tessera-d1` response header, through AsyncLocalStorage).
 *
 * What counts: every call of the D1 API that goes to the database. `first`, `all`, `run` and `raw` of a
 * prepared statement are one query (one statement, one round trip); `batch([...])` is one round trip
 * carrying its statements (counted as one batch and N batch statements); `exec` is one round trip.
 * Work a request leaves running after its answer (waitUntil) is in the totals, not in its header.
 */
export type D1Counts = { requests: number; queries: number; batches: number; batchStatements: number; execs: number }

export const emptyCounts = (): D1Counts => ({ requests: 0, queries: 0, batches: 0, batchStatements: 0, execs: 0 })

/** The response header that carries a request's counts: `queries=1 batches=0 batch_statements=0 execs=0`. */
export const D1_COUNT_HEADER = 'x-tessera-d1'

export function formatCounts(c: D1Counts): string {
  return `queries=${c.queries} batches=${c.batches} batch_statements=${c.batchStatements} execs=${c.execs}`
}

export function parseCounts(header: string | null): Omit<D1Counts, 'requests'> | undefined {
  if (!header) return undefined
  const field = (name: string) => Number(new RegExp(`(?:^|\\s)${name}=(\\d+)`).exec(header)?.[1] ?? Number.NaN)
  return { queries: field('queries'), batches: field('batches'), batchStatements: field('batch_statements'), execs: field('execs') }
}

type Statement = { bind(...values: unknown[]): Statement; first(column?: string): Promise<unknown>; all(): Promise<unknown>; run(): Promise<unknown>; raw(options?: unknown): Promise<unknown> }

/** With TESSERA_COUNT_D1=sql: the SQL of each call, in order (`x-tessera-d1-sql`, JSON), to find where they go. */
export const D1_SQL_HEADER = 'x-tessera-d1-sql'

export type D1Counter = {
  /** The counting binding, to hand to createD1Db. */
  d1: D1DatabaseLike
  /** Totals of this isolate since it started. */
  totals: D1Counts
  /** With `sql`: how often each statement ran in this isolate (requests, queue and scheduled work alike) since the last call. */
  takeSql(): [string, number][]
  /** Runs one request with its own counts; returns its answer and what it asked of D1. */
  track<T>(work: () => Promise<T>): Promise<{ value: T; counts: D1Counts; sql: string[] }>
}

/** Wraps a D1 binding so that every database call is counted (see the top of this file). */
export function countD1(inner: D1DatabaseLike, options: { sql?: boolean } = {}): D1Counter {
  const totals = emptyCounts()
  const perRequest = new AsyncLocalStorage<{ counts: D1Counts; sql: string[] }>()
  const seen = new Map<string, number>()
  const add = (key: Exclude<keyof D1Counts, 'requests'>, n = 1, text?: () => string) => {
    totals[key] += n
    if (options.sql && text && key !== 'batchStatements') {
      const t = text()
      seen.set(t, (seen.get(t) ?? 0) + 1)
    }
    const own = perRequest.getStore()
    if (!own) return
    own.counts[key] += n
    if (options.sql && text) own.sql.push(text())
  }

  /** A prepared statement whose executions count; `inner` is what D1's own batch() needs back. */
  class CountingStatement {
    constructor(
      readonly inner: Statement,
      readonly query: string,
    ) {}
    bind(...values: unknown[]) {
      return new CountingStatement(this.inner.bind(...values), this.query)
    }
    first(column?: string) {
      add('queries', 1, () => this.query)
      return column === undefined ? this.inner.first() : this.inner.first(column)
    }
    all() {
      add('queries', 1, () => this.query)
      return this.inner.all()
    }
    run() {
      add('queries', 1, () => this.query)
      return this.inner.run()
    }
    raw(options?: unknown) {
      add('queries', 1, () => this.query)
      return options === undefined ? this.inner.raw() : this.inner.raw(options)
    }
  }
  const unwrap = (s: unknown) => (s instanceof CountingStatement ? s.inner : s)

  const wrap = (db: D1DatabaseLike & Record<string, unknown>): D1DatabaseLike =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') return (query: string) => new CountingStatement(target.prepare(query) as Statement, query)
        if (prop === 'batch')
          return (statements: unknown[]) => {
            add('batches', 1, () => `batch of ${statements.length}`)
            add('batchStatements', statements.length, () => statements.map((s) => `  ${s instanceof CountingStatement ? s.query : '?'}`).join('\n'))
            return target.batch(statements.map(unwrap))
          }
        if (prop === 'exec')
          return (query: string) => {
            add('execs', 1, () => query)
            return (target.exec as (q: string) => Promise<unknown>)(query)
          }
        if (prop === 'withSession') return (...args: unknown[]) => wrap((target.withSession as (...a: unknown[]) => D1DatabaseLike & Record<string, unknown>)(...args))
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })

  return {
    d1: wrap(inner as D1DatabaseLike & Record<string, unknown>),
    totals,
    takeSql() {
      const out = [...seen.entries()].sort((a, b) => b[1] - a[1])
      seen.clear()
      return out
    },
    async track(work) {
      const own = { counts: emptyCounts(), sql: [] as string[] }
      own.counts.requests = 1
      totals.requests++
      const value = await perRequest.run(own, work)
      return { value, ...own }
    },
  }
}
