import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { batch, type BatchStatement, rawStatement } from '../../db/batch'
import type { Db } from '../../db/client'
import { apiKeyDirectory, apiKeys, organizations, outboxDedupeKeys, programMoves, programs } from '../../db/schema'
import { sha256Sync } from '../../lib/crypto'
import { SHARD_ID_RANGE_SQL, shardIdFloor } from '../../db/shard-ids'
import { READ_ONLY_MOVED, READ_ONLY_MOVING } from './settings'
import { type MoveTable, moveTables, sharedTable, UNCOMPARED } from './tables'

/**
 * Moving a program to another shard (decision 0041): the operator command `npm run shards:move`
 * (worker/local/shards-move.ts) runs this against every database of a deployment.
 *
 * 1. **Read-only.** The program's writes are refused (503 `program_read_only`, its row's `read_only`),
 *    then the command waits until every cache that could still hold the row without it has expired
 *    (`settleMs`: the router's directory and the API key cache keep entries 60 s).
 * 2. **Copy.** The target's stale rows of the program (a seed's copy, an earlier attempt) are deleted;
 *    then table by table, parents first, its rows are copied with their ids (partners hold them), and the
 *    rows they reference outside the program (its organization, admins, merchants) when missing. Its
 *    place is recorded after each table: run again, it resumes at the table it stopped in.
 * 3. **Verify.** Each table's row count and checksum on both copies; a table that differs (a trigger on
 *    the target counted a copied row into a rollup, a sweep wrote on the old copy) is copied again,
 *    until all agree.
 * 4. **Switch.** The target's row says it serves the program and takes writes; then the directory on
 *    control names the target; the old copy keeps the program's row read-only and stops serving it.
 * 5. **Confirm** (`--confirm`, later): the old copy's rows are deleted.
 *
 * Ids: each shard allocates from its own range (`reserveShardIds`), so a program's ids are free on any
 * other shard; the command checks every one before writing anything and refuses, naming the table, if
 * another program there holds one (rows moved down from a higher shard's range can do that).
 */

export type MoveOptions = {
  /** How long to wait after refusing writes before copying (every cached program row has expired by then). */
  settleMs?: number
  log?: (line: string) => void
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** Rows one statement deletes when a copy of the program is deleted (DELETE_CHUNK_ROWS). */
  deleteChunkRows?: number
}

export type TableCheck = { rows: number; checksum: string }
export type MoveResult = { programId: number; from: number; to: number; step: 'switched' | 'confirmed' | 'aborted'; tables: Record<string, TableCheck> }

/** The command waits this long by default: the directory and API key caches keep 60 s, the app's program cache CACHE_TTL_MS (5 s). */
export const DEFAULT_SETTLE_MS = 70_000
const PAGE_ROWS = 500
/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 90
/**
 * Rows a statement deletes at a time when a copy of a program goes (the target's stale copy, an aborted
 * copy, the old copy on confirm): a big program's million participants in one statement would outlast
 * D1's 30 s limit for a query. A delete with its triggers costs well under a millisecond a row.
 */
export const DELETE_CHUNK_ROWS = 5_000
/** Verify-and-copy-again rounds before the command stops and names the tables that keep changing. */
const MAX_ROUNDS = 4
/**
 * A program's tables whose rows on control stay when the program leaves it: its custom domains (control
 * lists every program's hosts, features/domains) and its template row (the organization's programs page).
 */
const CONTROL_KEEPS = new Set(['domain_lists', 'program_template_details'])

type Row = Record<string, unknown>
type AnyTable = SQLiteTable

class MoveError extends Error {}

/** Shard n's database (1-based; 1 is control). */
function shardDb(shards: readonly Db[], n: number): Db {
  const db = shards[n - 1]
  if (!db) throw new MoveError(`There is no shard ${n}: this deployment declares ${shards.length}`)
  return db
}

/** The select of one page of a program's rows in `t` after rowid `after`, in rowid order (with the rowid). */
const pageQuery = (db: Db, t: MoveTable, programId: number, after: number) =>
  db
    // Named apart: SQLite names the rowid of a table keyed by INTEGER PRIMARY KEY after that column, and
    // D1 answers a batch's rows as objects, where two "id" columns were one (the next page's start lost).
    .select({ ...t.columns, moveRowid: sql<number>`rowid`.as('move_rowid') })
    .from(t.table as AnyTable)
    .where(and(eq(t.programId, programId), sql`rowid > ${after}`))
    .orderBy(sql`rowid`)
    .limit(PAGE_ROWS)

/**
 * Rows of `programId` in `t`, a page at a time, in rowid order. `first`: its first page, already read
 * (firstPages), so that a table's first page costs no round trip of its own.
 */
async function* programRows(db: Db, t: MoveTable, programId: number, first?: Row[]): AsyncGenerator<Row[]> {
  let after = 0
  for (let page = first; ; page = undefined) {
    const rows = page ?? ((await pageQuery(db, t, programId, after)) as Row[])
    if (!rows.length) return
    const last = rows[rows.length - 1]!.moveRowid
    if (typeof last !== 'number') throw new MoveError(`${t.name}: a page's rows came back without their rowid`)
    after = last
    yield rows.map(({ moveRowid: _, ...row }) => row)
    if (rows.length < PAGE_ROWS) return
  }
}

/** The first page of a program's rows in each of `tables`, read in one batch (one round trip on D1). */
async function firstPages(db: Db, tables: MoveTable[], programId: number): Promise<Map<string, Row[]>> {
  const pages = tables.length ? ((await batch(db, tables.map((t) => pageQuery(db, t, programId, 0)) as BatchStatement[])) as Row[][]) : []
  return new Map(tables.map((t, i) => [t.name, pages[i] ?? []]))
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

const rowsPerInsert = (t: { columns: Record<string, unknown> }) => Math.max(1, Math.floor(MAX_PARAMS / Object.keys(t.columns).length))

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
/** A value as the checksum reads it: dates by their time, bytes by their hex, the rest as JSON has it. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return { t: value.getTime() }
  if (value instanceof ArrayBuffer) return { x: hex(new Uint8Array(value)) }
  if (ArrayBuffer.isView(value)) return { x: hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) }
  return value
}

const MASK_64 = 0xffffffffffffffffn
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** The first 64 bits of a text's SHA-256 (sha256Sync answers base64url: 11 characters carry 66 bits). */
function digest64(text: string): bigint {
  const hash = sha256Sync(text)
  let value = 0n
  for (let i = 0; i < 11; i++) value = (value << 6n) | BigInt(BASE64URL.indexOf(hash[i]!))
  return value & MASK_64
}

/** Row count and an order-free checksum (the sum of each row's digest) of a program's rows in `t`. */
async function checkTable(db: Db, t: MoveTable, programId: number, first?: Row[]): Promise<TableCheck> {
  const skip = new Set(UNCOMPARED[t.name] ?? [])
  const keys = Object.keys(t.columns).filter((k) => !skip.has(k)).sort()
  let rows = 0
  let sum = 0n
  for await (const page of programRows(db, t, programId, first)) {
    for (const row of page) {
      sum = (sum + digest64(JSON.stringify(keys.map((k) => comparable(row[k]))))) & MASK_64
      rows++
    }
  }
  return { rows, checksum: sum.toString(16).padStart(16, '0') }
}

/** checkTable for every table, their first pages read in one batch. */
async function checkTables(db: Db, tables: MoveTable[], programId: number): Promise<Map<string, TableCheck>> {
  const first = await firstPages(db, tables, programId)
  const out = new Map<string, TableCheck>()
  for (const t of tables) out.set(t.name, await checkTable(db, t, programId, first.get(t.name)))
  return out
}

/**
 * Copies the rows `rows` reference in tables outside the program's own (its organization, the admins who
 * acted, merchants) from `source` to `target` when missing, parents first. `done` remembers what is there.
 */
async function copyShared(source: Db, target: Db, refs: { column: string; parent: string }[], rows: Row[], done: Map<string, Set<unknown>>) {
  for (const ref of refs) {
    const seen = done.get(ref.parent) ?? new Set<unknown>()
    done.set(ref.parent, seen)
    const wanted = [...new Set(rows.map((r) => r[ref.column]).filter((v) => v !== null && v !== undefined && !seen.has(v)))]
    if (!wanted.length) continue
    const parent = sharedTable(ref.parent)
    const key = parent.primaryKey[0]!
    for (const ids of chunks(wanted, MAX_PARAMS)) {
      const found = (await source
        .select(parent.columns)
        .from(parent.table as AnyTable)
        .where(inArray(key, ids))) as Row[]
      await copyShared(source, target, parent.references.filter((r) => r.parent !== ref.parent), found, done)
      for (const part of chunks(found, rowsPerInsert(parent))) await target.insert(parent.table as AnyTable).values(part as never).onConflictDoNothing()
    }
    for (const id of wanted) seen.add(id)
  }
}

/**
 * Copies `t`'s rows of the program from `source` to `target`, replacing the target's: deleted and
 * inserted (in the first page's batch), or, for a table other program tables reference, inserted or
 * updated in place (its children stay) with the target's extra rows deleted.
 */
async function copyTable(
  source: Db,
  target: Db,
  t: MoveTable,
  programId: number,
  done: Map<string, Set<unknown>>,
  opts: { inPlace: boolean; first?: Row[] },
): Promise<number> {
  const { inPlace } = opts
  const pk = t.primaryKey
  const keyOf = (row: Row) => JSON.stringify(t.primaryKeyNames.map((k) => comparable(row[k])))
  const copied = new Set<string>()
  let first = true
  let copiedRows = 0
  for await (const rows of programRows(source, t, programId, opts.first)) {
    copiedRows += rows.length
    await copyShared(source, target, t.shared, rows, done)
    const statements: BatchStatement[] = []
    if (first && !inPlace) statements.push(target.delete(t.table as AnyTable).where(eq(t.programId, programId)))
    for (const part of chunks(rows, rowsPerInsert(t))) {
      const insert = target.insert(t.table as AnyTable).values(part as never)
      if (!inPlace) statements.push(insert)
      else {
        const set = Object.fromEntries(
          Object.entries(t.columns)
            .filter(([, c]) => !pk.includes(c))
            .map(([k, c]) => [k, sql.raw(`excluded."${c.name}"`)]),
        )
        statements.push(insert.onConflictDoUpdate({ target: pk, set }))
      }
      if (inPlace) for (const row of part) copied.add(keyOf(row))
    }
    await batch(target, statements)
    first = false
  }
  if (first && !inPlace) await target.delete(t.table as AnyTable).where(eq(t.programId, programId))
  if (inPlace) {
    // Rows the source no longer has (deleted there after they were copied).
    const extra: Row[] = []
    for await (const rows of programRows(target, t, programId)) for (const row of rows) if (!copied.has(keyOf(row))) extra.push(row)
    for (const row of extra) await target.delete(t.table as AnyTable).where(and(...pk.map((c, i) => eq(c, row[t.primaryKeyNames[i]!]))))
  }
  return copiedRows
}


/**
 * Deletes every row of the program in `db` (the target's stale copy before a copy, or the old copy on
 * confirm), children first. `keepProgramRow`: the program's own row stays (rewritten as `row`), as do the
 * tables control keeps for a program elsewhere when `db` is control. A chain's transactions can only go
 * with their program's row (a trigger keeps them append-only while it exists), so the row is deleted and
 * written again in one batch, foreign keys checked at its end.
 */
async function deleteProgramRows(
  db: Db,
  programId: number,
  opts: { isControl: boolean; keepRow?: Row; keepControlTables: boolean; chunkRows?: number; log?: (line: string) => void },
) {
  const tables = moveTables()
  const kept = opts.isControl && opts.keepControlTables ? tables.filter((t) => CONTROL_KEEPS.has(t.name)) : []
  const chunkRows = opts.chunkRows ?? DELETE_CHUNK_ROWS
  // First the rows, children first, a chunk a statement (each chunk's batch also asks whether rows are
  // left): the final batch below then has little to delete. Foreign keys hold after every chunk, since
  // a table's children are gone before it; stopped halfway, the next run deletes what is left.
  const anyRow = (t: MoveTable) => db.select({ one: sql`1` }).from(t.table as AnyTable).where(eq(t.programId, programId)).limit(1)
  const candidates = [...tables].reverse().filter((t) => t.name !== 'chain_transactions' && !kept.includes(t))
  const holding = (await batch(db, candidates.map(anyRow) as BatchStatement[])) as unknown[][]
  for (const t of candidates.filter((_, i) => holding[i]!.length)) {
    let statements = 0
    for (;;) {
      const chunk = db.select({ rowid: sql`rowid` }).from(t.table as AnyTable).where(eq(t.programId, programId)).limit(chunkRows)
      const [, left] = (await batch(db, [db.delete(t.table as AnyTable).where(sql`rowid IN ${chunk}`), anyRow(t)])) as [unknown, unknown[]]
      statements++
      if (!left.length) break
    }
    if (statements > 1) opts.log?.(`program ${programId}: deleted its ${t.name} in ${statements} statements`)
  }
  // What the program row's delete would take with it on control (cascades), written back in the same batch.
  const keptRows: { t: MoveTable; rows: Row[] }[] = []
  for (const t of kept) {
    const rows: Row[] = []
    for await (const page of programRows(db, t, programId)) rows.push(...page)
    keptRows.push({ t, rows })
  }
  const directory = opts.isControl ? await db.select().from(apiKeyDirectory).where(eq(apiKeyDirectory.programId, programId)) : [] // tenant-guard: allow (the directory on control)
  const move = opts.isControl ? await db.select().from(programMoves).where(eq(programMoves.programId, programId)) : [] // tenant-guard: allow (the move records on control)
  // One batch, children first (foreign keys are checked at its end anyway): the program's rows, its row,
  // then its chain's transactions once the row is gone.
  const statements: BatchStatement[] = [
    rawStatement(db, sql`PRAGMA defer_foreign_keys = ON`),
    ...[...tables]
      .reverse()
      .filter((t) => t.name !== 'chain_transactions' && !kept.includes(t))
      .map((t) => db.delete(t.table as AnyTable).where(eq(t.programId, programId))),
    db.delete(programs).where(eq(programs.id, programId)),
  ]
  const chain = tables.find((t) => t.name === 'chain_transactions')
  if (chain) statements.push(db.delete(chain.table as AnyTable).where(eq(chain.programId, programId)))
  if (opts.keepRow) {
    statements.push(db.insert(programs).values(opts.keepRow as never))
    for (const { t, rows } of keptRows) for (const part of chunks(rows, rowsPerInsert(t))) statements.push(db.insert(t.table as AnyTable).values(part as never).onConflictDoNothing())
    for (const part of chunks(directory, MAX_PARAMS / 3)) statements.push(db.insert(apiKeyDirectory).values(part).onConflictDoNothing()) // tenant-guard: allow (the directory on control)
    for (const row of move) statements.push(db.insert(programMoves).values(row).onConflictDoNothing()) // tenant-guard: allow (the move records on control)
  }
  await batch(db, statements)
}

/** Ids of the program's rows that another program holds on `target` (single-column integer keys; the others carry program_id). */
async function collisions(source: Db, target: Db, programId: number): Promise<string[]> {
  const found: string[] = []
  const keyed = moveTables().filter((t) => t.primaryKey.length === 1)
  const first = await firstPages(source, keyed, programId)
  for (const t of keyed) {
    const key = t.primaryKey[0]!
    const name = t.primaryKeyNames[0]!
    let clash = 0
    for await (const rows of programRows(source, t, programId, first.get(t.name))) {
      // A page's ids in one batch (a round trip, a request to the D1 HTTP API), as many statements as D1's parameter limit needs.
      const lookups = chunks(rows.map((r) => r[name]), MAX_PARAMS).map((ids) => target.select({ id: key }).from(t.table as AnyTable).where(and(inArray(key, ids as never[]), ne(t.programId, programId))))
      for (const found of (await batch(target, lookups as BatchStatement[])) as unknown[][]) clash += found.length
    }
    if (clash) found.push(`${t.name} (${clash})`)
  }
  return found
}

type MoveRow = typeof programMoves.$inferSelect

async function saveMove(control: Db, programId: number, set: Partial<MoveRow>, now: number) {
  await control.update(programMoves).set({ ...set, updatedAt: new Date(now) }).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
}

async function programRow(db: Db, programId: number) {
  return (await db.select().from(programs).where(eq(programs.id, programId)).limit(1))[0]
}

/**
 * Moves program `programId` to shard `to`, or resumes its move where it stopped. Answers once the
 * directory names the new shard; the old copy stays, read-only, until `confirmMove`.
 */
export async function moveProgram(shards: readonly Db[], programId: number, to: number, opts: MoveOptions = {}): Promise<MoveResult> {
  const log = opts.log ?? (() => {})
  const now = opts.now ?? Date.now
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const settleMs = opts.settleMs ?? DEFAULT_SETTLE_MS
  const control = shards[0]!
  const listed = await programRow(control, programId)
  if (!listed) throw new MoveError(`No program ${programId} in the directory`)
  shardDb(shards, to)
  let [move] = await control.select().from(programMoves).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
  if (move?.step === 'confirmed') {
    await control.delete(programMoves).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
    move = undefined
  }
  if (move && move.toShard !== to) throw new MoveError(`Program ${programId} is being moved to shard ${move.toShard}: finish that move (or --abort it) first`)
  if (move?.step === 'switched') {
    log(`program ${programId} is on shard ${to} already; its old copy on shard ${move.fromShard} waits for --confirm`)
    return { programId, from: move.fromShard, to, step: 'switched', tables: move.report ?? {} }
  }
  const from = move?.fromShard ?? listed.shard
  if (from === to) throw new MoveError(`Program ${programId} is on shard ${to} already`)
  const source = shardDb(shards, from)
  const target = shardDb(shards, to)
  const tables = moveTables()

  if (!move) {
    // Nothing is written before every id is known to be free on the target.
    const clashes = await collisions(source, target, programId)
    if (clashes.length) throw new MoveError(`Shard ${to} holds rows of another program with the same ids as this program's, in ${clashes.join(', ')}: nothing was changed`)
    const since = now()
    await control.insert(programMoves).values({ programId, fromShard: from, toShard: to, step: 'read_only', createdAt: new Date(since), updatedAt: new Date(since) }) // tenant-guard: allow (the move records on control)
    move = (await control.select().from(programMoves).where(eq(programMoves.programId, programId)))[0]! // tenant-guard: allow (the move records on control)
  }
  if (move.step === 'read_only' && !move.readOnlySince) {
    // Writes refused from now (also when a run stopped between recording the move and this): the wait for caches counts from here.
    for (const db of new Set([source, control])) await db.update(programs).set({ readOnly: READ_ONLY_MOVING }).where(eq(programs.id, programId))
    const since = now()
    await saveMove(control, programId, { readOnlySince: new Date(since) }, since)
    move = { ...move, readOnlySince: new Date(since) }
    log(`program ${programId}: writes refused from now; copying from shard ${from} to shard ${to} in ${Math.round(settleMs / 1000)} s, once every cache has seen it`)
  }
  const wait = (move.readOnlySince?.getTime() ?? 0) + settleMs - now()
  if (wait > 0) await sleep(wait)

  // A run that resumes a copy: the table it stopped in may hold part of its rows on the target.
  const resumed = move.step === 'copying'
  if (move.step === 'read_only') {
    const row = (await programRow(source, programId))!
    const [org] = await source.select().from(organizations).where(eq(organizations.id, row.organizationId))
    if (org) await target.insert(organizations).values(org).onConflictDoNothing()
    // The target's stale copy goes, then the program's row is written there as the source has it (still not served there: its shard is the source's).
    await deleteProgramRows(target, programId, { isControl: target === control, keepRow: row, keepControlTables: true, chunkRows: opts.deleteChunkRows })
    await saveMove(control, programId, { step: 'copying', nextTable: 0 }, now())
    move = { ...move, step: 'copying', nextTable: 0 }
  }

  const done = new Map<string, Set<unknown>>()
  if (move.step === 'copying') {
    // Kept outbox dedupe keys: a replayed write announced before the move is not announced again after it.
    for (let after = ''; ; ) {
      const keys = await source.select().from(outboxDedupeKeys).where(sql`${outboxDedupeKeys.key} > ${after}`).orderBy(outboxDedupeKeys.key).limit(PAGE_ROWS)
      if (!keys.length) break
      for (const part of chunks(keys, MAX_PARAMS)) await target.insert(outboxDedupeKeys).values(part).onConflictDoNothing()
      after = keys[keys.length - 1]!.key
    }
    const first = await firstPages(source, tables.slice(move.nextTable), programId)
    for (let i = move.nextTable; i < tables.length; i++) {
      const t = tables[i]!
      // A table the program has no rows in costs nothing (its place is saved with the next one that has
      // some), unless the target may hold some: the table a stopped run stopped in, or control's kept rows
      // of the program (its listing, its template row). Rows triggers write meanwhile are the verify's.
      const mayHold = (resumed && i === move.nextTable) || (target === control && CONTROL_KEEPS.has(t.name))
      if (!first.get(t.name)!.length && !mayHold) continue
      const rows = await copyTable(source, target, t, programId, done, { inPlace: false, first: first.get(t.name) })
      await saveMove(control, programId, { nextTable: i + 1 }, now())
      if (rows) log(`program ${programId}: copied ${t.name} (${rows} rows)`)
    }
    log(`program ${programId}: ${tables.length} tables copied to shard ${to}`)
  }

  // Verify; copy again what differs (triggers on the target count copied rows into rollups as they arrive).
  let report: Record<string, TableCheck> = {}
  for (let round = 1; ; round++) {
    const differing: MoveTable[] = []
    report = {}
    const [onSource, onTarget] = await Promise.all([checkTables(source, tables, programId), checkTables(target, tables, programId)])
    for (const t of tables) {
      const [a, b] = [onSource.get(t.name)!, onTarget.get(t.name)!]
      report[t.name] = a
      if (a.rows !== b.rows || a.checksum !== b.checksum) differing.push(t)
    }
    if (!differing.length) break
    if (round > MAX_ROUNDS) throw new MoveError(`Tables still differ after ${MAX_ROUNDS} copies: ${differing.map((t) => t.name).join(', ')}. Run the command again to resume.`)
    log(`program ${programId}: copying again what differs: ${differing.map((t) => t.name).join(', ')}`)
    for (const t of differing) await copyTable(source, target, t, programId, done, { inPlace: t.referenced })
  }
  await saveMove(control, programId, { step: 'verified', report }, now())
  log(`program ${programId}: every table has the same rows and checksum on both shards`)

  // Switch: the target serves it (a newer content version: nothing cached for the old copy is reused), then the directory names it.
  const sourceRow = (await programRow(source, programId))!
  const targetRow = await programRow(target, programId)
  const contentVersion = Math.max(sourceRow.contentVersion, targetRow?.contentVersion ?? 0) + 1
  if (to !== 1) {
    // Server API calls find their shard by their key's digest (router.ts).
    const keys = await source.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.programId, programId)) // tenant-guard: allow (the moved program's keys)
    for (const part of chunks(keys, MAX_PARAMS)) await control.insert(apiKeyDirectory).values(part.map((k) => ({ keyHash: k.keyHash, programId }))).onConflictDoNothing() // tenant-guard: allow (the directory on control)
  }
  await target.update(programs).set({ shard: to, readOnly: null, contentVersion }).where(eq(programs.id, programId))
  if (control !== target) await control.update(programs).set(control === source ? { shard: to, readOnly: READ_ONLY_MOVED } : { shard: to, readOnly: null }).where(eq(programs.id, programId))
  if (source !== control) await source.update(programs).set({ shard: to, readOnly: READ_ONLY_MOVED }).where(eq(programs.id, programId))
  await saveMove(control, programId, { step: 'switched', report }, now())
  log(`program ${programId} is served from shard ${to}; its old copy on shard ${from} is read-only until --confirm`)
  return { programId, from, to, step: 'switched', tables: report }
}

/** Deletes the old copy of a switched move. */
export async function confirmMove(shards: readonly Db[], programId: number, opts: Pick<MoveOptions, 'log' | 'now' | 'deleteChunkRows'> = {}): Promise<MoveResult> {
  const control = shards[0]!
  const [move] = await control.select().from(programMoves).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
  if (!move || move.step !== 'switched') throw new MoveError(`Program ${programId} has no move waiting for --confirm${move ? ` (it is at "${move.step}")` : ''}`)
  const source = shardDb(shards, move.fromShard)
  const isControl = source === control
  const row = isControl ? { ...(await programRow(control, programId))!, readOnly: null } : undefined
  await deleteProgramRows(source, programId, { isControl, keepRow: row, keepControlTables: true, chunkRows: opts.deleteChunkRows, log: opts.log })
  await saveMove(control, programId, { step: 'confirmed' }, (opts.now ?? Date.now)())
  opts.log?.(`program ${programId}: its old copy on shard ${move.fromShard} is deleted`)
  return { programId, from: move.fromShard, to: move.toShard, step: 'confirmed', tables: move.report ?? {} }
}

/** Stops a move that has not switched: the program takes writes again where it is, the target's partial copy is deleted. */
export async function abortMove(shards: readonly Db[], programId: number, opts: Pick<MoveOptions, 'log' | 'deleteChunkRows'> = {}): Promise<MoveResult> {
  const control = shards[0]!
  const [move] = await control.select().from(programMoves).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
  if (!move || move.step === 'switched' || move.step === 'confirmed') throw new MoveError(`Program ${programId} has no move to abort${move ? ` (it is at "${move.step}")` : ''}`)
  const source = shardDb(shards, move.fromShard)
  const target = shardDb(shards, move.toShard)
  const row = (await programRow(source, programId))!
  const chunkRows = opts.deleteChunkRows
  if (target !== control) await deleteProgramRows(target, programId, { isControl: false, keepRow: undefined, keepControlTables: false, chunkRows })
  else await deleteProgramRows(target, programId, { isControl: true, keepRow: { ...row, readOnly: null }, keepControlTables: true, chunkRows })
  for (const db of new Set([source, control])) await db.update(programs).set({ readOnly: null }).where(eq(programs.id, programId))
  await control.delete(programMoves).where(eq(programMoves.programId, programId)) // tenant-guard: allow (the move records on control)
  opts.log?.(`program ${programId}: move to shard ${move.toShard} aborted; it takes writes again on shard ${move.fromShard}`)
  return { programId, from: move.fromShard, to: move.toShard, step: 'aborted', tables: {} }
}

/**
 * Gives shard `shard` its own id range (db/shard-ids.ts): every AUTOINCREMENT table's next id at least
 * (shard - 1) * SHARD_ID_SPAN + 1. Idempotent; a no-op on shard 1. The Worker runs it on a shard's first
 * request (db/migration-check.ts), the Node entry when it opens a shard, the demo seed after seeding one
 * (its ids are the same on every database: a program has one id everywhere).
 */
export async function reserveShardIds(db: Db, shard: number): Promise<void> {
  if (shard <= 1) return
  const floor = shardIdFloor(shard)
  await batch(db, SHARD_ID_RANGE_SQL.map((q) => rawStatement(db, sql.raw(q.replaceAll('?1', String(floor))))) as BatchStatement[])
}

export { MoveError }
