import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm'
import type {
  ActionPage,
  ApiAction,
  ApiChallengeCompletion,
  ApiIdentityToken,
  ApiReward,
  IdentityTokenCreate,
  RewardClaim,
  RewardClaimResult,
  RewardPage,
} from '../../../../sdk/contract/api-v1'
import { participantActions, participantExternalIds, participants, programs, rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { activeChallenge } from '../challenges/challenge-submit'
import { completeChallenge } from '../challenges/completions'
import { claimReward } from '../rewards/rewards-claim'
import { activeRewardsCond, type RewardRow, rewardStatus } from '../rewards/rewards-state'
import { MAX_IDENTITY_TOKEN_SECONDS, signIdentityToken } from '../signin/identity'
import { getParticipant, type KeyCheck, participantOr404, participantWithExternalIdOr404, toApiParticipant } from './api-v1-service'

/**
 * The server API's calls that act through the engine (docs/decisions/0025-server-api-v1.md): each
 * reuses the service the participant site uses, so points, repeat rules, inventory, the ledger,
 * actions, tiers, automatic rewards and webhooks behave exactly the same.
 */

/** Challenge types the engine completes by itself: the API cannot complete them on anyone's behalf. */
const ENGINE_COMPLETED: Record<string, { code: 'validation_failed' | 'payment_required'; message: string }> = {
  signup: { code: 'validation_failed', message: 'A sign-up challenge completes when the participant joins' },
  referral: { code: 'validation_failed', message: 'A referral challenge completes when an invited friend joins' },
  membership: { code: 'payment_required', message: 'A membership challenge completes once its payment goes through' },
  donation: { code: 'payment_required', message: 'A donation challenge completes once its payment goes through' },
}

/**
 * POST /api/v1/participants/{id}/challenges/{challenge_id}/complete: the visible, active challenge
 * (by id or identifier) completed through completeChallenge, the same batch a site submission
 * writes; `api_completion_only` challenges are completed only this way. Its repeat rule decides:
 * a second completion in the same period answers 409 already_completed, past the maximum 409
 * completion_limit_reached.
 */
export async function completeForParticipant(scope: ProgramScope, deps: Deps, participantId: number, challengeId: string): Promise<ApiChallengeCompletion> {
  const participant = await participantOr404(scope, participantId)
  const challenge = await activeChallenge({ scope, deps, participant, origin: '' }, challengeId)
  const refused = ENGINE_COMPLETED[challenge.challengeType]
  if (refused) throw new AppError(refused.code, 422, refused.message, { challenge_id: refused.message })
  const done = await completeChallenge(scope, deps, { challenge, participant, details: { source: 'api' } })
  return {
    object: 'challenge_completion',
    challenge_id: challenge.id,
    identifier: challenge.identifier,
    challenge_type: challenge.challengeType,
    participant_id: participant.id,
    points: done.points,
    period_key: done.periodKey,
    completed_at: done.createdAt.toISOString(),
    participant: await getParticipant(scope, participant.id),
  }
}

export function toApiReward(row: RewardRow, now: number): ApiReward {
  const status = rewardStatus(row, now)
  return {
    object: 'reward',
    id: row.id,
    name: row.name,
    selection: row.selection,
    description: row.description,
    cost: row.threshold,
    repeatable: row.repeatable,
    featured: row.featured,
    status: status === 'draft' ? 'ended' : status,
    limit: row.limit,
    claims: row.claims,
    remaining: Math.max(0, row.limit - row.claims),
    starts_at: row.start?.toISOString() ?? null,
    ends_at: row.finish?.toISOString() ?? null,
  }
}

/** The SQL form of rewardStatus's `scheduled` and `ended` for published rewards (`active`: activeRewardsCond). */
function statusCond(status: 'active' | 'scheduled' | 'ended' | undefined, now: number): SQL | undefined {
  const at = new Date(now)
  if (status === 'active') return activeRewardsCond(now)
  if (status === 'scheduled') return and(ne(rewards.status, 'ended'), gt(rewards.start, at))
  if (status === 'ended') return or(eq(rewards.status, 'ended'), and(or(isNull(rewards.start), lte(rewards.start, at)), lte(rewards.finish, at)))
  return undefined
}

/** GET /api/v1/rewards: published rewards (approved, not draft) by id ascending, `limit` after `starting_after`. */
export async function listRewards(scope: ProgramScope, deps: Deps, query: { limit: number; starting_after?: number | undefined; status?: 'active' | 'scheduled' | 'ended' | undefined }): Promise<RewardPage> {
  const now = deps.clock.now()
  const rows = await scope
    .select(rewards, and(eq(rewards.approved, true), ne(rewards.status, 'draft'), statusCond(query.status, now), query.starting_after !== undefined ? gt(rewards.id, query.starting_after) : undefined))
    .orderBy(asc(rewards.id))
    .limit(query.limit + 1)
  return { object: 'list', data: rows.slice(0, query.limit).map((r) => toApiReward(r, now)), has_more: rows.length > query.limit }
}

async function programRow(deps: Deps, programId: number): Promise<ProgramRow> {
  const [row] = await deps.db.select().from(programs).where(eq(programs.id, programId))
  if (!row) throw new AppError('not_found', 404, 'No such program')
  return row
}

/**
 * POST /api/v1/participants/{id}/rewards/{reward_id}/claim: claimReward, the participant site's claim
 * (inventory, one-claim rule, the points spend and the coupon in one batch). The request's
 * Idempotency-Key names the claim of a repeatable reward, so a retry never claims twice.
 */
export async function claimForParticipant(scope: ProgramScope, deps: Deps, participantId: number, rewardId: number, input: RewardClaim, idempotencyKey: string): Promise<RewardClaimResult> {
  const participant = await participantOr404(scope, participantId)
  const program = await programRow(deps, scope.programId)
  const result = await claimReward({ scope, deps, program, participant }, { rewardId, entries: input.entries, idempotencyKey: `api:${idempotencyKey}` })
  const row = (await scope.first(rewards, eq(rewards.id, rewardId)))!
  const reward = result.reward
  return {
    object: 'reward_claim',
    reward_id: rewardId,
    participant_id: participant.id,
    coupon_code: reward.coupon_code,
    claimed_at: reward.earned_by_current_participant_on,
    sweepstake_entries: reward.participant_sweepstakes_entry?.count ?? null,
    reward: toApiReward(row, deps.clock.now()),
    participant: await getParticipant(scope, participant.id),
  }
}

const toAction = (row: typeof participantActions.$inferSelect): ApiAction => ({
  object: 'action',
  id: row.id,
  participant_id: row.participantId,
  type: row.actionType,
  title: row.title,
  points: row.points,
  actionable_type: row.actionableType,
  actionable_id: row.actionableId,
  details: row.details ?? null,
  created_at: row.createdAt.toISOString(),
})

/**
 * GET /api/v1/participants/{id}/actions: newest first, `limit` rows after the `starting_after` id.
 * `expand[]=participant` adds the participant to each action, `expand[]=reward` the reward of reward
 * actions (claims, awards; null on the others), read in one query for the page.
 */
export async function participantActionsPage(
  scope: ProgramScope,
  deps: Deps,
  participantId: number,
  query: { limit: number; starting_after?: number | undefined; expand?: ('participant' | 'reward')[] | undefined },
  key?: KeyCheck,
): Promise<ActionPage> {
  // The participant (its 404, and its expansion) and the key's check in one statement.
  const found = await participantWithExternalIdOr404(scope, participantId, key)
  const rows = await scope
    .select(participantActions, and(eq(participantActions.participantId, participantId), query.starting_after !== undefined ? lt(participantActions.id, query.starting_after) : undefined))
    .orderBy(desc(participantActions.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const expand = new Set(query.expand ?? [])
  const participant = expand.has('participant') ? toApiParticipant(found.participant, found.externalId) : undefined
  const rewardIds = expand.has('reward') ? [...new Set(page.filter((r) => r.actionableType === 'Reward' && r.actionableId !== null).map((r) => r.actionableId!))] : []
  const now = deps.clock.now()
  const rewardById = new Map(rewardIds.length ? (await scope.select(rewards, inArray(rewards.id, rewardIds))).map((r) => [r.id, toApiReward(r, now)]) : [])
  const data = page.map((row) => {
    const action = toAction(row)
    if (participant) action.participant = participant
    if (expand.has('reward')) action.reward = (row.actionableType === 'Reward' && row.actionableId !== null ? rewardById.get(row.actionableId) : undefined) ?? null
    return action
  })
  return { object: 'list', data, has_more: rows.length > query.limit }
}

/**
 * POST /api/v1/identity_tokens: the partner identity token of docs/embedding.md ("Identity tokens"),
 * signed with the program's identity secret exactly as a partner's server would (signIdentityToken,
 * which exchangeIdentityToken verifies): for this e-mail, or for the e-mail of the participant with
 * this external id. Short-lived (at most MAX_IDENTITY_TOKEN_SECONDS) and single use.
 */
export async function issueIdentityToken(scope: ProgramScope, deps: Deps, input: IdentityTokenCreate): Promise<ApiIdentityToken> {
  const program = await programRow(deps, scope.programId)
  if (!program.partnerIdentitySecret) throw new AppError('forbidden', 403, 'This program has no identity secret: set one before issuing identity tokens')
  let participant: typeof participants.$inferSelect | undefined
  if (input.external_id !== undefined) {
    const ref = await scope.first(participantExternalIds, eq(participantExternalIds.externalId, input.external_id))
    participant = ref ? await scope.first(participants, eq(participants.id, ref.participantId)) : undefined
    if (!participant) throw new AppError('not_found', 404, 'external_id: no participant with this external id', { external_id: 'not found' })
    if (input.email !== undefined && participant.email !== input.email.toLowerCase()) {
      throw new AppError('validation_failed', 422, 'email: is not the e-mail of the participant with this external_id', { email: 'does not match external_id' })
    }
  }
  const email = participant?.email ?? input.email!.toLowerCase()
  participant ??= await scope.first(participants, eq(participants.email, email))
  const iat = Math.floor(deps.clock.now() / 1000)
  const exp = iat + Math.min(input.expires_in, MAX_IDENTITY_TOKEN_SECONDS)
  const token = await signIdentityToken(program.partnerIdentitySecret, {
    email,
    ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
    ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
    iat,
    exp,
    jti: `api_${randomToken(16)}`,
  })
  return { object: 'identity_token', token, email, participant_id: participant?.id ?? null, expires_at: new Date(exp * 1000).toISOString() }
}
