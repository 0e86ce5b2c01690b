import { errors, request } from 'undici'

/**
 * The D1 binding of a workerd (Miniflare), for tests running in Node: every query runs in workerd on its
 * real D1 binding (`env.DB.prepare(sql).bind(...).all()` / `.run()` / `.raw()` / `.batch()`), sent in
 * ONE request per call. Miniflare's own binding proxy (`getD1Database`) does the same but with a round
 * trip per method call (prepare, bind, run), four times slower; the suite runs every app-level test on
 * D1 (decision 0031), so this is what keeps that half of `npm test` affordable.
 *
 * Values cross as JSON, with blobs (ArrayBuffer / typed arrays) tagged as base64 both ways; errors come
 * back as Errors with D1's message (`D1_ERROR: UNIQUE constraint failed: ...`) and cause.
 */

/** The Worker that serves the binding: one POST per call. */
export const D1_SERVER_WORKER = `
const enc = (v) => {
  if (v instanceof ArrayBuffer) return { $blob: btoa(String.fromCharCode(...new Uint8Array(v))) }
  if (ArrayBuffer.isView(v)) return { $blob: btoa(String.fromCharCode(...new Uint8Array(v.buffer, v.byteOffset, v.byteLength))) }
  if (Array.isArray(v)) return v.map(enc)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, enc(x)]))
  return v
}
const dec = (v) => (v && typeof v === 'object' && typeof v.$blob === 'string' ? Uint8Array.from(atob(v.$blob), (c) => c.charCodeAt(0)).buffer : v)
const stmt = (db, s) => db.prepare(s.sql).bind(...s.params.map(dec))
const run = async (env, call) => {
  // The database the call names (one workerd serves many: a pool of slots, test-database.ts).
  const db = env[call.db || 'DB']
  try {
    let out
    if (call.op === 'batch') out = await db.batch(call.statements.map((s) => stmt(db, s)))
    else if (call.op === 'exec') out = await db.exec(call.sql)
    else if (call.op === 'raw') {
      // D1's raw() answers no meta: a write through it (drizzle's INSERT/UPDATE/DELETE ... RETURNING) is
      // counted as the rows it returned, one per row written; one without RETURNING runs as run().
      const write = /^\\s*(insert|update|delete|replace)\\b/i.test(call.sql)
      if (write && !/\\breturning\\b/i.test(call.sql)) {
        const result = await stmt(db, call).run()
        return JSON.stringify({ ok: call.columnNames ? [[]] : [], written: result.meta.rows_written })
      }
      out = await stmt(db, call).raw({ columnNames: !!call.columnNames })
      if (write) return JSON.stringify({ ok: enc(out), written: out.length - (call.columnNames ? 1 : 0) })
    }
    else if (call.op === 'first') out = call.column === undefined ? await stmt(db, call).first() : await stmt(db, call).first(call.column)
    else out = await stmt(db, call)[call.op]()
    return JSON.stringify({ ok: enc(out) })
  } catch (err) {
    return JSON.stringify({ error: String(err && err.message || err), cause: err && err.cause ? String(err.cause.message || err.cause) : null })
  }
}
// The answers of the last calls by id: a call sent again (its connection closed before the answer came)
// gets the answer of its first run instead of running twice.
const answers = new Map()
export default {
  async fetch(request, env) {
    const call = await request.json()
    let answer = answers.get(call.id)
    if (!answer) {
      answer = run(env, call)
      answers.set(call.id, answer)
      if (answers.size > 256) answers.delete(answers.keys().next().value)
    }
    return new Response(await answer, { headers: { 'content-type': 'application/json' } })
  },
}
`

type Value = unknown
type Call = { id?: number; db?: string; op: string; sql?: string; params?: Value[]; statements?: { sql: string; params: Value[] }[]; column?: string; columnNames?: boolean }

const encode = (v: Value): Value => {
  if (v instanceof ArrayBuffer) return { $blob: Buffer.from(v).toString('base64') }
  if (ArrayBuffer.isView(v)) return { $blob: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') }
  return v
}
const decode = (v: Value): Value => {
  if (Array.isArray(v)) return v.map(decode)
  if (v && typeof v === 'object') {
    const blob = (v as { $blob?: unknown }).$blob
    if (typeof blob === 'string') {
      const bytes = Buffer.from(blob, 'base64')
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]))
  }
  return v
}

let calls = 0

/**
 * POSTs a call with undici's `request`: about 0.7 ms a call to workerd on this machine, where Node's
 * global `fetch` (the same client under WHATWG streams) took 2 ms, and the D1 half of the suite makes
 * hundreds of thousands of calls. Sends it again when the connection closes before the answer (a
 * kept-alive socket the server closed as the request went out: "other side closed", seen under load).
 * The Worker answers a repeated id from its first run, so a call runs once even when its first answer
 * was lost.
 */
async function post(url: string, call: Call & { id: number }): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await request(url, { method: 'POST', body: JSON.stringify(call), headers: { 'content-type': 'application/json' } })
      return await res.body.json()
    } catch (err) {
      if (attempt >= 3 || !(err instanceof errors.SocketError || err instanceof TypeError)) throw err
    }
  }
}

/** The D1 binding `binding` (default `DB`) of the workerd at `url`. */
export function remoteD1(url: string, binding = 'DB') {
  /** Told of every statement run on its own (not those of a batch), like a watch on libSQL's execute. */
  const listeners = new Set<(sql: string) => void>()
  /** Told of every batch, with its statements. */
  const batchListeners = new Set<(sqls: string[]) => void>()
  /** Rows written so far, triggers' writes included (D1's `meta.rows_written`; its total_changes() counts D1's own bookkeeping too). */
  const written = { rows: 0 }
  const count = (result: unknown) => {
    const meta = (result as { meta?: { rows_written?: number } } | null)?.meta
    if (typeof meta?.rows_written === 'number') written.rows += meta.rows_written
  }
  const send = async (call: Call) => {
    if (call.sql !== undefined && call.op !== 'exec') for (const listener of listeners) listener(call.sql)
    if (call.op === 'batch' && call.statements) for (const listener of batchListeners) listener(call.statements.map((s) => s.sql))
    const body = (await post(url, { ...call, db: binding, id: ++calls })) as { ok?: Value; written?: number; error?: string; cause?: string | null }
    if (body.error !== undefined) throw new Error(body.error, body.cause ? { cause: new Error(body.cause) } : undefined)
    const out = decode(body.ok)
    if (Array.isArray(out) && call.op === 'batch') out.forEach(count)
    else if (body.written !== undefined) written.rows += body.written
    else count(out)
    return out
  }
  class Statement {
    constructor(
      readonly sql: string,
      readonly params: Value[] = [],
    ) {}
    bind(...values: Value[]) {
      return new Statement(this.sql, values.map(encode))
    }
    all() {
      return send({ op: 'all', sql: this.sql, params: this.params })
    }
    run() {
      return send({ op: 'run', sql: this.sql, params: this.params })
    }
    first(column?: string) {
      return send({ op: 'first', sql: this.sql, params: this.params, ...(column !== undefined ? { column } : {}) })
    }
    raw(options?: { columnNames?: boolean }) {
      return send({ op: 'raw', sql: this.sql, params: this.params, columnNames: !!options?.columnNames })
    }
  }
  return {
    prepare: (sql: string) => new Statement(sql),
    batch: (statements: Statement[]) => send({ op: 'batch', statements: statements.map((s) => ({ sql: s.sql, params: s.params })) }) as Promise<unknown[]>,
    exec: (sql: string) => send({ op: 'exec', sql }),
    listeners,
    batchListeners,
    written,
  }
}
