import { and, asc, count, eq, gte, ne, type SQL, sql } from 'drizzle-orm'
import type { PossibleWinners, RewardIntentResult } from '../../../../sdk/contract/console/rewards'
import { participants, rewardClaims, rewards } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { inIds } from '../../db/in-ids'
import { dispatchOutboxLater, outboxIdsFrom, outboxInsert, registerOutboxTask } from '../webhooks/outbox'
import { hasWebhookFor } from '../webhooks/webhooks'
import { mintOutboxStatement } from '../collectibles/service'
import { parseAutoRule } from './auto-rewards'
import { invalidateRewardCatalog } from './reward-catalog'
import type { RewardRow } from './rewards-state'
import { claimFailure, claimStatements } from './rewards-write'
import { batch } from '../../db/batch'

/** The outbox topic of a winner sync: the work runs after the answer, through the queue. */
export const SYNC_WINNERS_TOPIC = 'rewards.sync_winners'
export type SyncWinnersPayload = { reward_id: number; send_email: boolean }

/** One batch of winners per query: a sync of thousands awards them page by page. */
const SYNC_PAGE = 200

const failed = (message = 'Failed to perform action') => new AppError('validation_failed', 422, message, undefined, { success: false })

/**
 * Who may be synced as a winner of an achievement or milestone: the program's participants who are
 * not staff (engine-rules.md: staff never win), not blocked, do not hold the reward yet, and for whom
 * the reward's rule holds (completed challenges count, lifetime points, or every started, approved
 * challenge with the tag completed). Null: the reward has no valid rule, nobody is eligible.
 */
function eligibleCondition(scope: ProgramScope, reward: RewardRow, now: number): SQL | null {
  const rule = parseAutoRule(reward.parameters)
  if (!rule) return null
  // Correlated subqueries name their tables in plain SQL: drizzle leaves columns unqualified in a
  // one-table query, and `participants.id` must mean the outer row.
  const holdsAlready = sql`EXISTS (SELECT 1 FROM reward_claims rc WHERE rc.program_id = participants.program_id AND rc.reward_id = ${reward.id} AND rc.participant_id = participants.id)`
  let ruleHolds: SQL
  if (rule.rule === 'completed_challenges') ruleHolds = gte(participants.completedChallenges, rule.value)
  else if (rule.rule === 'lifetime_points') ruleHolds = gte(participants.points, rule.value)
  else {
    const tagged = sql`ch.program_id = ${scope.programId} AND ch.approved = 1 AND ch.status <> 'draft' AND (ch.start IS NULL OR ch.start <= ${now})
      AND EXISTS (SELECT 1 FROM json_each(ch.tag_list) WHERE json_each.value = ${rule.tag})`
    const open = sql`NOT EXISTS (SELECT 1 FROM challenge_completions cc WHERE cc.program_id = ch.program_id AND cc.challenge_id = ch.id AND cc.participant_id = participants.id)`
    ruleHolds = sql`(EXISTS (SELECT 1 FROM challenges ch WHERE ${tagged}) AND NOT EXISTS (SELECT 1 FROM challenges ch WHERE ${tagged} AND ${open}))`
  }
  return and(eq(participants.staff, false), ne(participants.status, 'blocked'), sql`NOT ${holdsAlready}`, ruleHolds)!
}

const isAuto = (reward: RewardRow) => reward.selection === 'achievement' || reward.selection === 'milestone'

/** fetch_possible_winners_to_sync: the stock left and how many participants could be synced. */
export async function possibleWinners(scope: ProgramScope, deps: Deps, reward: RewardRow): Promise<PossibleWinners> {
  if (!isAuto(reward)) throw failed('Sync winners is for achievement and milestone rewards')
  const cond = eligibleCondition(scope, reward, deps.clock.now())
  const eligible = cond ? await scope.count(participants, cond) : 0
  return { success: true, limit_left: Math.max(0, reward.limit - reward.claims), eligible_participants_count: eligible }
}

/**
 * sync_winners: queues the sync and answers 'Winners are being synced' (spec section 4: not
 * immediate). Refused when nothing can be synced (no stock left or nobody eligible), as the console
 * disables the button then.
 */
export async function queueSyncWinners(scope: ProgramScope, deps: Deps, reward: RewardRow, sendEmail: boolean): Promise<RewardIntentResult> {
  const { limit_left, eligible_participants_count } = await possibleWinners(scope, deps, reward)
  if (limit_left === 0) throw failed('No rewards are left to award')
  if (eligible_participants_count === 0) throw failed('No eligible participants to sync')
  const payload: SyncWinnersPayload = { reward_id: reward.id, send_email: sendEmail }
  const [row] = await outboxInsert(scope.db, scope.programId, { topic: SYNC_WINNERS_TOPIC, payload })
  dispatchOutboxLater(deps, row ? [row.id] : [])
  return { success: true, message: 'Winners are being synced', data: { limit_left, eligible_participants_count, to_sync: Math.min(limit_left, eligible_participants_count) } }
}

type AwardResult = 'awarded' | 'already' | 'sold_out'

/**
 * Awards one winner through the claim path's own statements (claimStatements: claim row 'once' with
 * status won, claims + 1 within the limit, a coupon from the pool, action reward_won, webhook), plus the
 * winner's e-mail when asked, in one atomic batch. The claim row's UNIQUE key makes a second award of
 * the same participant (a second sync, a concurrent one, an automatic award) fail whole: each winner
 * is awarded once.
 */
async function awardWinner(scope: ProgramScope, deps: Deps, reward: RewardRow, winner: { id: number; email: string; firstName: string }, sendEmail: boolean, unsubscribed: boolean): Promise<AwardResult> {
  const now = deps.clock.now()
  const statements = claimStatements(scope, reward, {
    participantId: winner.id,
    claimKey: 'once',
    status: 'won',
    pointsSpent: 0,
    now,
    actionType: 'reward_won',
    unsubscribed,
  })
  const webhookIndex = statements.length - 1
  const mail = sendEmail
    ? [
        outboxInsert(
          scope.db,
          scope.programId,
          {
            topic: 'email',
            payload: {
              to: winner.email,
              from: deps.config.mailFrom,
              subject: `You won: ${reward.name}`,
              text: `Hi ${winner.firstName || 'there'},\n\nCongratulations! You have been awarded "${reward.name}". Sign in to see it in your account.\n`,
            },
          },
          `reward-won-mail:${scope.programId}:${reward.id}:${winner.id}`,
        ),
      ]
    : []
  try {
    // A synced achievement winner is an earner too: their collectible's mint goes in the same batch.
    const mint = reward.selection === 'achievement' ? [mintOutboxStatement(scope, reward.id, winner.id)] : []
    const results = (await batch(scope.db, [...statements, ...mail, ...mint])) as unknown[]
    const mintIndex = mint.length ? [statements.length + mail.length] : []
    dispatchOutboxLater(deps, [...new Set(outboxIdsFrom(results, [...(unsubscribed ? [statements.length] : [webhookIndex, statements.length]), ...mintIndex]).filter(Boolean))])
    return 'awarded'
  } catch (err) {
    const failure = claimFailure(err)
    if (failure === 'already_claimed') return 'already'
    if (failure === 'out_of_stock') return 'sold_out'
    throw err
  }
}

/**
 * The queued sync (outbox topic rewards.sync_winners): awards min(stock left, eligible participants),
 * oldest participants first, page by page until the stock or the eligible participants run out.
 * Safe to run twice or at the same time as another sync: awardWinner awards each participant once,
 * and the claims CHECK never lets claims pass the limit. Answers how many it awarded.
 */
export async function runSyncWinners(deps: Deps, programId: number, payload: SyncWinnersPayload): Promise<number> {
  const scope = programScope(deps.db, programId)
  let awarded = 0
  const unsubscribed = !(await hasWebhookFor(deps, programId, 'reward.claimed'))
  for (;;) {
    const reward = await scope.first(rewards, eq(rewards.id, payload.reward_id))
    if (!reward || !isAuto(reward)) break
    const left = reward.limit - reward.claims
    const cond = eligibleCondition(scope, reward, deps.clock.now())
    if (left <= 0 || !cond) break
    const page = await scope
      .select(participants, cond)
      .orderBy(asc(participants.id))
      .limit(Math.min(left, SYNC_PAGE))
    if (!page.length) break
    for (const p of page) {
      const result = await awardWinner(scope, deps, reward, p, payload.send_email, unsubscribed)
      if (result === 'sold_out') return finish(deps, awarded)
      if (result === 'awarded') awarded++
    }
    // Read the stock and the eligible again: whoever was awarded here or elsewhere is no longer eligible.
  }
  return finish(deps, awarded)
}

function finish(deps: Deps, awarded: number) {
  // The cached catalog's stock counts moved on: this process reads them again.
  if (awarded) invalidateRewardCatalog(deps)
  return awarded
}

/**
 * set_winners of a mini contest: awards the chosen participants of the program (not staff, not
 * blocked, not winners already) within the stock: 'Winner assigned', or 'Failed to perform action'
 * when nobody could be awarded.
 */
export async function setMiniContestWinners(scope: ProgramScope, deps: Deps, reward: RewardRow, ids: number[]): Promise<RewardIntentResult> {
  if (reward.selection !== 'mini-contest') throw failed()
  const chosen = await scope
    .select(participants, and(inIds(participants.id, [...new Set(ids)]), eq(participants.staff, false), ne(participants.status, 'blocked')))
    .orderBy(asc(participants.id))
  const unsubscribed = !(await hasWebhookFor(deps, scope.programId, 'reward.claimed'))
  let awarded = 0
  for (const p of chosen) {
    const result = await awardWinner(scope, deps, reward, p, false, unsubscribed)
    if (result === 'sold_out') break
    if (result === 'awarded') awarded++
  }
  if (!awarded) throw failed()
  invalidateRewardCatalog(deps)
  return { success: true, message: 'Winner assigned', data: { awarded } }
}

/** How many participants hold the reward (tests and the detail). */
export const winnersOf = async (scope: ProgramScope, rewardId: number) =>
  (await scope.db.select({ n: count() }).from(rewardClaims).where(scope.where(rewardClaims, eq(rewardClaims.rewardId, rewardId))))[0]?.n ?? 0


registerOutboxTask(SYNC_WINNERS_TOPIC, async (deps, programId, payload) => {
  if (programId === null) throw new Error('a winner sync needs its program')
  return runSyncWinners(deps, programId, payload as unknown as SyncWinnersPayload)
})
