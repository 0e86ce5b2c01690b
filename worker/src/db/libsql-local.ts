import { Buffer } from 'node:buffer'
import {
  type Client,
  type InArgs,
  type InStatement,
  type InValue,
  LibsqlBatchError,
  LibsqlError,
  type ResultSet,
  type Row,
  type TransactionMode,
} from '@libsql/client'
import Database from 'libsql'
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpoints'

/**
 * A libSQL client for a local file or `:memory:` that keeps its prepared statements.
 *
 * @libsql/client's local driver prepares every statement again on each call and asks the native
 * side for its column list twice; for a typical query that costs several times the query itself
 * (measured by bench/api.ts). This client does the same work on ONE connection with a bounded
 * statement cache, and answers like @libsql/client: the same ResultSet and Row shapes (rows readable
 * by index and by column name, integers as numbers), LibsqlError for SQLite errors, LibsqlBatchError
 * for a failed batch statement, each batch all-or-nothing (the write batches of one turn of the event
 * loop share one transaction: see batch). Interactive transactions are not offered:
 * the app writes with db.batch (D1 has no interactive transactions either).
 */
export function createLocalLibsqlClient(url: string, opts: { maxStatements?: number } = {}): Client {
  return new LocalClient(localPath(url), opts.maxStatements ?? 500) as unknown as Client
}

/** The file behind `file:path`, `file:///abs/path` or `:memory:`; null for remote URLs. */
export function localPath(url: string): string | null {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  if (!url.startsWith('file:')) return null
  const rest = url.slice(5).split('?')[0]!
  return decodeURIComponent(rest.startsWith('//') ? rest.slice(2) : rest)
}

/** Checkpoints a file database in WAL mode off the event loop (see wal-checkpoints.ts). */
export function startBackgroundCheckpoints(client: Client): void {
  if (client instanceof LocalClient) client.startCheckpointer()
}

/** Taken at load, so that fake timers installed later by a test cannot hold batches back. */
const endOfTurn = setImmediate

type PendingBatch = {
  stmts: (InStatement | [string, InArgs?])[]
  begin: string
  resolve: (results: ResultSet[]) => void
  reject: (error: unknown) => void
}

type Cached = { stmt: Statement; columns: string[]; columnTypes: string[]; returnsData: boolean; limitLast: boolean; toRow: (values: unknown[]) => Row }
type Statement = ReturnType<Database.Database['prepare']>

/** Ends in a bound LIMIT (`limit ?`, as drizzle writes it), with no OFFSET after it. */
const LIMIT_LAST = /\blimit\s+\?\s*$/i

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

class ResultSetImpl implements ResultSet {
  constructor(
    public columns: string[],
    public columnTypes: string[],
    public rows: Row[],
    public rowsAffected: number,
    public lastInsertRowid: bigint | undefined,
  ) {}
  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) =>
        Array.prototype.map.call(row, (v) =>
          typeof v === 'bigint' ? `${v}` : v instanceof ArrayBuffer ? Buffer.from(v).toString('base64') : v,
        ),
      ),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : `${this.lastInsertRowid}`,
    }
  }
}

function valueToSql(value: InValue): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments')
    return value
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof ArrayBuffer) return Buffer.from(value)
  if (value instanceof Date) return value.valueOf()
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database')
  return value
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number')
    return Number(value)
  }
  if (value instanceof Buffer)
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)
  return value
}

/**
 * Like @libsql/client's rows: the values by index (not enumerable) and by column name (enumerable,
 * first wins). One class per statement, generated from its columns: the constructor assigns the names
 * in a fixed order (one object shape per statement) and keeps the values in a private field that the
 * index getters read. Defining each index on each row was a tenth of a signed-in read's CPU
 * (bench/api.ts).
 */
function rowFactory(columns: string[]): (values: unknown[]) => Row {
  // `length` and the indexes are the getters' (a column named `0` reads index 0, as before).
  const seen = new Set<string>(['length', ...columns.map((_, i) => String(i))])
  const assignments = columns.map((name, i) => {
    if (seen.has(name)) return ''
    seen.add(name)
    const key = JSON.stringify(name)
    return name === '__proto__'
      ? `Object.defineProperty(this, ${key}, { value: v[${i}], enumerable: true, writable: true, configurable: true });`
      : `this[${key}] = v[${i}];`
  })
  const getters = columns.map((_, i) => `get ${i}() { return this.#v[${i}] }`)
  const Row = new Function(
    `return class Row { #v; constructor(v) { this.#v = v; ${assignments.join(' ')} } get length() { return ${columns.length} } ${getters.join(' ')} }`,
  )() as new (values: unknown[]) => Row
  return (values) => {
    for (let i = 0; i < values.length; i++) values[i] = valueFromSql(values[i])
    return new Row(values)
  }
}

function args(input: InArgs | undefined): unknown {
  if (input === undefined) return []
  if (Array.isArray(input)) return input.map(valueToSql)
  const named: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(input)) {
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name] = valueToSql(value)
  }
  return named
}

function mapError(e: unknown): unknown {
  if (e instanceof Database.SqliteError) {
    const raw = (e as { rawCode?: number }).rawCode
    const base = raw === undefined ? 'SQLITE_UNKNOWN' : baseCode(raw & 0xff)
    return new LibsqlError(e.message, base, e.code, raw, e)
  }
  return e
}

const BASE_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  16: 'SQLITE_EMPTY',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  24: 'SQLITE_FORMAT',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
  27: 'SQLITE_NOTICE',
  28: 'SQLITE_WARNING',
}
const baseCode = (code: number) => BASE_CODES[code] ?? `SQLITE_UNKNOWN_${code}`

const BEGIN: Record<TransactionMode, string> = {
  write: 'BEGIN IMMEDIATE',
  read: 'BEGIN TRANSACTION READONLY',
  deferred: 'BEGIN DEFERRED',
}

class LocalClient {
  readonly protocol = 'file'
  closed = false
  private readonly db: Database.Database
  private checkpointer: WalCheckpointer | null = null
  /** Write batches waiting for the end of this turn of the event loop (see batch). */
  private pending: PendingBatch[] = []
  /** Prepared statements by SQL text, least recently used first. */
  private readonly statements = new Map<string, Cached>()

  constructor(
    private readonly path: string | null,
    private readonly maxStatements: number,
  ) {
    if (path === null) throw new LibsqlError('Not a local database URL (file: or :memory:)', 'URL_INVALID')
    this.db = new Database(path)
  }

  /** See startBackgroundCheckpoints. For a file in WAL mode; once. */
  startCheckpointer() {
    if (this.checkpointer || this.path === ':memory:' || this.path === null || this.closed) return
    const mode = this.run('PRAGMA journal_mode').rows[0]?.[0]
    if (String(mode).toLowerCase() !== 'wal') return
    const worker = startWalCheckpointer(this.path, () => {
      // The worker stopped on its own: this connection checkpoints inside its commits again.
      if (this.checkpointer !== worker) return
      this.checkpointer = null
      if (!this.closed) this.run('PRAGMA wal_autocheckpoint = 1000')
    })
    this.checkpointer = worker
    this.run('PRAGMA wal_autocheckpoint = 0')
  }

  private prepared(sql: string): Cached {
    const hit = this.statements.get(sql)
    if (hit) {
      this.statements.delete(sql)
      this.statements.set(sql, hit)
      return hit
    }
    const stmt = this.db.prepare(sql)
    stmt.safeIntegers(true)
    let returnsData = true
    try {
      stmt.raw(true)
    } catch {
      // raw() throws when the statement returns no data
      returnsData = false
    }
    const cols = returnsData ? stmt.columns() : []
    const columns = cols.map((c) => c.name)
    const entry: Cached = {
      stmt,
      columns,
      columnTypes: cols.map((c) => c.type ?? ''),
      returnsData,
      limitLast: returnsData && LIMIT_LAST.test(sql),
      toRow: rowFactory(columns),
    }
    this.statements.set(sql, entry)
    if (this.statements.size > this.maxStatements)
      this.statements.delete(this.statements.keys().next().value as string)
    return entry
  }

  private run(input: InStatement): ResultSet {
    const sql = typeof input === 'string' ? input : input.sql
    const bound = typeof input === 'string' ? [] : args(input.args)
    try {
      const { stmt, columns, columnTypes, returnsData, limitLast, toRow } = this.prepared(sql)
      if (returnsData) {
        // A query asking for one row (drizzle's `.limit(1)`: `limit ?` bound to 1) reads it with get(),
        // one native call, instead of all()'s row cursor: about 40 % less per lookup (bench/api.ts).
        if (limitLast && (bound as unknown[])[(bound as unknown[]).length - 1] === 1) {
          const row = stmt.get(bound as never) as unknown[] | undefined
          return new ResultSetImpl(columns, columnTypes, row ? [toRow(row)] : [], 0, undefined)
        }
        const rows = (stmt.all(bound as never) as unknown[][]).map(toRow)
        return new ResultSetImpl(columns, columnTypes, rows, 0, undefined)
      }
      const info = stmt.run(bound as never)
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid))
    } catch (e) {
      throw mapError(e)
    }
  }

  private check() {
    if (this.closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED')
  }

  async execute(stmt: InStatement, more?: InArgs): Promise<ResultSet> {
    this.check()
    return this.run(typeof stmt === 'string' ? { sql: stmt, args: more ?? [] } : stmt)
  }

  /**
   * Group commit: the write batches asked for during one turn of the event loop run together at the
   * end of it, in ONE transaction with a savepoint per batch. Each batch stays all-or-nothing (a failing
   * statement rolls its batch back to its savepoint and fails it alone, as before) and answers only once
   * the transaction committed; they share the BEGIN and the COMMIT, whose WAL writes were the largest
   * cost of a write (bench/api.ts: ~80 µs of ~250 µs in SQLite per completion), and pages several of
   * them change (table tails, counters) are written once. If the shared transaction fails as a whole,
   * nothing of it is kept and every batch runs again on its own.
   */
  async batch(
    stmts: (InStatement | [string, InArgs?])[],
    mode: TransactionMode = 'deferred',
  ): Promise<ResultSet[]> {
    this.check()
    if (mode === 'read') return this.inTransaction(stmts, BEGIN.read)
    return new Promise<ResultSet[]>((resolve, reject) => {
      this.pending.push({ stmts, begin: BEGIN[mode], resolve, reject })
      if (this.pending.length === 1) endOfTurn(() => this.commitPending())
    })
  }

  private commitPending() {
    const group = this.pending
    this.pending = []
    if (group.length > 1 && !this.closed && this.inOneTransaction(group)) return
    for (const b of group) {
      try {
        this.check()
        b.resolve(this.inTransaction(b.stmts, b.begin))
      } catch (e) {
        b.reject(e)
      }
    }
  }

  /** The group in one transaction; false when that transaction failed as a whole (nothing written). */
  private inOneTransaction(group: PendingBatch[]): boolean {
    const outcomes: (() => void)[] = []
    try {
      this.run(BEGIN.write)
      for (const b of group) {
        this.run('SAVEPOINT batch')
        try {
          const results = this.runStatements(b.stmts)
          this.run('RELEASE batch')
          outcomes.push(() => b.resolve(results))
        } catch (e) {
          if (!this.db.inTransaction) throw e
          this.run('ROLLBACK TO batch')
          this.run('RELEASE batch')
          outcomes.push(() => b.reject(e))
        }
      }
      this.run('COMMIT')
    } catch {
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run()
      return false
    }
    for (const settle of outcomes) settle()
    return true
  }

  /** drizzle's migrator: like batch, with foreign keys off while the migrations run. */
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.check()
    this.run('PRAGMA foreign_keys=off')
    try {
      return this.inTransaction(stmts, BEGIN.deferred)
    } finally {
      this.run('PRAGMA foreign_keys=on')
    }
  }

  private inTransaction(stmts: (InStatement | [string, InArgs?])[], begin: string): ResultSet[] {
    this.run(begin)
    try {
      const results = this.runStatements(stmts)
      this.run('COMMIT')
      return results
    } finally {
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run()
    }
  }

  /** Runs a batch's statements in the open transaction; a failure is a LibsqlBatchError naming the statement. */
  private runStatements(stmts: (InStatement | [string, InArgs?])[]): ResultSet[] {
    const results: ResultSet[] = []
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i]!
      try {
        if (!this.db.inTransaction)
          throw new LibsqlBatchError('The transaction has been rolled back', i, 'TRANSACTION_CLOSED')
        results.push(this.run(Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s))
      } catch (e) {
        if (e instanceof LibsqlBatchError) throw e
        if (e instanceof LibsqlError)
          throw new LibsqlBatchError(
            e.message,
            i,
            e.code,
            e.extendedCode,
            e.rawCode,
            e.cause instanceof Error ? e.cause : undefined,
          )
        throw e
      }
    }
    return results
  }

  async executeMultiple(sql: string): Promise<void> {
    this.check()
    try {
      this.db.exec(sql)
    } catch (e) {
      throw mapError(e)
    } finally {
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run()
    }
  }

  async transaction(): Promise<never> {
    throw new LibsqlError(
      'Interactive transactions are not supported by the local client: use db.batch',
      'TRANSACTION_UNSUPPORTED',
    )
  }

  async sync(): Promise<undefined> {
    return undefined
  }

  close() {
    this.closed = true
    const worker = this.checkpointer
    this.checkpointer = null
    worker?.stop()
    this.statements.clear()
    if (this.db.open) this.db.close()
  }

  reconnect() {}
}
