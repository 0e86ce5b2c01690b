import type { z } from 'zod'
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type {
  AdminTagDetail,
  AdminTagList,
  AdminTagRow,
  AdminTagWrite,
  ContentTagDetail,
  ContentTagList,
  ContentTagRow,
  ContentTagWrite,
  TaggedItem,
  TaggingKind,
  tagListQuerySchema,
} from '../../../../sdk/contract/console/tags'
import { adminTags, challenges, contentTags, participants, participantTags, rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { bumpContentVersion, contentSaved } from '../programs/content-version'
import { batch, rawStatement } from '../../db/batch'

type ListQuery = z.output<typeof tagListQuerySchema>
type ContentTagEntity = typeof contentTags.$inferSelect
type AdminTagEntity = typeof adminTags.$inferSelect
type ContentTagValues = Required<ContentTagWrite>
type Saved = { status: 200 | 201 | 422; result: FormResult & { data?: { id: number } } }

/** The linked lists of a detail are cut here (the counts are always whole). */
export const TAGGED_LIST_LIMIT = 500

const TAKEN: Saved = { status: 422, result: { success: false, errors: { name: 'Name has already been taken' } } }

/** `list` (a JSON array of names) holds `name`. */
const holds = (list: SQLiteColumn | SQL, name: SQLiteColumn | string) => sql`EXISTS (SELECT 1 FROM json_each(${list}) WHERE json_each.value = ${name})`

/** The tag list with `from` renamed to `to`, in order, each name once. */
const renamed = (list: SQLiteColumn, from: string, to: string) =>
  sql`(SELECT coalesce(json_group_array(v), '[]') FROM (SELECT CASE WHEN value = ${from} THEN ${to} ELSE value END AS v, min(key) AS k FROM json_each(${list}) GROUP BY v ORDER BY k))`

function isNameTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: (content|admin)_tags\./i.test(String((e as Error).message ?? e))) return true
  }
  return false
}

/** Counts of the program's challenges, rewards and participants carrying a tag (a name column or value). */
const challengesWith = (name: SQLiteColumn | string, programId: SQLiteColumn | number) =>
  sql<number>`(SELECT count(*) FROM challenges ch WHERE ch.program_id = ${programId} AND ${holds(sql`ch.tag_list`, name)})`
const rewardsWith = (name: SQLiteColumn | string, programId: SQLiteColumn | number) =>
  sql<number>`(SELECT count(*) FROM rewards rw WHERE rw.program_id = ${programId} AND ${holds(sql`rw.tag_list`, name)})`
const participantsWith = (name: SQLiteColumn | string, programId: SQLiteColumn | number) =>
  sql<number>`(SELECT count(*) FROM participant_tags pt WHERE pt.program_id = ${programId} AND pt.tag = ${name})`

const order = (query: ListQuery, name: SQLiteColumn, createdAt: SQLiteColumn, id: SQLiteColumn) => {
  const dir = query.order === 'desc' ? desc : asc
  return [dir(query.sort === 'created_at' ? createdAt : sql`lower(${name})`), dir(id)]
}
const meta = (query: ListQuery, total: number) => ({ page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) })

async function taggedChallenges(scope: ProgramScope, name: string): Promise<TaggedItem[]> {
  return scope.db
    .select({ id: challenges.id, name: challenges.name })
    .from(challenges)
    .where(scope.where(challenges, holds(challenges.tagList, name)))
    .orderBy(asc(sql`lower(${challenges.name})`), asc(challenges.id))
    .limit(TAGGED_LIST_LIMIT)
}

async function taggedRewards(scope: ProgramScope, name: string): Promise<TaggedItem[]> {
  return scope.db
    .select({ id: rewards.id, name: rewards.name })
    .from(rewards)
    .where(scope.where(rewards, holds(rewards.tagList, name)))
    .orderBy(asc(sql`lower(${rewards.name})`), asc(rewards.id))
    .limit(TAGGED_LIST_LIMIT)
}

/**
 * The statements that rename a tag everywhere it is held: challenge and reward tag lists, and the
 * achievement rules of rewards that count a tag's challenges (parameters.tag).
 */
function renameInContent(scope: ProgramScope, deps: Deps, from: string, to: string) {
  const at = new Date(deps.clock.now())
  return [
    scope.update(challenges, { tagList: renamed(challenges.tagList, from, to) as never, updatedAt: at }, holds(challenges.tagList, from)),
    scope.update(rewards, { tagList: renamed(rewards.tagList, from, to) as never, updatedAt: at }, holds(rewards.tagList, from)),
    scope.update(
      rewards,
      { parameters: sql`json_set(${rewards.parameters}, '$.tag', ${to})` as never, updatedAt: at },
      and(sql`json_extract(${rewards.parameters}, '$.rule') = 'tag'`, sql`json_extract(${rewards.parameters}, '$.tag') = ${from}`),
    ),
  ]
}

// ---------------------------------------------------------------------------------------------------
// Content tags

export async function findContentTagOr404(scope: ProgramScope, id: number): Promise<ContentTagEntity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(contentTags, eq(contentTags.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Content tag not found', { tag_id: 'not found' })
  return row
}

/** GET .../content_tags: a page of the program's content tags with how many challenges and rewards carry each. */
export async function listContentTags(scope: ProgramScope, query: ListQuery): Promise<ContentTagList> {
  const where = query.q ? contains(contentTags.name, query.q) : undefined
  const [total, rows] = await Promise.all([
    scope.count(contentTags, where),
    scope.db
      .select({
        id: contentTags.id,
        name: contentTags.name,
        active: contentTags.active,
        createdAt: contentTags.createdAt,
        challenges: challengesWith(contentTags.name, contentTags.programId),
        rewards: rewardsWith(contentTags.name, contentTags.programId),
      })
      .from(contentTags)
      .where(scope.where(contentTags, where))
      .orderBy(...order(query, contentTags.name, contentTags.createdAt, contentTags.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return {
    data: rows.map((r) => ({ id: r.id, name: r.name, active: r.active, created_at: r.createdAt.toISOString(), challenges_count: Number(r.challenges), rewards_count: Number(r.rewards) })),
    meta: meta(query, total),
  }
}

/** GET .../content_tags/{id}: status, created date, counts, total usage and the tagged challenges and rewards. */
export async function contentTagDetail(scope: ProgramScope, row: ContentTagEntity): Promise<ContentTagDetail> {
  const [counts, challengeList, rewardList] = await Promise.all([
    scope.db
      .select({ challenges: challengesWith(row.name, scope.programId), rewards: rewardsWith(row.name, scope.programId) })
      .from(contentTags)
      .where(scope.where(contentTags, eq(contentTags.id, row.id))),
    taggedChallenges(scope, row.name),
    taggedRewards(scope, row.name),
  ])
  const c = Number(counts[0]?.challenges ?? 0)
  const r = Number(counts[0]?.rewards ?? 0)
  const base: ContentTagRow = { id: row.id, name: row.name, active: row.active, created_at: row.createdAt.toISOString(), challenges_count: c, rewards_count: r }
  return { ...base, status: row.active ? 'Active' : 'Inactive', total_usage: c + r, challenges: challengeList, rewards: rewardList }
}

/** POST .../content_tags. A new tag tags nothing yet: nothing on the participant site changes. */
export async function createContentTag(scope: ProgramScope, values: ContentTagValues): Promise<Saved> {
  if (await scope.first(contentTags, eq(contentTags.name, values.name))) return TAKEN
  try {
    const [row] = await scope.insert(contentTags, { name: values.name, active: values.active }).returning({ id: contentTags.id })
    return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
  } catch (err) {
    if (isNameTaken(err)) return TAKEN
    throw err
  }
}

/**
 * PUT .../content_tags/{id}: name and active. A new name is renamed in every challenge's and reward's
 * tag list and in tag-rule achievements, in one batch with the program's content version (the
 * participant site and its caches see it on the next request).
 */
export async function updateContentTag(scope: ProgramScope, deps: Deps, row: ContentTagEntity, values: ContentTagValues): Promise<Saved> {
  if (values.name !== row.name && (await scope.first(contentTags, and(eq(contentTags.name, values.name), ne(contentTags.id, row.id))))) return TAKEN
  const statements = [
    scope.update(contentTags, { name: values.name, active: values.active, updatedAt: new Date(deps.clock.now()) }, eq(contentTags.id, row.id)),
    ...(values.name !== row.name ? renameInContent(scope, deps, row.name, values.name) : []),
    bumpContentVersion(deps.db, scope.programId),
  ]
  try {
    await batch(deps.db, statements)
  } catch (err) {
    if (isNameTaken(err)) return TAKEN
    throw err
  }
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
}

// ---------------------------------------------------------------------------------------------------
// Admin tags

export async function findAdminTagOr404(scope: ProgramScope, id: number): Promise<AdminTagEntity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(adminTags, eq(adminTags.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Admin tag not found', { tag_id: 'not found' })
  return row
}

/** GET .../admin_tags: a page of the program's admin tags with how many items of every kind carry each. */
export async function listAdminTags(scope: ProgramScope, query: ListQuery): Promise<AdminTagList> {
  const where = query.q ? contains(adminTags.name, query.q) : undefined
  const [total, rows] = await Promise.all([
    scope.count(adminTags, where),
    scope.db
      .select({
        id: adminTags.id,
        name: adminTags.name,
        createdAt: adminTags.createdAt,
        taggings: sql<number>`${participantsWith(adminTags.name, adminTags.programId)} + ${challengesWith(adminTags.name, adminTags.programId)} + ${rewardsWith(adminTags.name, adminTags.programId)}`,
      })
      .from(adminTags)
      .where(scope.where(adminTags, where))
      .orderBy(...order(query, adminTags.name, adminTags.createdAt, adminTags.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return {
    data: rows.map((r): AdminTagRow => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString(), taggings_count: Number(r.taggings) })),
    meta: meta(query, total),
  }
}

/** A participant's name as the console shows it; 'Unknown' when the row is gone or not the program's. */
function participantName(p: { firstName: string | null; lastName: string | null; email: string | null; programId: number | null }, programId: number): string {
  if (p.programId !== programId) return 'Unknown participant'
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email || 'Unknown participant'
}

/**
 * GET .../admin_tags/{id}: the taggings keyed by kind (section 3), each with display_name,
 * attribute_name (the console builds a kind's links from it) and its tagged items.
 */
export async function adminTagDetail(scope: ProgramScope, row: AdminTagEntity): Promise<AdminTagDetail> {
  const [tagged, challengeList, rewardList] = await Promise.all([
    scope.db
      .select({ id: participantTags.participantId, firstName: participants.firstName, lastName: participants.lastName, email: participants.email, programId: participants.programId })
      .from(participantTags)
      .leftJoin(participants, eq(participants.id, participantTags.participantId))
      .where(scope.where(participantTags, eq(participantTags.tag, row.name)))
      .orderBy(asc(participantTags.participantId))
      .limit(TAGGED_LIST_LIMIT),
    taggedChallenges(scope, row.name),
    taggedRewards(scope, row.name),
  ])
  const [counted] = await scope.db
    .select({ n: count() })
    .from(participantTags)
    .where(scope.where(participantTags, eq(participantTags.tag, row.name)))
  const tenant = scope.programId
  const kind = (display_name: string, attribute_name: string, items: TaggedItem[]): TaggingKind => ({
    display_name,
    attribute_name,
    value: items.map((i) => ({ taggable_id: i.id, taggable_name: i.name, tenant })),
  })
  const participantCount = counted?.n ?? 0
  const [totals] = await scope.db
    .select({ c: challengesWith(row.name, tenant), r: rewardsWith(row.name, tenant) })
    .from(adminTags)
    .where(scope.where(adminTags, eq(adminTags.id, row.id)))
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    taggings_count: participantCount + Number(totals?.c ?? 0) + Number(totals?.r ?? 0),
    taggings: {
      Participant: kind('Participants', 'participants', tagged.map((p) => ({ id: p.id, name: participantName(p, tenant) }))),
      Challenge: kind('Challenges', 'challenges', challengeList),
      Reward: kind('Rewards', 'rewards', rewardList),
    },
  }
}

export async function createAdminTag(scope: ProgramScope, values: Required<AdminTagWrite>): Promise<Saved> {
  if (await scope.first(adminTags, eq(adminTags.name, values.name))) return TAKEN
  try {
    const [row] = await scope.insert(adminTags, { name: values.name }).returning({ id: adminTags.id })
    return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
  } catch (err) {
    if (isNameTaken(err)) return TAKEN
    throw err
  }
}

/**
 * PUT .../admin_tags/{id}: a new name is renamed on every participant, challenge and reward holding
 * the old one, in one batch with the content version.
 */
export async function updateAdminTag(scope: ProgramScope, deps: Deps, row: AdminTagEntity, values: Required<AdminTagWrite>): Promise<Saved> {
  if (values.name === row.name) return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
  if (await scope.first(adminTags, and(eq(adminTags.name, values.name), ne(adminTags.id, row.id)))) return TAKEN
  const statements = [
    scope.update(adminTags, { name: values.name, updatedAt: new Date(deps.clock.now()) }, eq(adminTags.id, row.id)),
    // A participant already holding the new name keeps one row: the old rows that would collide are left, then deleted.
    rawStatement(deps.db, sql`UPDATE OR IGNORE participant_tags SET tag = ${values.name} WHERE program_id = ${scope.programId} AND tag = ${row.name}`),
    scope.delete(participantTags, eq(participantTags.tag, row.name)),
    ...renameInContent(scope, deps, row.name, values.name),
    bumpContentVersion(deps.db, scope.programId),
  ]
  try {
    await batch(deps.db, statements)
  } catch (err) {
    if (isNameTaken(err)) return TAKEN
    throw err
  }
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
}
