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

/**
 * A libSQL client for a local file or `:memory:` that keeps its prepared statements.
 *
 * @libsql/client's local driver prepares every statement again on each call and asks the native
 * side for its column list twice; for a typical query that costs several times the query itself
 * (measured by bench/api.ts). This client does the same work on ONE connection with a bounded
 * statement cache, and answers like @libsql/client: the same ResultSet and Row shapes (rows readable
 * by index and by column name, integers as numbers), LibsqlError for SQLite errors, LibsqlBatchError
 * for a failed batch statement, batches in one transaction. Interactive transactions are not offered:
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

type Cached = { stmt: Statement; columns: string[]; columnTypes: string[]; returnsData: boolean }
type Statement = ReturnType<Database.Database['prepare']>

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

/** Like @libsql/client: the values by index (not enumerable) and by column name (enumerable, first wins). */
function toRow(values: unknown[], columns: string[]): Row {
  const row: Record<string | number, unknown> = {}
  Object.defineProperty(row, 'length', { value: values.length })
  for (let i = 0; i < values.length; i++) {
    const value = valueFromSql(values[i])
    Object.defineProperty(row, i, { value })
    const column = columns[i]!
    if (!Object.hasOwn(row, column)) row[column] = value
  }
  return row as Row
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
  /** Prepared statements by SQL text, least recently used first. */
  private readonly statements = new Map<string, Cached>()

  constructor(
    path: string | null,
    private readonly maxStatements: number,
  ) {
    if (path === null) throw new LibsqlError('Not a local database URL (file: or :memory:)', 'URL_INVALID')
    this.db = new Database(path)
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
    const entry: Cached = {
      stmt,
      columns: cols.map((c) => c.name),
      columnTypes: cols.map((c) => c.type ?? ''),
      returnsData,
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
      const { stmt, columns, columnTypes, returnsData } = this.prepared(sql)
      if (returnsData) {
        const rows = (stmt.all(bound as never) as unknown[][]).map((values) => toRow(values, columns))
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

  async batch(
    stmts: (InStatement | [string, InArgs?])[],
    mode: TransactionMode = 'deferred',
  ): Promise<ResultSet[]> {
    this.check()
    return this.inTransaction(stmts, BEGIN[mode])
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
      this.run('COMMIT')
      return results
    } finally {
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run()
    }
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
    this.statements.clear()
    if (this.db.open) this.db.close()
  }

  reconnect() {}
}
