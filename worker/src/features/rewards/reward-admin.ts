import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { FormDefinition, FormResult } from '../../../../sdk/contract/console/forms'
import {
  type ConsoleReward,
  REWARD_FIELDS_BY_SELECTION,
  type RewardDetail,
  rewardFieldUsed,
  rewardFormObject,
  rewardFormSchema,
  type RewardFormValues,
  type RewardListResponse,
  type rewardListQuerySchema,
  splitTags,
} from '../../../../sdk/contract/console/rewards'
import { coupons, rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { formDefinition, validateForm } from '../console/forms'
import { chainIntegrationEnabled } from '../participants/participant-tabs'
import { rewardCollection } from '../collectibles/service'
import { contentSaved } from '../programs/content-version'
import { sanitizeRichText } from '../../lib/sanitize-html'
import { invalidateRewardCatalog } from './reward-catalog'
import { type RewardRow, rewardStatus } from './rewards-state'

type ListQuery = z.output<typeof rewardListQuerySchema>

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A missing id and another program's reward alike (the console toasts it and leaves). */
export async function findRewardOr404(scope: ProgramScope, id: number): Promise<RewardRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(rewards, eq(rewards.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Reward not found', { reward_id: 'not found' })
  return row
}

export function toConsoleReward(row: RewardRow, now: number): ConsoleReward {
  return {
    id: row.id,
    program_id: row.programId,
    name: row.name,
    image: { url: row.image },
    selection: row.selection,
    status: rewardStatus(row, now),
    approved: row.approved,
    featured: row.featured,
    threshold: row.threshold,
    limit: row.limit,
    claims: row.claims,
    balance: row.limit - row.claims,
    points: row.points,
    start: iso(row.start),
    finish: iso(row.finish),
    tag_list: row.tagList,
    created_at: row.createdAt.toISOString(),
  }
}

/** The effective status as SQL, the same rule as rewardStatus(). */
function statusCondition(status: NonNullable<ListQuery['status']>, now: number): SQL {
  const at = new Date(now)
  const live = and(ne(rewards.status, 'draft'), ne(rewards.status, 'ended'))
  switch (status) {
    case 'draft':
      return eq(rewards.status, 'draft')
    case 'ended':
      return or(eq(rewards.status, 'ended'), and(ne(rewards.status, 'draft'), or(isNull(rewards.start), lte(rewards.start, at)), isNotNull(rewards.finish), lte(rewards.finish, at)))!
    case 'scheduled':
      return and(live, isNotNull(rewards.start), gt(rewards.start, at))!
    case 'active':
      return and(live, or(isNull(rewards.start), lte(rewards.start, at)), or(isNull(rewards.finish), gt(rewards.finish, at)))!
  }
}

const SORT_COLUMNS = {
  name: sql`lower(${rewards.name})`,
  selection: rewards.selection,
  threshold: rewards.threshold,
  limit: rewards.limit,
  claims: rewards.claims,
  start: rewards.start,
  finish: rewards.finish,
  created_at: rewards.createdAt,
} as const

/** GET .../rewards: a page of the program's rewards (every status: the console sees drafts too). */
export async function listRewards(scope: ProgramScope, deps: Deps, query: ListQuery): Promise<RewardListResponse> {
  const now = deps.clock.now()
  const where = and(
    query.q ? contains(rewards.name, query.q) : undefined,
    query.selection ? eq(rewards.selection, query.selection) : undefined,
    query.status ? statusCondition(query.status, now) : undefined,
    query.tag ? sql`EXISTS (SELECT 1 FROM json_each(${rewards.tagList}) WHERE json_each.value = ${query.tag})` : undefined,
  )
  const dir = query.order === 'asc' ? asc : desc
  const [total, rows] = await Promise.all([
    scope.count(rewards, where),
    scope
      .select(rewards, where)
      .orderBy(dir(SORT_COLUMNS[query.sort]), dir(rewards.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return {
    data: rows.map((r) => toConsoleReward(r, now)),
    meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) },
  }
}

export async function rewardDetail(scope: ProgramScope, deps: Deps, row: RewardRow): Promise<RewardDetail> {
  const [pool] = await scope.db
    .select({ total: count(), free: sql<number>`coalesce(sum(CASE WHEN ${coupons.assignedAt} IS NULL THEN 1 ELSE 0 END), 0)` })
    .from(coupons)
    .where(scope.where(coupons, eq(coupons.rewardId, row.id)))
  return {
    ...toConsoleReward(row, deps.clock.now()),
    description: row.description,
    terms_conditions: row.termsConditions,
    redemption_details: row.redemptionDetails,
    redemption_image: { url: row.redemptionImage },
    active_image: { url: row.activeImage },
    repeatable: row.repeatable,
    coupons_required: row.couponsRequired,
    parameters: row.parameters,
    coupons: { total: pool?.total ?? 0, free: Number(pool?.free ?? 0) },
    // The collectible collection (features/collectibles): its address and its creation transaction's link.
    ...(await rewardCollection(scope, row.id)),
    blockchain_enabled: await chainIntegrationEnabled(scope),
  }
}

// ---- Form ----------------------------------------------------------------------------------------

/** The form's values of a saved reward (edit's defaultValues). */
function formValuesOf(row: RewardRow): RewardFormValues {
  const p = row.parameters
  const rule = typeof p.rule === 'string' && ['completed_challenges', 'tag', 'lifetime_points'].includes(p.rule) ? (p.rule as RewardFormValues['achievement_rule']) : ''
  return {
    name: row.name,
    selection: row.selection,
    status: row.status === 'scheduled' ? 'active' : row.status,
    description: row.description,
    image: row.image ?? '',
    threshold: row.threshold,
    limit: row.limit,
    points: row.points,
    start: iso(row.start) ?? '',
    finish: iso(row.finish) ?? '',
    featured: row.featured,
    repeatable: row.repeatable,
    terms_conditions: row.termsConditions ?? '',
    redemption_details: row.redemptionDetails ?? '',
    redemption_image: row.redemptionImage ?? '',
    coupons_required: row.couponsRequired,
    achievement_rule: rule,
    achievement_count: rule === 'completed_challenges' ? Number(p.value) || 0 : 1,
    achievement_tag: rule === 'tag' ? String(p.tag ?? p.value ?? '') : '',
    achievement_points: rule === 'lifetime_points' ? Number(p.value) || 0 : 0,
    active_image: row.activeImage ?? '',
    tag_list: row.tagList.join(', '),
  }
}

/** The form definition, plus which fields each selection uses (the console shows only those). */
export type RewardFormDefinition = FormDefinition & { fields_by_selection: typeof REWARD_FIELDS_BY_SELECTION }

export function rewardForm(row?: RewardRow): RewardFormDefinition {
  const definition = formDefinition(rewardFormObject, row ? formValuesOf(row) : { selection: 'redeem' })
  return { ...definition, fields_by_selection: REWARD_FIELDS_BY_SELECTION }
}

const orNull = (v: string) => (v === '' ? null : v)

/** The columns a valid form writes; fields the selection does not use keep their defaults. */
function columnsOf(v: RewardFormValues) {
  const used = (f: Parameters<typeof rewardFieldUsed>[1]) => rewardFieldUsed(v.selection, f)
  const auto = v.selection === 'achievement' || v.selection === 'milestone'
  const parameters: Record<string, unknown> = !auto
    ? {}
    : v.achievement_rule === 'tag'
      ? { rule: 'tag', tag: v.achievement_tag }
      : v.achievement_rule === 'lifetime_points'
        ? { rule: 'lifetime_points', value: v.achievement_points }
        : { rule: 'completed_challenges', value: v.achievement_count }
  return {
    name: v.name,
    selection: v.selection,
    status: v.status,
    description: v.description,
    image: orNull(v.image),
    threshold: used('threshold') ? v.threshold : 0,
    limit: v.limit,
    points: used('points') ? v.points : 0,
    start: v.start ? new Date(v.start) : null,
    finish: v.finish ? new Date(v.finish) : null,
    featured: v.featured,
    repeatable: used('repeatable') ? v.repeatable : false,
    // Rich text (rendered with RichText on the site): stored sanitized.
    termsConditions: orNull(sanitizeRichText(v.terms_conditions)),
    redemptionDetails: orNull(v.redemption_details),
    redemptionImage: orNull(v.redemption_image),
    couponsRequired: used('coupons_required') ? v.coupons_required : false,
    parameters,
    activeImage: used('active_image') ? orNull(v.active_image) : null,
    tagList: splitTags(v.tag_list),
  }
}

/**
 * After a reward write: the rewards triggers moved the program's content version on (migration 0014);
 * this process drops what it kept, so the participant site shows the save on the next request.
 */
function saved(deps: Deps) {
  invalidateRewardCatalog(deps)
  contentSaved(deps)
}

type SaveResult = { status: 200 | 201 | 422; result: FormResult }

/** POST .../rewards: 'Reward created successfully.' with { id }, or the form's errors (422). */
export async function createReward(scope: ProgramScope, deps: Deps, body: unknown): Promise<SaveResult> {
  const form = validateForm(rewardFormSchema, body)
  if (!form.ok) return { status: 422, result: form.result }
  const [position] = await scope.db
    .select({ next: sql<number>`coalesce(max(${rewards.position}), 0) + 1` })
    .from(rewards)
    .where(scope.where(rewards))
  const [row] = await scope
    .insert(rewards, { ...columnsOf(form.data), position: Number(position?.next ?? 1) })
    .returning({ id: rewards.id })
  saved(deps)
  return { status: 201, result: { success: true, errors: {}, data: { id: row!.id, message: 'Reward created successfully.' } } }
}

/**
 * PUT .../rewards/{id}: the whole form. The limit may not go below the claims already made (the
 * claims CHECK would refuse it anyway); the claims count itself is never written here.
 */
export async function updateReward(scope: ProgramScope, deps: Deps, row: RewardRow, body: unknown): Promise<SaveResult> {
  const form = validateForm(rewardFormSchema, body)
  if (!form.ok) return { status: 422, result: form.result }
  const values = columnsOf(form.data)
  // Guarded in SQL: a claim made since the form was read still counts.
  const updated = await scope
    .update(rewards, { ...values, updatedAt: new Date(deps.clock.now()) }, and(eq(rewards.id, row.id), lte(rewards.claims, values.limit)))
    .returning({ id: rewards.id })
  if (!updated.length) {
    const fresh = await findRewardOr404(scope, row.id)
    return { status: 422, result: { success: false, errors: { limit: `Limit must be at least the ${fresh.claims} claims already made` } } }
  }
  saved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id, message: 'Reward updated successfully.' } } }
}

/** toggle_tag: adds the tag, or removes it when the reward has it ('Tag updated'). */
export async function toggleRewardTag(scope: ProgramScope, deps: Deps, row: RewardRow, tag: string) {
  // One statement, so two concurrent toggles of different tags both land.
  const has = sql`EXISTS (SELECT 1 FROM json_each(${rewards.tagList}) WHERE json_each.value = ${tag})`
  const next = sql`CASE WHEN ${has}
    THEN (SELECT coalesce(json_group_array(value), '[]') FROM json_each(${rewards.tagList}) WHERE value <> ${tag})
    ELSE json_insert(${rewards.tagList}, '$[#]', ${tag}) END`
  const [out] = await scope
    .update(rewards, { tagList: next as never, updatedAt: new Date(deps.clock.now()) }, eq(rewards.id, row.id))
    .returning({ tagList: rewards.tagList })
  saved(deps)
  return { success: true, message: 'Tag updated', data: { tag_list: out?.tagList ?? [] } }
}
