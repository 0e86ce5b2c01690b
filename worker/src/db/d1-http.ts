import type { D1DatabaseLike } from './client'

/**
 * A D1 database reached from outside a Worker through Cloudflare's D1 HTTP API, shaped like the binding
 * drizzle's D1 driver takes (`createD1Db(d1OverHttp(...))`): an operator command run from a laptop or a
 * CI job (a program move, decision 0041) works on production's databases with the same code it runs on
 * a binding.
 *
 * - `POST {baseUrl}/accounts/{accountId}/d1/database/{databaseId}/query` with `{ sql, params }` answers
 *   rows as objects (`all`, `run`, `first`); with `{ batch: [{ sql, params }, ...] }` it runs the
 *   statements in one transaction, as the binding's `batch` does;
 * - `.../raw` answers `{ columns, rows }` (`raw`, what drizzle's selects use): arrays keep two columns of
 *   one name apart, as the binding's `raw()` does.
 *
 * Values go as JSON: numbers, strings and null (booleans as 1 and 0, as D1 stores them; a bigint beyond
 * 2^53 as its decimal text). A blob cannot be sent this way and is refused by name. A `429` (the API's
 * rate limit: 1,200 requests in 5 minutes per user) is waited out per its Retry-After and sent again, up
 * to `retries` times; any other failure throws with the API's own messages, and nothing is retried
 * that may have run.
 */
export type D1HttpOptions = {
  accountId: string
  databaseId: string
  apiToken: string
  /** `https://api.cloudflare.com/client/v4` unless configured (CLOUDFLARE_API_BASE_URL). */
  baseUrl?: string
  fetch?: typeof fetch
  /** Sends of a request answered 429 (default 5). */
  retries?: number
  sleep?: (ms: number) => Promise<void>
}

export const CLOUDFLARE_API_BASE_URL = 'https://api.cloudflare.com/client/v4'

export class D1HttpError extends Error {}

type Meta = Record<string, unknown>
type QueryResult = { results: Record<string, unknown>[]; success: boolean; meta: Meta }
type RawResult = { results: { columns: string[]; rows: unknown[][] }; success: boolean; meta: Meta }
type Envelope<R> = { success: boolean; errors?: { code?: number; message: string }[]; result?: R[] }
type Query = { sql: string; params: unknown[] }

/** An API result as the binding answers one (D1Result). */
const asD1Result = (r: QueryResult) => ({ results: r.results ?? [], success: true, meta: r.meta ?? {} })

function param(value: unknown, i: number): unknown {
  if (value === undefined || value === null) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
  if (value instanceof Date) return value.getTime()
  throw new D1HttpError(`Parameter ${i + 1}: a ${value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? 'blob' : typeof value} cannot be sent through the D1 HTTP API`)
}

export function d1OverHttp(options: D1HttpOptions) {
  const base = (options.baseUrl ?? CLOUDFLARE_API_BASE_URL).replace(/\/+$/, '')
  const url = (kind: 'query' | 'raw') => `${base}/accounts/${encodeURIComponent(options.accountId)}/d1/database/${encodeURIComponent(options.databaseId)}/${kind}`
  const send = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const retries = options.retries ?? 5

  async function call<R>(kind: 'query' | 'raw', queries: Query[]): Promise<R[]> {
    const body = JSON.stringify(queries.length === 1 ? queries[0] : { batch: queries })
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await send(url(kind), {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiToken}`, 'content-type': 'application/json' },
          body,
        })
      } catch (err) {
        const cause = (err as Error & { cause?: Error })?.cause?.message ?? (err as Error)?.message ?? String(err)
        throw new D1HttpError(`D1 HTTP API (database ${options.databaseId}) could not be reached at ${base}: ${cause}`)
      }
      if (response.status === 429 && attempt < retries) {
        const after = Number(response.headers.get('retry-after'))
        await response.body?.cancel()
        await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : 2 ** attempt * 1000)
        continue
      }
      const text = await response.text()
      let envelope: Envelope<R> | undefined
      try {
        envelope = JSON.parse(text) as Envelope<R>
      } catch {
        envelope = undefined
      }
      if (!response.ok || !envelope?.success || !Array.isArray(envelope.result)) {
        const said = envelope?.errors?.map((e) => e.message).join('; ') || text.slice(0, 300) || response.statusText
        throw new D1HttpError(`D1 HTTP API (database ${options.databaseId}) answered ${response.status}: ${said}`)
      }
      if (envelope.result.length !== queries.length) throw new D1HttpError(`D1 HTTP API answered ${envelope.result.length} results for ${queries.length} statements`)
      return envelope.result
    }
  }

  class Statement {
    constructor(
      readonly sql: string,
      readonly params: unknown[] = [],
    ) {}
    bind(...values: unknown[]) {
      return new Statement(this.sql, values.map(param))
    }
    async all() {
      const [result] = await call<QueryResult>('query', [this])
      return asD1Result(result!)
    }
    run() {
      return this.all()
    }
    async first(column?: string) {
      const row = (await this.all()).results[0]
      if (row === undefined) return null
      return column === undefined ? row : (row[column] ?? null)
    }
    async raw(opts?: { columnNames?: boolean }) {
      const [result] = await call<RawResult>('raw', [this])
      const { columns = [], rows = [] } = result!.results ?? {}
      return opts?.columnNames ? [columns, ...rows] : rows
    }
  }

  return {
    prepare: (sql: string) => new Statement(sql),
    async batch(statements: unknown[]) {
      if (!statements.length) return []
      const queries = statements.map((s) => {
        if (!(s instanceof Statement)) throw new D1HttpError('batch: every statement must come from this database')
        return { sql: s.sql, params: s.params }
      })
      return (await call<QueryResult>('query', queries)).map(asD1Result)
    },
  } satisfies D1DatabaseLike
}
