import { and, count, eq, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { challengeCompletions, challenges, participants, rewardClaims } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { loadRewardCatalog, noteClaims } from './reward-catalog'
import { type RewardRow, rewardStatus } from './rewards-state'
import { claimFailure, claimStatements, INVENTORY_INDEX } from './rewards-write'
import { hasWebhookFor } from '../webhooks/webhooks'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { mintOutboxStatement } from '../collectibles/service'
import { batch } from '../../db/batch'

/** The rule of an achievement or milestone (rewards.parameters). */
export type AutoRule =
  | { rule: 'completed_challenges'; value: number }
  | { rule: 'lifetime_points'; value: number }
  | { rule: 'tag'; tag: string }

export function parseAutoRule(parameters: Record<string, unknown>): AutoRule | null {
  const value = Number(parameters.value)
  switch (parameters.rule) {
    case 'completed_challenges':
    case 'lifetime_points':
      return Number.isFinite(value) && value >= 0 ? { rule: parameters.rule, value } : null
    case 'tag': {
      const tag =
        typeof parameters.tag === 'string' && parameters.tag
          ? parameters.tag
          : typeof parameters.value === 'string'
            ? parameters.value
            : ''
      return tag ? { rule: 'tag', tag } : null
    }
    default:
      return null
  }
}

/**
 * Whether the participant has completed every challenge carrying `tag` that participants can see and
 * that has started (approved, not draft, start passed); false when no such challenge exists.
 */
async function completedAllTagged(
  scope: ProgramScope,
  participantId: number,
  tag: string,
  now: number,
): Promise<boolean> {
  const tagged = and(
    eq(challenges.approved, true),
    ne(challenges.status, 'draft'),
    or(isNull(challenges.start), lte(challenges.start, new Date(now))),
    sql`EXISTS (SELECT 1 FROM json_each(${challenges.tagList}) WHERE json_each.value = ${tag})`,
  )
  const done = scope.db
    .select({ id: challengeCompletions.id })
    .from(challengeCompletions)
    .where(
      scope.where(
        challengeCompletions,
        and(
          eq(challengeCompletions.challengeId, challenges.id),
          eq(challengeCompletions.participantId, participantId),
        ),
      ),
    )
  const [row] = await scope.db
    .select({ total: count(), open: sql<number>`sum(CASE WHEN ${notExists(done)} THEN 1 ELSE 0 END)` })
    .from(challenges)
    .where(scope.where(challenges, tagged))
  return Boolean(row && row.total > 0 && Number(row.open) === 0)
}

async function ruleHolds(scope: ProgramScope, reward: RewardRow, p: ParticipantAfter, now: number): Promise<boolean> {
  if (reward.selection === 'offer') return p.eligibleOffersRewards
  const rule = parseAutoRule(reward.parameters)
  if (!rule) return false
  return rule.rule === 'tag' ? completedAllTagged(scope, p.id, rule.tag, now) : ruleHoldsFor(rule, p)
}

/** The participant's values a rule reads, as a write's batch returned them. */
export type ParticipantAfter = Pick<ParticipantRow, 'id' | 'status' | 'points' | 'completedChallenges' | 'eligibleOffersRewards' | 'tierId'>

/** What a write already knows when it asks for the automatic awards. */
export type KnownAfterWrite = {
  participant: ParticipantAfter
  /** The write completed a challenge (only then can a tag rule start to hold). */
  completedChallenge: boolean
  /** Which of `earnedChecked` the participant already holds, when the write's batch read it. */
  earned?: Set<number>
  earnedChecked?: number[]
}

const AUTO_SELECTIONS = new Set<RewardRow['selection']>(['achievement', 'milestone', 'offer'])

/** Active achievement, milestone and offer rewards still in stock, from the cached catalog. */
async function autoRewards(deps: Deps, programId: number, now: number): Promise<RewardRow[]> {
  const { list } = await loadRewardCatalog(deps, programId)
  return list.filter((r) => AUTO_SELECTIONS.has(r.selection) && rewardStatus(r, now) === 'active' && r.claims < r.limit)
}

/**
 * The automatic rewards whose rule may hold for these values, with no query: thresholds are compared
 * with the values, and a tag rule is only looked at after a completion (it holds once every tagged
 * challenge is completed, so nothing else can make it start to hold).
 */
function mayHold(rewards: RewardRow[], p: ParticipantAfter, completedChallenge: boolean): RewardRow[] {
  return rewards.filter((reward) => {
    if (reward.selection === 'offer') return p.eligibleOffersRewards
    const rule = parseAutoRule(reward.parameters)
    if (!rule) return false
    if (rule.rule === 'tag') return completedChallenge
    return ruleHoldsFor(rule, p)
  })
}

const ruleHoldsFor = (rule: Exclude<AutoRule, { rule: 'tag' }>, p: ParticipantAfter) =>
  rule.rule === 'completed_challenges' ? p.completedChallenges >= rule.value : p.points >= rule.value

/**
 * For a write that is about to run: the automatic rewards worth checking with values `predicted`
 * (the participant's values plus the write's effect), so the write's batch can read the participant's
 * claims of them too (earnedStatement). Empty: no rule can hold, nothing to read.
 */
export async function autoRewardsToCheck(deps: Deps, programId: number, predicted: ParticipantAfter, completedChallenge: boolean): Promise<number[]> {
  const now = deps.clock.now()
  return mayHold(await autoRewards(deps, programId, now), predicted, completedChallenge).map((r) => r.id)
}

/** For a write's batch: which of `rewardIds` the participant holds a claim of. Its slot holds `[{ rewardId }]`. */
export function earnedStatement(scope: ProgramScope, participantId: number, rewardIds: number[]) {
  const statement = preparedFor(scope.db, 'earned-rewards', (d) =>
    d
      .select({ rewardId: rewardClaims.rewardId })
      .from(rewardClaims)
      .where(
        programScope(d, PROGRAM_ID).where(
          rewardClaims,
          and(eq(rewardClaims.participantId, param('participantId')), inArray(rewardClaims.rewardId, sql`(SELECT value FROM json_each(${sql.placeholder('rewardIds')}))`)),
        ),
      )
      .prepare(),
  )
  return bound<{ rewardId: number }[]>(statement, { programId: scope.programId, participantId, rewardIds: JSON.stringify(rewardIds) })
}

/**
 * Awards every active achievement and milestone whose rule now holds for the participant (and the
 * offer reward once they are eligible for offers), each in its own atomic batch: claim row
 * ('once', status won), claims + 1 within the limit, coupon if the reward has a pool, action
 * `reward_won`, webhook `reward.claimed`. Idempotent: the claim row's unique key makes a second
 * award (a retry, a concurrent request) fail, and that failure is expected and ignored, as is a
 * reward whose limit has been reached. Staff participants earn like everyone else.
 *
 * After a write that returned the participant's new values (`known`), rules that cannot hold for them
 * cost no query, and the claims already held come from the write's batch when it read them.
 * Answers the ids of the rewards it awarded.
 */
export async function evaluateAutoRewards(
  scope: ProgramScope,
  deps: Deps,
  participantId: number,
  known?: KnownAfterWrite,
): Promise<number[]> {
  const now = deps.clock.now()
  const awarded: number[] = []
  let candidates = await autoRewards(deps, scope.programId, now)
  if (known) candidates = mayHold(candidates, known.participant, known.completedChallenge)
  if (!candidates.length) return awarded
  let participant: ParticipantAfter | undefined = known?.participant
  const ids = candidates.map((r) => r.id)
  const checked = known?.earned && ids.every((id) => known.earnedChecked?.includes(id))
  const [fresh, earnedRows] = await Promise.all([
    participant ? undefined : scope.first(participants, eq(participants.id, participantId)),
    checked ? undefined : earnedStatement(scope, participantId, ids),
  ])
  participant ??= fresh
  if (!participant || participant.status === 'blocked') return awarded
  const earned = checked ? known!.earned! : new Set(earnedRows!.map((r) => r.rewardId))
  for (const reward of candidates) {
    if (earned.has(reward.id) || !(await ruleHolds(scope, reward, participant, now))) continue
    const statements = claimStatements(scope, reward, {
      participantId,
      claimKey: 'once',
      status: 'won',
      pointsSpent: 0,
      now,
      actionType: 'reward_won',
      unsubscribed: !(await hasWebhookFor(deps, scope.programId, 'reward.claimed')),
    })
    // An achievement with a collectible collection queues the earner's mint in the same batch (features/collectibles).
    const mint = reward.selection === 'achievement' ? [mintOutboxStatement(scope, reward.id, participantId)] : []
    try {
      const results = (await batch(scope.db, [...statements, ...mint])) as unknown[]
      noteClaims(reward, (results[INVENTORY_INDEX] as { claims: number }[])[0]?.claims)
      if (mint.length) dispatchOutboxLater(deps, outboxIdsFrom(results, [statements.length]))
      awarded.push(reward.id)
    } catch (err) {
      const failure = claimFailure(err)
      // Earned concurrently, or the limit was reached (or the required coupon pool is empty).
      if (failure === 'out_of_stock') noteClaims(reward, reward.limit)
      if (failure === 'already_claimed' || failure === 'out_of_stock') continue
      throw err
    }
  }
  return awarded
}
