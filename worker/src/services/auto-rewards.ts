import { and, count, eq, inArray, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm'
import { challengeCompletions, challenges, participants, rewardClaims, rewards } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import type { ParticipantRow } from '../env'
import { activeRewardsCond, type RewardRow } from './rewards-state'
import { claimFailure, claimStatements } from './rewards-write'

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

async function ruleHolds(
  scope: ProgramScope,
  reward: RewardRow,
  p: ParticipantRow,
  now: number,
): Promise<boolean> {
  if (reward.selection === 'offer') return p.eligibleOffersRewards
  const rule = parseAutoRule(reward.parameters)
  if (!rule) return false
  switch (rule.rule) {
    case 'completed_challenges':
      return p.completedChallenges >= rule.value
    case 'lifetime_points':
      return p.points >= rule.value
    case 'tag':
      return completedAllTagged(scope, p.id, rule.tag, now)
  }
}

/**
 * Awards every active achievement and milestone whose rule now holds for the participant (and the
 * offer reward once they are eligible for offers), each in its own atomic batch: claim row
 * ('once', status won), claims + 1 within the limit, coupon if the reward has a pool, action
 * `reward_won`, webhook `reward.claimed`. Idempotent: the claim row's unique key makes a second
 * award (a retry, a concurrent request) fail, and that failure is expected and ignored, as is a
 * reward whose limit has been reached. Staff participants earn like everyone else.
 */
export async function evaluateAutoRewards(
  scope: ProgramScope,
  deps: Deps,
  participantId: number,
): Promise<void> {
  const now = deps.clock.now()
  const candidates = await scope
    .select(
      rewards,
      and(
        activeRewardsCond(now),
        inArray(rewards.selection, ['achievement', 'milestone', 'offer']),
        lt(rewards.claims, rewards.limit),
      ),
    )
    .orderBy(rewards.position, rewards.id)
  if (!candidates.length) return
  const [participant, earnedRows] = await Promise.all([
    scope.first(participants, eq(participants.id, participantId)),
    scope.db
      .select({ rewardId: rewardClaims.rewardId })
      .from(rewardClaims)
      .where(
        scope.where(
          rewardClaims,
          and(
            eq(rewardClaims.participantId, participantId),
            inArray(
              rewardClaims.rewardId,
              candidates.map((r) => r.id),
            ),
          ),
        ),
      ),
  ])
  if (!participant || participant.status === 'blocked') return
  const earned = new Set(earnedRows.map((r) => r.rewardId))
  for (const reward of candidates) {
    if (earned.has(reward.id) || !(await ruleHolds(scope, reward, participant, now))) continue
    const statements = claimStatements(scope, reward, {
      participantId,
      claimKey: 'once',
      status: 'won',
      pointsSpent: 0,
      now,
      actionType: 'reward_won',
    })
    try {
      await scope.db.batch(statements)
    } catch (err) {
      const failure = claimFailure(err)
      // Earned concurrently, or the limit was reached (or the required coupon pool is empty).
      if (failure === 'already_claimed' || failure === 'out_of_stock') continue
      throw err
    }
  }
}
