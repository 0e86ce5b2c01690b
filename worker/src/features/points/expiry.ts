import { and, asc, gt, inArray, lte, sql } from 'drizzle-orm'
import { batch, rawStatement } from '../../db/batch'
import { outbox, participantPointLots, programPointLots } from '../../db/schema'
import type { Deps } from '../../deps'
import { lastExpiredLotMonth, programsWithExpiry } from '../economics/forecast'
import { dispatchOutboxLater } from '../webhooks/outbox'
import { pointsEventFor } from './ledger'

/** Lots expired by one run at most: a backlog (the setting just turned on, a month's start) drains over several minutes. */
export const EXPIRY_CHUNK = 500
/** The expire row's title, as the participant's points history shows it. */
export const EXPIRED_TITLE = 'Points expired'
/** One expiry per participant and lot month: a re-run, a crashed run or two racing sweeps add nothing. */
export const expiryKey = (participantId: number, month: string) => `expire:${participantId}:${month}`

export type ExpiryRun = {
  /** The lots this run looked at (each expired now, or by a sweep racing it). */
  lots: number
  /** Whether due lots are left for the next run. */
  more: boolean
}

/**
 * The points expiry job (decision 0035): in every program whose 'Points expiry' evergreen setting is
 * on, what is left of each participant lot (participant_point_lots) earned in a month the rule has
 * expired (economics/forecast.ts: a lot of month M expires at the start of month M + 12, UTC, what the
 * liability forecast shows) goes in an `expire` ledger row (source `expiry`), at most `limit` lots a
 * run, oldest program, participant and month first.
 *
 * One batch writes the chunk: one INSERT ... SELECT of the ledger rows, whose delta is the lot's
 * remainder read by that statement (a spend between this read and the write takes from the old lot
 * first, and the expiry then takes only what is left: never a newer lot's points, never below zero),
 * keyed `expire:{participant}:{month}` (ON CONFLICT DO NOTHING); then the rows' `points.changed`
 * events, as ledgerWrite writes them (pointsChangedData's payload, keyed by the ledger row's key so a
 * replay announces nothing; not written where no webhook takes the event). The ledger trigger
 * keeps the balance, the lots and the economics rollups. Expiry is no participant action (retention
 * counts members' own actions) and moves no tier (tiers go by lifetime points).
 */
export async function expirePoints(deps: Deps, opts: { limit?: number; now?: number } = {}): Promise<ExpiryRun> {
  const now = opts.now ?? deps.clock.now()
  const limit = opts.limit ?? EXPIRY_CHUNK
  const due = lastExpiredLotMonth(now)
  const db = deps.db
  // Programs with points left in due months (the program rollup: a row per program and month), then
  // those whose setting is on: the participant lots are read only where something is due.
  const candidates = await db
    .selectDistinct({ programId: programPointLots.programId })
    .from(programPointLots) // tenant-guard: allow (the minute sweep looks across programs for due points)
    .where(and(gt(programPointLots.remaining, 0), lte(programPointLots.month, due)))
  const programIds = await programsWithExpiry(db, candidates.map((c) => c.programId))
  if (!programIds.length) return { lots: 0, more: false }
  const l = participantPointLots
  const rows = await db
    .select({ programId: l.programId, participantId: l.participantId, month: l.month })
    .from(l)
    .where(and(inArray(l.programId, sql`(SELECT value FROM json_each(${JSON.stringify(programIds)}))`), gt(l.remaining, 0), lte(l.month, due)))
    .orderBy(asc(l.programId), asc(l.participantId), asc(l.month))
    .limit(limit + 1)
  const chunk = rows.slice(0, limit)
  if (!chunk.length) return { lots: 0, more: false }
  const lots = JSON.stringify(chunk.map((r) => [r.programId, r.participantId, r.month]))
  const programsInChunk = [...new Set(chunk.map((r) => r.programId))]
  const events = await Promise.all(programsInChunk.map(async (id) => [id, await pointsEventFor(deps, id)] as const))
  const subscribed = JSON.stringify(events.filter(([, e]) => e.subscribed).map(([id]) => id))
  // The chunk's lots as one JSON parameter, [program, participant, month] each (D1 binds at most 100).
  const program = sql.raw(`json_extract(c.value, '$[0]')`)
  const participant = sql.raw(`json_extract(c.value, '$[1]')`)
  const month = sql.raw(`json_extract(c.value, '$[2]')`)
  await batch(db, [
    // Oldest lot first per participant (the chunk's order): each row takes exactly its lot's remainder,
    // whether the statement reads the lots before its inserts or as it goes (an expired old lot leaves
    // the newer lots' remainders as they were).
    rawStatement(
      db,
      sql`INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, source_id, title, idempotency_key, created_at)
      SELECT l.program_id, l.participant_id, -l.remaining, 'expire', 'expiry', NULL, ${EXPIRED_TITLE}, 'expire:' || l.participant_id || ':' || l.month, ${now}
        FROM json_each(${lots}) c
        JOIN participant_point_lots l ON l.program_id = ${program} AND l.participant_id = ${participant} AND l.month = ${month}
       WHERE l.remaining > 0 AND l.month <= ${due}
       ORDER BY c.key
      ON CONFLICT (program_id, idempotency_key) DO NOTHING`,
    ),
    // The points.changed event of each expire row of the chunk (webhookInsert's row and dedupe key,
    // pointsChangedData's payload), for the programs a webhook takes it from; one a previous run wrote
    // is there already and adds nothing.
    rawStatement(
      db,
      sql`INSERT INTO outbox (program_id, topic, payload, dedupe_key, status, attempts, delivered_at)
      SELECT p.program_id, 'webhook',
             json_object('event', 'points.changed', 'data', json_object('participant_id', p.participant_id, 'delta', p.delta, 'kind', p.kind, 'source', p.source, 'source_id', p.source_id, 'title', p.title)),
             p.program_id || ':points.changed:' || p.idempotency_key,
             'pending', 0, NULL
        FROM json_each(${lots}) c
        JOIN points_ledger p ON p.program_id = ${program} AND p.idempotency_key = 'expire:' || ${participant} || ':' || ${month}
        JOIN json_each(${subscribed}) s ON s.value = p.program_id
       WHERE p.kind = 'expire'
       ORDER BY c.key
      ON CONFLICT DO NOTHING`,
    ),
  ])
  if (subscribed !== '[]') {
    const keys = chunk.filter((r) => events.some(([id, e]) => id === r.programId && e.subscribed)).map((r) => `${r.programId}:points.changed:${expiryKey(r.participantId, r.month)}`)
    const pending = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.dedupeKey, sql`(SELECT value FROM json_each(${JSON.stringify(keys)}))`), sql`${outbox.status} = 'pending'`))
    dispatchOutboxLater(deps, pending.map((r) => r.id))
  }
  return { lots: chunk.length, more: rows.length > limit }
}

/** The minute sweep's run (index.ts `scheduled`, node.ts's timer): one chunk; a failure is logged and the next minute tries again. */
export async function sweepPointsExpiry(deps: Deps, log?: (line: string) => void): Promise<void> {
  await expirePoints(deps).catch((err: unknown) => log?.(`[expiry] points expiry sweep failed: ${(err as Error)?.message ?? String(err)}`))
}
