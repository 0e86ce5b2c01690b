import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { coupons, participants, rewardClaims, sweepstakeEntries } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { type CsvValue, csvLine } from '../../lib/csv'
import { inIds } from '../../db/in-ids'
import type { RewardRow } from './rewards-state'

/** Rows read per query while exporting (as the dashboard's exports). */
const CSV_CHUNK = 1000

/**
 * A CSV streamed in chunks: the header, then each pull reads the next CSV_CHUNK rows after the last
 * key sent (keyset, ascending), so memory stays flat and no query holds the database long. Cells go
 * through csvCell (formula-safe: a cell starting with = + - @ is written as text).
 */
function streamCsv(header: string[], read: (after: number, limit: number) => Promise<{ key: number; cells: CsvValue[] }[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = 0
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        // A byte-order mark so spreadsheets read UTF-8 names right.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      const rows = await read(after, CSV_CHUNK)
      if (rows.length) {
        after = rows[rows.length - 1]!.key
        controller.enqueue(encoder.encode(rows.map((r) => csvLine(r.cells)).join('')))
      }
      if (rows.length < CSV_CHUNK) controller.close()
    },
  })
}

/** GET .../rewards/{id}/participants.csv: every claim of the reward (the Users tab), oldest first. */
export function rewardParticipantsCsv(scope: ProgramScope, reward: RewardRow): ReadableStream<Uint8Array> {
  return streamCsv(['claim_id', 'participant_id', 'first_name', 'last_name', 'email', 'status', 'points_spent', 'coupon_code', 'claimed_at'], async (after, limit) => {
    const rows = await scope.db
      .select({ claim: rewardClaims, p: { firstName: participants.firstName, lastName: participants.lastName, email: participants.email } })
      .from(rewardClaims)
      .innerJoin(participants, and(eq(participants.id, rewardClaims.participantId), eq(participants.programId, rewardClaims.programId)))
      .where(scope.where(rewardClaims, and(eq(rewardClaims.rewardId, reward.id), gt(rewardClaims.id, after))))
      .orderBy(asc(rewardClaims.id))
      .limit(limit)
    const ids = rows.map((r) => r.claim.id)
    const codes = ids.length ? await scope.db.select({ claimId: coupons.claimId, code: coupons.code }).from(coupons).where(scope.where(coupons, inIds(coupons.claimId, ids))) : []
    const codeOf = new Map(codes.map((c) => [c.claimId, c.code]))
    return rows.map(({ claim, p }) => ({
      key: claim.id,
      cells: [claim.id, claim.participantId, p.firstName, p.lastName, p.email, claim.status, claim.pointsSpent, codeOf.get(claim.id) ?? '', claim.createdAt.toISOString()],
    }))
  })
}

/** GET .../rewards/{id}/sweepstake.csv: every participant's entries (the Sweepstakes tab, all columns). */
export function sweepstakeCsv(scope: ProgramScope, reward: RewardRow): ReadableStream<Uint8Array> {
  // Correlated subqueries in plain SQL names: see reward-winners.ts.
  const rewardsEarned = sql<number>`(SELECT count(*) FROM reward_claims rc WHERE rc.program_id = ${scope.programId} AND rc.participant_id = ${sweepstakeEntries.participantId} AND rc.status <> 'refunded')`
  const gender = sql<string | null>`(SELECT pa.value FROM participant_profile_attributes pa WHERE pa.program_id = ${scope.programId} AND pa.participant_id = ${sweepstakeEntries.participantId} AND pa.name = 'gender' LIMIT 1)`
  return streamCsv(['participant_id', 'first_name', 'last_name', 'email', 'entries', 'winner', 'rewards', 'gender', 'updated_at'], async (after, limit) => {
    const rows = await scope.db
      .select({ e: sweepstakeEntries, p: { firstName: participants.firstName, lastName: participants.lastName, email: participants.email }, rewardsEarned, gender })
      .from(sweepstakeEntries)
      .innerJoin(participants, and(eq(participants.id, sweepstakeEntries.participantId), eq(participants.programId, sweepstakeEntries.programId)))
      .where(scope.where(sweepstakeEntries, and(eq(sweepstakeEntries.rewardId, reward.id), gt(sweepstakeEntries.participantId, after), sql`${sweepstakeEntries.count} > 0`)))
      .orderBy(asc(sweepstakeEntries.participantId))
      .limit(limit)
    return rows.map(({ e, p, rewardsEarned: earned, gender: g }) => ({
      key: e.participantId,
      cells: [e.participantId, p.firstName, p.lastName, p.email, e.count, e.winner, Number(earned), g ?? '', e.updatedAt.toISOString()],
    }))
  })
}
