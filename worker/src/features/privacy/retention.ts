import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import {
  effectiveWindows,
  RETENTION_KINDS,
  type RetentionOverrides,
  type RetentionSettings,
  type RetentionWindows,
  retentionField,
  type retentionWriteSchema,
} from '../../../../sdk/contract/console/retention'
import type { z } from 'zod'
import { batch, type BatchStatement, rawStatement } from '../../db/batch'
import type { Db } from '../../db/client'
import { inIds } from '../../db/in-ids'
import { programScope, type ProgramScope } from '../../db/scope'
import {
  apiRequestLog,
  identityTokenUses,
  importJobRows,
  importJobs,
  outbox,
  outboxDedupeKeys,
  participantSessions,
  privacyCodes,
  programRetention,
  programs,
  receipts,
  retentionSweepState,
  signinCodes,
  webhookDeliveries,
} from '../../db/schema'
import type { Deps } from '../../deps'
import { ERASE_FILES_TOPIC } from './erasure'

/**
 * Data retention (issue 28, docs/privacy.md "Retention"): each kind of data is kept for a window of days,
 * the deployment's default (RETENTION_*_DAYS, config.ts) unless the program overrides it in the console
 * (Settings > Data retention). The scheduled sweep of both entries enforces the windows, program by
 * program, in bounded statements.
 */

const DAY_MS = 86_400_000

/** Rows one statement of the sweep touches at most (the sweep goes on with the program while a statement fills up). */
export const RETENTION_BATCH = 500
/** Receipt images deleted per program and pass (each is a file to delete from storage). */
const RECEIPT_FILES_BATCH = 100
/** Import lines deleted per program and pass. */
const IMPORT_LINES_BATCH = 2000
/** Programs a sweep takes on per run (every minute); a round over all programs starts at most once an hour. */
const PROGRAMS_PER_RUN = 25
const ROUND_EVERY_MS = 3_600_000
/** Passes over one program in a run while its statements keep filling up. */
const PASSES_PER_PROGRAM = 10

/** Receipts waiting for someone (processing, a reviewer, the member's review request) keep their image. */
const AWAITING_REVIEW = ['pending', 'needs_human_review', 'review_requested'] as const

/** Each window's column in program_retention. */
const keys = {
  receipt_images_days: 'receiptImagesDays',
  ip_device_days: 'ipDeviceDays',
  api_request_log_days: 'apiRequestLogDays',
  delivered_outbox_days: 'deliveredOutboxDays',
  expired_sessions_days: 'expiredSessionsDays',
  import_files_days: 'importFilesDays',
} as const
type Key = (typeof keys)[keyof typeof keys]
type OverrideRow = Partial<Record<Key, number | null>>

const overridesOf = (row: OverrideRow | undefined): RetentionOverrides =>
  Object.fromEntries(RETENTION_KINDS.map((kind) => [retentionField(kind), row?.[keys[retentionField(kind)]] ?? null])) as RetentionOverrides

/** The override columns, selected under their own names (the sweep reads them with each program). */
const overrideSelection = () => Object.fromEntries(Object.values(keys).map((key) => [key, programRetention[key]])) as { [K in Key]: (typeof programRetention)[K] }

/** GET .../settings/retention: the deployment's defaults, the program's overrides and the windows that apply. */
export async function retentionSettings(scope: ProgramScope, deps: Deps): Promise<RetentionSettings> {
  const overrides = overridesOf(await scope.first(programRetention))
  return { defaults: deps.config.retention, overrides, effective: effectiveWindows(deps.config.retention, overrides) }
}

/** PATCH .../settings/retention: the windows sent (null: the default again); the others stay. One upsert. */
export async function saveRetention(scope: ProgramScope, deps: Deps, values: z.output<typeof retentionWriteSchema>): Promise<RetentionSettings> {
  const set: Partial<typeof programRetention.$inferInsert> = {}
  for (const kind of RETENTION_KINDS) {
    const field = retentionField(kind)
    const value = values[field]
    if (value !== undefined) set[keys[field]] = value
  }
  const updatedAt = new Date(deps.clock.now())
  await scope
    .insert(programRetention, { ...set, updatedAt })
    .onConflictDoUpdate({ target: programRetention.programId, set: { ...set, updatedAt } })
  return retentionSettings(scope, deps)
}

/** The moment before which each kind's rows of a program go. */
const cutoffs = (windows: RetentionWindows, now: number) =>
  Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, new Date(now - windows[retentionField(kind)] * DAY_MS)])) as Record<(typeof RETENTION_KINDS)[number], Date>

/** The ids of the first RETENTION_BATCH rows `where` finds, oldest first by `at` (a subquery: the sweep's statements are bounded by it). */
function firstIds(db: Db, table: SQLiteTable & { id: SQLiteColumn }, at: SQLiteColumn, where: SQL | undefined) {
  return db.select({ id: table.id }).from(table).where(where).orderBy(asc(at)).limit(RETENTION_BATCH)
}

/**
 * Deletes the outbox rows of `ids` (a bounded subquery), keeping their dedupe keys first in the same
 * batch: an idempotent operation replayed after its event was pruned announces nothing twice.
 */
function outboxPrune(db: Db, ids: ReturnType<typeof firstIds>) {
  return [
    rawStatement(db, sql`INSERT INTO ${outboxDedupeKeys} (key) SELECT ${outbox.dedupeKey} FROM ${outbox} WHERE ${outbox.id} IN (${ids}) AND ${isNotNull(outbox.dedupeKey)} ON CONFLICT DO NOTHING`),
    // tenant-guard: allow (the ids come from the caller's scoped subquery)
    db.delete(outbox).where(inArray(outbox.id, ids)).returning({ id: outbox.id }),
  ] as const
}

type Pass = { statements: BatchStatement[]; /** Whether a statement filled its limit: the program has more to do. */ full: (results: unknown[]) => boolean }

/**
 * One pass over one program: a single atomic batch of bounded statements, one or two per kind. Receipt
 * images are read first (their files are deleted by an outbox task written in the same batch that
 * forgets them, so a crash never leaves a file without its row or a row pointing at a deleted file).
 */
async function programPass(scope: ProgramScope, windows: RetentionWindows, now: number): Promise<Pass> {
  const { db } = scope
  const at = cutoffs(windows, now)
  // Receipt images: the receipts that still have a file and were last changed before the window.
  const imageDue = and(isNotNull(receipts.fileKey), lt(receipts.updatedAt, at.receipt_images), notInArray(receipts.status, [...AWAITING_REVIEW]))
  const dueReceipts = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(scope.where(receipts, imageDue))
    .orderBy(asc(receipts.updatedAt))
    .limit(RECEIPT_FILES_BATCH)
  const receiptIds = dueReceipts.map((r) => r.id)
  const guardedReceipts = and(inIds(receipts.id, receiptIds), imageDue)

  const outboxIds = firstIds(db, outbox, outbox.createdAt, scope.where(outbox, and(inArray(outbox.status, ['delivered', 'failed']), lt(outbox.createdAt, at.delivered_outbox))))

  const importEnded = and(inArray(importJobs.status, ['done', 'failed']), lt(importJobs.finishedAt, at.import_files), isNull(importJobs.linesDeletedAt))
  const dueJobs = db.select({ id: importJobs.id }).from(importJobs).where(scope.where(importJobs, importEnded))

  const statements: BatchStatement[] = []
  const counted: { index: number; limit: number }[] = []
  const add = (statement: BatchStatement, limit?: number) => {
    statements.push(statement)
    if (limit) counted.push({ index: statements.length - 1, limit })
  }

  if (receiptIds.length) {
    // The files go after the batch, by the same task as an erasure's (retried until every key is gone).
    add(
      rawStatement(
        db,
        sql`INSERT INTO ${outbox} (program_id, topic, payload) SELECT ${scope.programId}, ${ERASE_FILES_TOPIC}, json_object('keys', json_group_array(${receipts.fileKey}), 'reason', 'retention') FROM ${receipts} WHERE ${scope.where(receipts, guardedReceipts)} HAVING count(*) > 0`,
      ),
    )
    add(scope.update(receipts, { fileKey: null }, guardedReceipts).returning({ id: receipts.id }), RECEIPT_FILES_BATCH)
  }

  // IP and device hashes of sign-ins older than their window.
  const hashed = or(isNotNull(signinCodes.ipHash), isNotNull(signinCodes.browserTokenHash))
  const hashedIds = firstIds(db, signinCodes, signinCodes.createdAt, scope.where(signinCodes, and(hashed, lt(signinCodes.createdAt, at.ip_device))))
  add(scope.update(signinCodes, { ipHash: null, browserTokenHash: null }, inArray(signinCodes.id, hashedIds)).returning({ id: signinCodes.id }), RETENTION_BATCH)

  // The API request log.
  const logIds = firstIds(db, apiRequestLog, apiRequestLog.createdAt, scope.where(apiRequestLog, lt(apiRequestLog.createdAt, at.api_request_log)))
  add(scope.delete(apiRequestLog, inArray(apiRequestLog.id, logIds)).returning({ id: apiRequestLog.id }), RETENTION_BATCH)

  // Delivered (and given-up) e-mails and events, keeping their dedupe keys (an idempotent operation
  // replayed later announces nothing twice), and the delivery log of their webhooks.
  const [keepKeys, pruneOutbox] = outboxPrune(db, outboxIds)
  add(keepKeys)
  add(pruneOutbox, RETENTION_BATCH)
  const deliveriesDue = scope.where(webhookDeliveries, and(inArray(webhookDeliveries.state, ['succeeded', 'failed']), lt(webhookDeliveries.createdAt, at.delivered_outbox)))
  add(scope.delete(webhookDeliveries, inArray(webhookDeliveries.id, firstIds(db, webhookDeliveries, webhookDeliveries.createdAt, deliveriesDue))).returning({ id: webhookDeliveries.id }), RETENTION_BATCH)

  // Expired sessions, sign-in and privacy codes, partner token uses.
  const expired = <T extends typeof participantSessions | typeof signinCodes | typeof privacyCodes | typeof identityTokenUses>(table: T) =>
    scope
      .delete(table, inArray(table.id, firstIds(db, table, table.expiresAt, scope.where(table, lt(table.expiresAt, at.expired_sessions)))))
      .returning({ id: table.id })
  add(expired(participantSessions), RETENTION_BATCH)
  add(expired(signinCodes), RETENTION_BATCH)
  add(expired(privacyCodes), RETENTION_BATCH)
  add(expired(identityTokenUses), RETENTION_BATCH)

  // Import files: the lines of imports that ended before the window; the job keeps its counts.
  add(
    scope
      .delete(importJobRows, sql`rowid IN (SELECT rowid FROM ${importJobRows} WHERE ${importJobRows.jobId} IN (${dueJobs}) LIMIT ${IMPORT_LINES_BATCH})`)
      .returning({ id: importJobRows.jobId }),
    IMPORT_LINES_BATCH,
  )
  add(
    scope.update(
      importJobs,
      { linesDeletedAt: new Date(now) },
      and(importEnded, notExists(db.select({ one: sql`1` }).from(importJobRows).where(scope.where(importJobRows, eq(importJobRows.jobId, importJobs.id))))),
    ),
  )

  return { statements, full: (results) => counted.some(({ index, limit }) => ((results[index] as unknown[] | undefined)?.length ?? 0) >= limit) }
}

/** Sweeps one program until nothing is past its windows (or PASSES_PER_PROGRAM passes). Answers whether it finished. */
export async function sweepProgramRetention(db: Db, programId: number, windows: RetentionWindows, now: number): Promise<boolean> {
  const scope = programScope(db, programId)
  for (let pass = 0; pass < PASSES_PER_PROGRAM; pass++) {
    const { statements, full } = await programPass(scope, windows, now)
    const results = (await batch(db, statements)) as unknown[]
    if (!full(results)) return true
  }
  return false
}

/**
 * The e-mails that belong to no program (a console admin's sign-in code): delivered ones go after the
 * deployment's window, with their dedupe keys kept.
 */
async function sweepProgramlessOutbox(db: Db, windows: RetentionWindows, now: number): Promise<void> {
  const due = and(isNull(outbox.programId), inArray(outbox.status, ['delivered', 'failed']), lt(outbox.createdAt, new Date(now - windows.delivered_outbox_days * DAY_MS)))
  // Rows with no program: the console's own mail.
  const ids = firstIds(db, outbox, outbox.createdAt, due)
  for (let pass = 0; pass < PASSES_PER_PROGRAM; pass++) {
    const [, gone] = await batch(db, outboxPrune(db, ids))
    if (gone.length < RETENTION_BATCH) return
  }
}

/**
 * The retention sweep, run every minute by both entries (index.ts `scheduled`, node.ts's timer). It
 * goes through the programs in rounds, PROGRAMS_PER_RUN a run, a new round at most once an hour (the
 * windows are days: an hour late is nothing, and an idle minute costs one read). Where it is lives in
 * retention_sweep_state, so a restart goes on where the last run stopped; a program with more to do
 * than one run allows is taken again first next time. Answers how many programs it swept.
 */
export async function sweepRetentionWindows(deps: Deps, now: number): Promise<number> {
  const { db } = deps
  const [state] = await db.select().from(retentionSweepState).where(eq(retentionSweepState.id, 1))
  let cursor = state?.cursor ?? 0
  if (cursor === 0) {
    if (state && now - state.roundStartedAt < ROUND_EVERY_MS) return 0
    await db
      .insert(retentionSweepState)
      .values({ id: 1, cursor: 0, roundStartedAt: now })
      .onConflictDoUpdate({ target: retentionSweepState.id, set: { roundStartedAt: now } })
    await sweepProgramlessOutbox(db, deps.config.retention, now).catch((err: unknown) => deps.log?.(`[retention] program-less e-mails: ${(err as Error)?.message ?? String(err)}`))
  }
  const batchOf = await db
    .select({ id: programs.id, ...overrideSelection() })
    .from(programs) // tenant-guard: allow (the sweep goes through every program, a few a run)
    .leftJoin(programRetention, eq(programRetention.programId, programs.id))
    .where(gt(programs.id, cursor))
    .orderBy(asc(programs.id))
    .limit(PROGRAMS_PER_RUN)
  let swept = 0
  let unfinished = false
  for (const row of batchOf) {
    swept++
    let finished = true
    try {
      finished = await sweepProgramRetention(db, row.id, effectiveWindows(deps.config.retention, overridesOf(row)), now)
    } catch (err) {
      // One program's failure is logged and the round goes on: it is tried again next round, and never
      // holds back the other programs' retention.
      deps.log?.(`[retention] program ${row.id}: ${(err as Error)?.message ?? String(err)}`)
    }
    if (!finished) {
      unfinished = true // more to do: the next run starts with this program again
      break
    }
    cursor = row.id
  }
  const roundDone = !unfinished && batchOf.length < PROGRAMS_PER_RUN
  await db
    .update(retentionSweepState)
    .set({ cursor: roundDone ? 0 : cursor })
    .where(eq(retentionSweepState.id, 1))
  return swept
}
