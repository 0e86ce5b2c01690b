import { and, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import {
  ALGORITHM,
  AUDIT_FORMAT,
  AUDIT_FORMAT_VERSION,
  canonicalEntries,
  commitmentOf,
  drawWinners,
  entriesDigest,
  fromHex,
  newSeed,
  toHex,
  type SweepstakeAudit,
} from '../../../../sdk/contract/fair-draw.mjs'
import type { ConsoleFairDraw, ConsoleFairDrawWinner, FairDrawStatus, PublicFairness } from '../../../../sdk/contract/fairness'
import { participants, rewardClaims, rewards, type DrawWinner, sweepstakeDrawEntries, sweepstakeDraws, sweepstakeEntries } from '../../db/schema'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { programSiteOrigin } from '../../lib/origin'
import { contentSaved } from '../programs/content-version'
import { invalidateRewardCatalog } from '../rewards/reward-catalog'
import type { RewardRow } from '../rewards/rewards-state'
import { claimFailure, errorText } from '../rewards/rewards-write'
import { hasWebhookFor } from '../webhooks/webhooks'
import { batch } from '../../db/batch'
import { awardStatements, completeAwards, DRAW_AWARDS_LEASE_MS, type DrawRow, takeAwards } from './draw-awards'

/**
 * Provably fair sweepstake draws (docs/sweepstakes-fairness.md, docs/decisions/0017): commit (a
 * secret seed's SHA-256 is published and the entries are snapshotted and closed, in one batch), draw
 * (winners from the seed and the snapshot with sdk/contract/fair-draw.mjs, one atomic transition
 * committed -> drawn that awards them through the rewards' award statements), reveal (the seed and
 * the audit file anyone can re-run with scripts/verify-draw.mjs).
 */

export type { DrawRow }
export type FairDrawContext = { scope: ProgramScope; deps: Deps; program: ProgramRow }

/** How many winners' awards go into the draw's own batch; more are awarded right after, idempotently. */
export const AWARDS_IN_DRAW_BATCH = 25

const ENTRIES_CLOSED = 'Entries to this sweepstakes are closed: the draw has been committed'

const unavailable = (status: 409 | 422, message: string) => new AppError('reward_unavailable', status, message, undefined, { success: false })

const sweepstakeNotFound = (id: number) => new AppError('not_found', 404, 'Reward not found', { reward_id: `no sweepstake ${id} in this program` })

/** The program's sweepstake reward `rewardId`, or 404 (another program's id is not found either). */
export async function findSweepstake(scope: ProgramScope, rewardId: number): Promise<RewardRow> {
  const row = await scope.first(rewards, eq(rewards.id, rewardId))
  if (!row || row.selection !== 'sweepstake') throw sweepstakeNotFound(rewardId)
  return row
}

export const findDraw = (scope: ProgramScope, rewardId: number) => scope.first(sweepstakeDraws, eq(sweepstakeDraws.rewardId, rewardId))

/**
 * For the entry purchase (rewards-claim.ts): refuses once the draw is committed, with a clear message.
 * The triggers of migration 0017 refuse the write itself whatever races this check.
 */
export async function assertEntriesOpen(scope: ProgramScope, rewardId: number): Promise<void> {
  const draw = await findDraw(scope, rewardId)
  if (draw?.status === 'drawn') throw unavailable(422, 'The winners of this sweepstakes have been drawn')
  if (draw) throw unavailable(422, ENTRIES_CLOSED)
}

/** The error a write into closed entries raises (trigger of migration 0017), as the purchase answers it. */
export function entriesClosedError(err: unknown): AppError | null {
  return /sweepstake_entries_closed/.test(errorText(err)) ? unavailable(422, ENTRIES_CLOSED) : null
}

/**
 * Who may win: entries of the reward with tickets, of participants that are not staff and not blocked
 * and do not already hold the reward (an earlier winner). For a select from sweepstake_entries joined
 * to participants (ENTRANT_JOIN), scoped with scope.where(sweepstakeEntries, ...).
 */
const eligibleEntries = (rewardId: number, only?: readonly number[]) =>
  and(
    eq(sweepstakeEntries.rewardId, rewardId),
    only?.length ? inArray(sweepstakeEntries.participantId, [...only]) : undefined,
    gt(sweepstakeEntries.count, 0),
    eq(participants.staff, false),
    ne(participants.status, 'blocked'),
    sql`NOT EXISTS (SELECT 1 FROM ${rewardClaims} WHERE ${rewardClaims.programId} = ${sweepstakeEntries.programId} AND ${rewardClaims.rewardId} = ${sweepstakeEntries.rewardId}
      AND ${rewardClaims.participantId} = ${sweepstakeEntries.participantId} AND ${rewardClaims.status} <> 'refunded')`,
  )
const ENTRANT_JOIN = and(eq(participants.id, sweepstakeEntries.participantId), eq(participants.programId, sweepstakeEntries.programId))

/** The pseudonymous entry id of a participant in one draw: HMAC-SHA256(draw's secret key, "participant:" + id), 20 hex. */
async function pseudonymizer(keyHex: string) {
  const key = await crypto.subtle.importKey('raw', fromHex(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const encoder = new TextEncoder()
  return async (participantId: number) => toHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`participant:${participantId}`))).slice(0, 10))
}

type SnapshotEntry = { id: string; tickets: number; participant_id: number }

/** The draw's entries snapshot with pseudonymous ids, in canonical order (fair-draw.mjs canonicalEntries). */
export async function snapshotOf(scope: ProgramScope, draw: DrawRow): Promise<SnapshotEntry[]> {
  const rows = await scope.select(sweepstakeDrawEntries, eq(sweepstakeDrawEntries.drawId, draw.id))
  const pseudonym = await pseudonymizer(draw.pseudonymKey)
  const entries = await Promise.all(rows.map(async (r) => ({ id: await pseudonym(r.participantId), tickets: r.tickets, participant_id: r.participantId })))
  const byId = new Map(entries.map((e) => [e.id, e]))
  return canonicalEntries(entries).map((e) => byId.get(e.id)!)
}

/**
 * Commit: a new 32-byte seed, kept secret; its SHA-256 is published. One batch inserts the draw row
 * (the entrants, tickets and winners to draw computed in SQL from the same rows) and the entries
 * snapshot: from then on the triggers refuse any entry change. Fails with a clear message when there
 * is no entry to draw from, no winner left to draw (limit reached) or a commit already.
 */
export async function commitDraw(ctx: FairDrawContext, rewardId: number, adminId: number | null, only?: readonly number[]): Promise<DrawRow> {
  const { scope, deps } = ctx
  const reward = await findSweepstake(scope, rewardId)
  if (await findDraw(scope, reward.id)) throw unavailable(409, 'The seed of this sweepstakes is already committed')
  const seed = newSeed()
  const pid = scope.programId
  const { db } = scope
  const entrants = db.select({ n: count() }).from(sweepstakeEntries).innerJoin(participants, ENTRANT_JOIN).where(scope.where(sweepstakeEntries, eligibleEntries(reward.id, only)))
  const tickets = db
    .select({ n: sql<number>`coalesce(sum(${sweepstakeEntries.count}), 0)` })
    .from(sweepstakeEntries)
    .innerJoin(participants, ENTRANT_JOIN)
    .where(scope.where(sweepstakeEntries, eligibleEntries(reward.id, only)))
  const insertDraw = scope.insert(sweepstakeDraws, {
    rewardId: reward.id,
    status: 'committed',
    algorithm: ALGORITHM,
    seed,
    commitment: await commitmentOf(seed),
    pseudonymKey: newSeed(),
    winnerCount: sql`(SELECT ${rewards.limit} - ${rewards.claims} FROM ${rewards} WHERE ${rewards.id} = ${reward.id} AND ${rewards.programId} = ${pid})` as never,
    entrants: sql`(${entrants})` as never,
    totalTickets: sql`(${tickets})` as never,
    committedAt: new Date(deps.clock.now()),
    committedBy: adminId,
  })
  // The snapshot, in the same batch: the same rows the counts above read (one transaction).
  const drawId = sql<number>`(SELECT ${sweepstakeDraws.id} FROM ${sweepstakeDraws} WHERE ${sweepstakeDraws.programId} = ${pid} AND ${sweepstakeDraws.rewardId} = ${reward.id})`
  const snapshot = db.insert(sweepstakeDrawEntries).select(
    db
      .select({ id: sql<number>`NULL`.as('id'), programId: sweepstakeEntries.programId, drawId: drawId.as('draw_id'), participantId: sweepstakeEntries.participantId, tickets: sweepstakeEntries.count })
      .from(sweepstakeEntries)
      .innerJoin(participants, ENTRANT_JOIN)
      .where(scope.where(sweepstakeEntries, eligibleEntries(reward.id, only))),
  )
  try {
    await batch(scope.db, [insertDraw, snapshot])
  } catch (err) {
    const text = errorText(err)
    if (/UNIQUE constraint failed: sweepstake_draws\./.test(text)) throw unavailable(409, 'The seed of this sweepstakes is already committed')
    if (/sweepstake_draws_has_winners/.test(text)) throw unavailable(422, 'Every winner of this sweepstakes has been awarded: its limit is reached')
    if (/sweepstake_draws_has_tickets/.test(text)) throw unavailable(422, 'There are no entries to draw from')
    throw err
  }
  const draw = await withEntriesDigest(scope, (await findDraw(scope, reward.id))!)
  contentSaved(deps)
  return draw
}

/**
 * The published digest of a draw's snapshot, stored right after the commit's batch. Deterministic (the
 * same snapshot always gives it), so a commit whose process died before storing it is completed by the
 * next generate-entries or draw request, or the minute sweep (fillEntriesDigests), whoever comes first.
 */
async function withEntriesDigest(scope: ProgramScope, draw: DrawRow): Promise<DrawRow> {
  if (draw.entriesDigest) return draw
  const digest = await entriesDigest(await snapshotOf(scope, draw))
  await scope.update(sweepstakeDraws, { entriesDigest: digest }, and(eq(sweepstakeDraws.id, draw.id), isNull(sweepstakeDraws.entriesDigest)))
  return { ...draw, entriesDigest: digest }
}

/** A commit's own request stores its digest within this long; the sweep leaves younger commits to it. */
const DIGEST_GRACE_MS = 60_000

/** The minute sweep: digests of commits whose process died before storing them. Answers the draw ids. */
export async function fillEntriesDigests(deps: Deps): Promise<number[]> {
  const missing = await deps.db
    .select()
    .from(sweepstakeDraws) // tenant-guard: allow — the sweep covers every program's draws, by state only.
    .where(and(isNull(sweepstakeDraws.entriesDigest), lte(sweepstakeDraws.committedAt, new Date(deps.clock.now() - DIGEST_GRACE_MS))))
    .limit(10)
  for (const draw of missing) await withEntriesDigest(programScope(deps.db, draw.programId), draw)
  return missing.map((d) => d.id)
}

/** The answer of generate entries (the reward detail's intent): the spec's words for the toast. */
export type GenerateEntriesResult = { success: boolean; message: string; data?: { entrants: number; total_tickets: number; commitment: string } }

/**
 * The reward detail's "generate entries" intent (admin-console-part-b.md sections 4 and 7,
 * engine-rules.md "sweepstake"): the draw's entries are generated from the participants' entries,
 * weighted by tickets, staff, blocked participants and earlier winners left out, optionally only the
 * participants the admin selected, with the seed committed (commitDraw: one batch). Idempotent: once
 * generated, generating again answers the same entries and writes nothing (also when two clicks race:
 * the draw row is UNIQUE per reward). No entry to generate from is the spec's empty result.
 */
export async function generateEntries(ctx: FairDrawContext, rewardId: number, adminId: number | null, only?: readonly number[]): Promise<GenerateEntriesResult> {
  const { scope } = ctx
  const reward = await findSweepstake(scope, rewardId)
  const generated = (draw: DrawRow): GenerateEntriesResult => ({
    success: true,
    message: 'Entries generated',
    data: { entrants: draw.entrants, total_tickets: draw.totalTickets, commitment: draw.commitment },
  })
  const existing = await findDraw(scope, reward.id)
  if (existing) return generated(await withEntriesDigest(scope, existing))
  try {
    return generated(await commitDraw(ctx, reward.id, adminId, only))
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    if (err.status === 409) {
      const raced = await findDraw(scope, reward.id)
      if (raced) return generated(raced)
    }
    if (err.message === 'There are no entries to draw from') throw unavailable(422, 'Failed to perform action')
    throw err
  }
}

/**
 * Draw: the winners from the seed and the snapshot (fair-draw.mjs drawWinners), then one batch: the
 * transition committed -> drawn (its status update fails the batch when the draw is no longer
 * committed: a retried or concurrent draw writes nothing), the entries' winner flags and the awards of
 * the first AWARDS_IN_DRAW_BATCH winners. Any further winners are awarded right after, under a lease
 * the batch takes (draw-awards.ts: each award is idempotent, the claim row's unique key); a draw whose
 * awards runner died is finished by the next draw request or the minute sweep once its lease is over.
 * Answers the draw as it is now, whoever drew it.
 */
export async function runDraw(ctx: FairDrawContext, rewardId: number, adminId: number | null): Promise<DrawRow> {
  const { scope, deps } = ctx
  const reward = await findSweepstake(scope, rewardId)
  const draw = await findDraw(scope, reward.id)
  if (!draw) throw unavailable(422, 'Commit the seed before drawing winners')
  let held: number | null = null
  if (draw.status === 'committed') {
    await withEntriesDigest(scope, draw)
    const snapshot = await snapshotOf(scope, draw)
    const drawn = await drawWinners({ seed: draw.seed, entries: snapshot, winners: draw.winnerCount, algorithm: draw.algorithm })
    const byId = new Map(snapshot.map((e) => [e.id, e]))
    const winners: DrawWinner[] = drawn.map((w) => ({ participant_id: byId.get(w.id)!.participant_id, id: w.id, tickets: w.tickets }))
    if (reward.limit - reward.claims < winners.length) {
      throw unavailable(409, `The reward's limit leaves room for ${Math.max(0, reward.limit - reward.claims)} winners, and the draw picks ${winners.length}`)
    }
    const now = deps.clock.now()
    const at = new Date(now)
    const unsubscribed = !(await hasWebhookFor(deps, scope.programId, 'reward.claimed'))
    const inBatch = winners.slice(0, AWARDS_IN_DRAW_BATCH)
    const allAwarded = inBatch.length === winners.length
    const lease = now + DRAW_AWARDS_LEASE_MS
    const transition = scope.update(
      sweepstakeDraws,
      {
        status: sql`(CASE WHEN ${sweepstakeDraws.status} = 'committed' THEN 'drawn' END)` as never,
        winners,
        drawnAt: at,
        drawnBy: adminId,
        awardedAt: allAwarded ? at : null,
        // The winners left for after the batch are this request's, under a lease (draw-awards.ts).
        awardsLeaseUntil: allAwarded ? null : new Date(lease),
      },
      eq(sweepstakeDraws.id, draw.id),
    )
    const flags = scope.update(
      sweepstakeEntries,
      { winner: true },
      and(eq(sweepstakeEntries.rewardId, reward.id), inArray(sweepstakeEntries.participantId, winners.map((w) => w.participant_id))),
    )
    try {
      await batch(scope.db, [transition, flags, ...inBatch.flatMap((w) => awardStatements(scope, reward, w.participant_id, now, unsubscribed))])
      held = lease
    } catch (err) {
      const text = errorText(err)
      if (!/NOT NULL constraint failed: sweepstake_draws\.status/.test(text)) {
        const failure = claimFailure(err)
        if (failure === 'already_claimed') throw unavailable(409, 'A winner of this draw already holds this reward: nothing was drawn')
        if (failure === 'out_of_stock') throw unavailable(409, 'Sorry, this reward is out of stock')
        throw err
      }
      // Drawn meanwhile by another request: answer its result (below).
    }
    invalidateRewardCatalog(deps)
    contentSaved(deps)
  }
  const current = (await findDraw(scope, reward.id))!
  if (current.status !== 'drawn' || current.awardedAt) return current
  // Awards left: this request's own (it drew), or taken over from a runner whose lease is over; while
  // another runner holds them, the draw is answered as it is.
  held ??= await takeAwards(scope, deps, current.id)
  return held === null ? current : completeAwards(scope, deps, reward, current, held)
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

function statusOf(draw: DrawRow | undefined): FairDrawStatus {
  return !draw ? 'open' : draw.status
}

/** What the public sees (the fairness page): no participant, no secret before the draw. */
export async function publicFairness(scope: ProgramScope, reward: RewardRow, participantId: number | null, auditUrl: string): Promise<PublicFairness> {
  const draw = await findDraw(scope, reward.id)
  const drawn = draw?.status === 'drawn'
  let yourEntry: PublicFairness['your_entry'] = null
  if (draw && participantId) {
    const mine = await scope.first(sweepstakeDrawEntries, and(eq(sweepstakeDrawEntries.drawId, draw.id), eq(sweepstakeDrawEntries.participantId, participantId)))
    if (mine) yourEntry = { id: await (await pseudonymizer(draw.pseudonymKey))(participantId), tickets: mine.tickets }
  }
  return {
    reward: { id: reward.id, name: reward.name },
    status: statusOf(draw),
    algorithm: draw?.algorithm ?? ALGORITHM,
    commitment: draw?.commitment ?? null,
    committed_at: iso(draw?.committedAt),
    entries_digest: draw?.entriesDigest ?? null,
    winner_count: draw?.winnerCount ?? null,
    entrants: draw?.entrants ?? null,
    total_tickets: draw?.totalTickets ?? null,
    seed: drawn ? draw.seed : null,
    drawn_at: iso(draw?.drawnAt),
    winners: drawn ? (draw.winners ?? []).map((w) => ({ id: w.id, tickets: w.tickets })) : [],
    audit_url: drawn ? auditUrl : null,
    your_entry: yourEntry,
  }
}

/** The console view: the public facts, who the winners are, and what a commit would snapshot now. */
export async function consoleFairDraw(ctx: FairDrawContext, rewardId: number): Promise<ConsoleFairDraw> {
  const { scope, deps, program } = ctx
  const reward = await findSweepstake(scope, rewardId)
  const pub = await publicFairness(scope, reward, null, '')
  const draw = await findDraw(scope, reward.id)
  let openEntrants = 0
  let openTickets = 0
  if (!draw) {
    const [row] = await scope.db
      .select({ n: count(), tickets: sql<number>`coalesce(sum(${sweepstakeEntries.count}), 0)` })
      .from(sweepstakeEntries)
      .innerJoin(participants, ENTRANT_JOIN)
      .where(scope.where(sweepstakeEntries, eligibleEntries(reward.id)))
    openEntrants = Number(row?.n ?? 0)
    openTickets = Number(row?.tickets ?? 0)
  }
  let winners: ConsoleFairDrawWinner[] = []
  if (draw?.status === 'drawn' && draw.winners?.length) {
    const ids = draw.winners.map((w) => w.participant_id)
    const people = await scope.select(participants, inArray(participants.id, ids))
    const held = await scope.select(rewardClaims, and(eq(rewardClaims.rewardId, reward.id), inArray(rewardClaims.participantId, ids), ne(rewardClaims.status, 'refunded')))
    const who = new Map(people.map((p) => [p.id, p]))
    const awarded = new Set(held.map((c) => c.participantId))
    winners = draw.winners.map((w) => {
      const p = who.get(w.participant_id)
      const name = p ? [p.firstName, p.lastName].filter(Boolean).join(' ') || null : null
      return { id: w.id, tickets: w.tickets, participant_id: w.participant_id, name, email: p?.email ?? null, awarded: awarded.has(w.participant_id) }
    })
  }
  const origin = await programSiteOrigin(deps, program)
  const query = deps.config.environment === 'production' ? '' : `?program=${encodeURIComponent(program.publicKey)}`
  return {
    ...pub,
    reward: { id: reward.id, name: reward.name, limit: reward.limit, claims: reward.claims },
    open_entrants: openEntrants,
    open_tickets: openTickets,
    winners,
    fairness_url: `${origin}/sweepstakes/${reward.id}/fairness${query}`,
    audit_url: draw?.status === 'drawn' ? `/admin/v2/programs/${program.id}/rewards/${reward.id}/fair_draw/audit.json` : null,
  }
}

/** The audit file (fair-draw.d.mts SweepstakeAudit), once drawn; 409 before. */
export async function auditFile(ctx: FairDrawContext, reward: RewardRow): Promise<SweepstakeAudit> {
  const { scope, program } = ctx
  const draw = await findDraw(scope, reward.id)
  if (!draw || draw.status !== 'drawn') throw unavailable(409, 'The audit file is ready once the winners are drawn')
  const entries = (await snapshotOf(scope, draw)).map((e) => ({ id: e.id, tickets: e.tickets }))
  return {
    format: AUDIT_FORMAT,
    format_version: AUDIT_FORMAT_VERSION,
    algorithm: draw.algorithm,
    program: { id: program.id, name: program.name },
    reward: { id: reward.id, name: reward.name },
    committed_at: draw.committedAt.toISOString(),
    drawn_at: draw.drawnAt!.toISOString(),
    commitment: draw.commitment,
    seed: draw.seed,
    entries_digest: draw.entriesDigest ?? (await entriesDigest(entries)),
    winner_count: draw.winnerCount,
    total_tickets: draw.totalTickets,
    entries,
    winners: (draw.winners ?? []).map((w) => ({ id: w.id, tickets: w.tickets })),
  }
}
