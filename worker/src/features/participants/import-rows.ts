import { and, eq, getTableColumns, inArray, is, ne, not, or, SQL, sql } from 'drizzle-orm'
import type { BatchStatement } from '../../db/batch'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { ParticipantImportOptions } from '../../../../sdk/contract/console/participants'
import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { importJobRows, importJobs, participantActions, participantProfileAttributes, participantTags, participants, pointsLedger } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { ParticipantRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { BASE_IMPORT_COLUMNS } from './import-template'

type Job = typeof importJobs.$inferSelect

/** The ledger key of one participant's points in one file: importing the same file again adds nothing. */
export const importLedgerKey = (programId: number, email: string, fileHash: string) => `import:${programId}:${email}:${fileHash}`

/**
 * The fields of an INSERT ... SELECT for `table`: every column in the table's order (drizzle requires
 * it), the given expressions where set, else the column's default, else NULL (the id: a new rowid).
 */
function selectAll<T extends SQLiteTable>(table: T, values: Partial<Record<keyof T['$inferSelect'], SQL | SQLiteColumn>>): never {
  const out: Record<string, SQL | SQLiteColumn> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const given = (values as Record<string, SQL | SQLiteColumn | undefined>)[key]
    const fallback = column.default
    out[key] = given ?? (is(fallback, SQL) ? fallback : fallback !== undefined ? sql`${fallback}` : sql`NULL`)
  }
  // drizzle types an INSERT ... SELECT's fields per column; built generically here, checked at run time
  // by drizzle itself (same keys, same order as the table).
  return out as never
}

const P = (name: string) => sql.placeholder(name)
/** The values of a JSON array or object parameter, as rows (`value`, and `key` for an object). */
const jsonRows = (name: string) => sql`json_each(${P(name)})`

/**
 * The writes of an import line, prepared once per database and bound per line (db/prepared.ts): a
 * 10,000-line file would otherwise spend most of its time building the same SQL 60,000 times. Every
 * statement finds the participant by e-mail itself, so one created earlier in the same batch is the
 * one the later statements update.
 */
const statements = (db: Db) =>
  preparedFor(db, 'participant-import', (d) => {
    const scope = programScope(d, PROGRAM_ID)
    const byEmail = eq(participants.email, param('email'))
    const pid = sql`(SELECT ${participants.id} FROM ${participants} WHERE ${scope.where(participants, byEmail)})`
    const ledger = (replace: boolean) =>
      d
        .insert(pointsLedger) // tenant-guard: allow (INSERT ... SELECT from scope.where(participants ...) below)
        .select(
          d
            .select(
              selectAll(pointsLedger, {
                programId: participants.programId,
                participantId: participants.id,
                // replace: the balance becomes the value, the delta worked out in SQL against the balance
                // at that moment; add: the value is earned.
                delta: replace ? sql`${P('value')} - ${participants.unusedPoints}` : sql`${P('value')}`,
                kind: replace ? sql`CASE WHEN ${P('value')} > ${participants.unusedPoints} THEN 'earn' ELSE 'adjust' END` : sql`'earn'`,
                source: sql`'import'`,
                title: sql`${P('title')}`,
                idempotencyKey: sql`${P('key')}`,
              }),
            )
            .from(participants)
            .where(scope.where(participants, and(byEmail, replace ? ne(participants.unusedPoints, param('value')) : undefined))),
        )
        .onConflictDoNothing({ target: [pointsLedger.programId, pointsLedger.idempotencyKey] })
        .returning({ participantId: pointsLedger.participantId })
        .prepare()
    return {
      create: scope
        .insert(participants, { email: param('email'), firstName: param('first'), lastName: param('last'), referralCode: param('referralCode'), status: 'active' })
        .onConflictDoNothing()
        .prepare(),
      // Empty cells keep the name; only a real change writes (and moves the row's version).
      rename: scope
        .update(
          participants,
          { firstName: sql`coalesce(nullif(${P('first')}, ''), ${participants.firstName})` as never, lastName: sql`coalesce(nullif(${P('last')}, ''), ${participants.lastName})` as never },
          and(byEmail, or(sql`${participants.firstName} IS NOT coalesce(nullif(${P('first')}, ''), ${participants.firstName})`, sql`${participants.lastName} IS NOT coalesce(nullif(${P('last')}, ''), ${participants.lastName})`)),
        )
        .prepare(),
      ledgerReplace: ledger(true),
      ledgerAdd: ledger(false),
      // The activity feed's entry, copied from the ledger row: written once, with it.
      action: d
        .insert(participantActions) // tenant-guard: allow (copied from a ledger row found through scope.where)
        .select(
          d
            .select(
              selectAll(participantActions, {
                programId: pointsLedger.programId,
                participantId: pointsLedger.participantId,
                actionType: sql`'points_imported'`,
                title: pointsLedger.title,
                points: pointsLedger.delta,
                dedupeKey: pointsLedger.idempotencyKey,
              }),
            )
            .from(pointsLedger)
            .where(scope.where(pointsLedger, eq(pointsLedger.idempotencyKey, param('key')))),
        )
        .onConflictDoNothing()
        .prepare(),
      untagOthers: scope.delete(participantTags, and(eq(participantTags.participantId, pid as never), not(inArray(participantTags.tag, sql`(SELECT value FROM ${jsonRows('tags')})`)))).prepare(),
      // The trigger of migration 0013 copies the participant's status and points onto each new row.
      tag: d
        .insert(participantTags) // tenant-guard: allow (program_id is the bound PROGRAM_ID; the participant comes through scope.where)
        .select(d.select(selectAll(participantTags, { programId: sql`${PROGRAM_ID}`, tag: sql`value`, participantId: pid })).from(jsonRows('tags')).where(sql`true`))
        .onConflictDoNothing()
        .prepare(),
      attributes: d
        .insert(participantProfileAttributes) // tenant-guard: allow (as the tags)
        .select(d.select(selectAll(participantProfileAttributes, { programId: sql`${PROGRAM_ID}`, participantId: pid, name: sql`key`, value: sql`value` })).from(jsonRows('attributes')).where(sql`true`))
        .onConflictDoUpdate({
          target: [participantProfileAttributes.programId, participantProfileAttributes.participantId, participantProfileAttributes.name],
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
          setWhere: sql`${participantProfileAttributes.value} IS NOT excluded.value`,
        })
        .prepare(),
      mark: scope
        .update(importJobRows, { status: param('status') }, and(eq(importJobRows.jobId, param('jobId')), inArray(importJobRows.lineNo, sql`(SELECT value FROM ${jsonRows('lines')})`), eq(importJobRows.status, 'pending')))
        .prepare(),
    }
  })

/** Marks lines imported or skipped, if still pending (a chunk applied twice marks them once). */
export const markLines = (scope: ProgramScope, jobId: number, status: 'imported' | 'skipped', lines: number[]) =>
  bound(statements(scope.db).mark, { programId: scope.programId, jobId, status, lines: JSON.stringify(lines) })

export type RowWrites = { line: number; skip: boolean; writes: BatchStatement[]; ledgerIndex: number | null }

/**
 * The writes of one import line for the chosen strategies (docs/engine-rules-decisions.md, "Participant
 * imports"). Every write is idempotent: the same line applied twice (a retried chunk, the same file
 * again) changes nothing more.
 */
export function rowWrites(scope: ProgramScope, job: Job, line: { lineNo: number; data: Record<string, string> }, existing: ParticipantRow | undefined): RowWrites {
  const options = job.options as ParticipantImportOptions
  const s = statements(scope.db)
  const d = line.data
  const base = { programId: scope.programId, email: d.email! }
  if (existing && options.email === 'ignore') return { line: line.lineNo, skip: true, writes: [], ledgerIndex: null }
  const writes: BatchStatement[] = []
  const names = { first: d.first_name ?? '', last: d.last_name ?? '' }
  if (!existing) writes.push(bound(s.create, { ...base, ...names, referralCode: randomToken(6).replace(/[-_]/g, 'x').toUpperCase().slice(0, 8) }))
  else if (options.naming === 'replace' && (names.first || names.last)) writes.push(bound(s.rename, { ...base, ...names }))

  let ledgerIndex: number | null = null
  const value = Number(d.points)
  if (options.points !== 'ignore' && d.points && !(options.points === 'add' && value === 0)) {
    const key = importLedgerKey(scope.programId, d.email!, job.fileHash)
    ledgerIndex = writes.push(bound(options.points === 'replace' ? s.ledgerReplace : s.ledgerAdd, { ...base, value, key, title: `Imported from ${job.fileName}`.slice(0, 200) })) - 1
    writes.push(bound(s.action, { programId: scope.programId, key }))
  }
  if (options.tags !== 'ignore' && d.tags !== undefined) {
    const tags = JSON.stringify(d.tags ? d.tags.split(',') : [])
    if (options.tags === 'replace') writes.push(bound(s.untagOthers, { ...base, tags }))
    if (tags !== '[]') writes.push(bound(s.tag, { ...base, tags }))
  }
  if (options.metric === 'replace') {
    const attributes = Object.fromEntries(Object.entries(d).filter(([name, v]) => v && !(BASE_IMPORT_COLUMNS as readonly string[]).includes(name)))
    if (Object.keys(attributes).length) writes.push(bound(s.attributes, { ...base, attributes: JSON.stringify(attributes) }))
  }
  return { line: line.lineNo, skip: false, writes, ledgerIndex }
}
