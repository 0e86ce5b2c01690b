import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import * as z from 'zod'
import {
  type ChallengeFormResponse,
  type ChallengeFormValues,
  challengeFieldLabels,
  challengeFormSchema,
  challengeFormShape,
  type ChallengeIntent,
  emptyChallengeForm,
  type QuestionForm,
  type SocialPostForm,
} from '../../../../sdk/contract/console/challenges'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import { challenges, profileAttributeDefinitions, questionOptions, questions, socialNetworkPosts } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { fieldsFromZod } from '../../middleware/errors'
import { contentSaved } from '../programs/content-version'
import { sanitizeRichText } from '../../lib/sanitize-html'
import type { ChallengeRow } from './console-challenges'
import { mintedCollectionAddress } from './minted-collection'
import { batch } from '../../db/batch'

type QuestionRow = typeof questions.$inferSelect
type OptionRow = typeof questionOptions.$inferSelect
type Batch = Parameters<Deps['db']['batch']>[0]

/** The parameters keys the wizard owns; any other key a challenge carries (platform, collection...) is kept. */
const OWNED_PARAMETERS = [
  'repeat',
  'max_completions',
  'video_url',
  'duration',
  'link_url',
  'share_url',
  'share_text',
  'price_cents',
  'entity_label',
  'entities',
  'amounts',
  'collect_type',
  'pass_score',
  'read_minutes',
] as const

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null)
const iso = (d: Date | null) => (d ? d.toISOString() : '')
const cents = (dollars: number) => Math.round(dollars * 100)

async function readQuestions(scope: ProgramScope, challengeId: number): Promise<(QuestionRow & { options: OptionRow[] })[]> {
  const qs = await scope.select(questions, eq(questions.challengeId, challengeId)).orderBy(asc(questions.position), asc(questions.id))
  const options = qs.length
    ? await scope.select(questionOptions, inArray(questionOptions.questionId, qs.map((q) => q.id))).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : []
  return qs.map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) }))
}

type PostRow = typeof socialNetworkPosts.$inferSelect

async function readPosts(scope: ProgramScope, challengeId: number): Promise<SocialPostForm[]> {
  const rows = await scope.select(socialNetworkPosts, eq(socialNetworkPosts.challengeId, challengeId)).orderBy(asc(socialNetworkPosts.id))
  const child = (c: PostRow) => ({ id: c.id, post_type: c.postType === 'video' ? ('video' as const) : ('image' as const), media_path: c.mediaPath, duration_seconds: c.durationSeconds })
  return rows
    .filter((p) => p.parentId === null)
    .map((p) => ({
      id: p.id,
      post_type: p.postType,
      media_path: p.mediaPath,
      message: p.message ?? '',
      username: p.username ?? '',
      url: p.url ?? '',
      duration_seconds: p.durationSeconds,
      platform: p.platform ?? '',
      page_url: p.pageUrl ?? '',
      children: rows.filter((c) => c.parentId === p.id).map(child),
    }))
}

/** A saved challenge as the wizard's values (the inverse of toRow/questions below). */
export async function formValuesOf(scope: ProgramScope, row: ChallengeRow): Promise<ChallengeFormValues> {
  const p = row.parameters
  const repeat = p.repeat === 'daily' || p.repeat === 'weekly' || p.repeat === 'monthly' ? p.repeat : 'none'
  const collect = p.collect_type === 'quiz' || p.collect_type === 'profile' ? p.collect_type : 'survey'
  const priceCents = num(p.price_cents)
  return {
    name: row.name,
    challenge_type: row.challengeType,
    status: row.status,
    points: row.points,
    caption: row.caption,
    description: row.description,
    image: row.image ?? '',
    icon: row.icon ?? '',
    tag_list: row.tagList,
    start: iso(row.start),
    finish: iso(row.finish),
    cta_button_text: row.ctaButtonText ?? '',
    success_message: row.successMessage ?? '',
    api_completion_only: row.apiCompletionOnly,
    featured: row.featured,
    bypass_modal: row.bypassModal,
    repeat,
    max_completions: num(p.max_completions),
    content: row.content,
    read_minutes: num(p.read_minutes),
    video_url: str(p.video_url),
    duration: num(p.duration),
    link_url: row.linkUrl ?? str(p.link_url),
    share_url: str(p.share_url),
    share_text: str(p.share_text),
    price: priceCents === null ? null : priceCents / 100,
    entity_label: str(p.entity_label),
    entities: Array.isArray(p.entities) ? (p.entities as { id?: unknown; name?: unknown }[]).map((e) => ({ id: String(e.id ?? ''), name: str(e.name) })) : [],
    amounts: Array.isArray(p.amounts) ? (p.amounts as { amount?: unknown; points?: unknown }[]).map((a) => ({ amount: (num(a.amount) ?? 0) / 100, points: num(a.points) ?? 0 })) : [],
    collect_type: collect,
    pass_score: num(p.pass_score),
    questions: (await readQuestions(scope, row.id)).map((q) => ({
      id: q.id,
      title: q.title,
      additional_details: q.additionalDetails ?? '',
      answer_type: q.answerType,
      is_required: q.isRequired,
      profile_attribute: q.profileAttribute ?? '',
      options: q.options.map((o) => ({ id: o.id, details: o.details, image_url: o.imageUrl ?? '', image_alt_text: o.imageAltText ?? '', correct: o.correct })),
    })),
    posts: row.challengeType === 'unified_social' ? await readPosts(scope, row.id) : [],
  }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'challenge'

/** The challenge columns of the values; parameters keep the keys the wizard does not own. */
function toRow(v: ChallengeFormValues, keep: Record<string, unknown>) {
  const parameters: Record<string, unknown> = Object.fromEntries(Object.entries(keep).filter(([k]) => !(OWNED_PARAMETERS as readonly string[]).includes(k)))
  if (v.repeat !== 'none') parameters.repeat = v.repeat
  if (v.max_completions !== null) parameters.max_completions = v.max_completions
  const t = v.challenge_type
  if (t === 'video') Object.assign(parameters, { video_url: v.video_url, duration: v.duration })
  if (t === 'article' && v.read_minutes !== null) parameters.read_minutes = v.read_minutes
  if ((t === 'link' || t === 'call_action' || t === 'engage') && v.link_url) parameters.link_url = v.link_url
  if (t === 'share') {
    if (v.share_url) parameters.share_url = v.share_url
    if (v.share_text) parameters.share_text = v.share_text
  }
  if (t === 'membership' && v.price !== null) parameters.price_cents = cents(v.price)
  if (t === 'donation') {
    parameters.entity_label = v.entity_label || 'Choose a cause'
    parameters.entities = v.entities.map((e, i) => ({ id: e.id || `${slug(e.name)}-${i + 1}`, name: e.name }))
    parameters.amounts = v.amounts.map((a) => ({ amount: cents(a.amount), points: a.points }))
  }
  if (t === 'collect') {
    parameters.collect_type = v.collect_type
    if (v.collect_type === 'quiz' && v.pass_score !== null) parameters.pass_score = v.pass_score
  }
  return {
    name: v.name,
    challengeType: v.challenge_type,
    status: v.status,
    points: v.points,
    caption: v.caption,
    description: v.description,
    content: v.content,
    image: v.image || null,
    icon: v.icon || null,
    tagList: [...new Set(v.tag_list)],
    start: v.start ? new Date(v.start) : null,
    finish: v.finish ? new Date(v.finish) : null,
    ctaButtonText: v.cta_button_text || null,
    successMessage: v.success_message || null,
    apiCompletionOnly: v.api_completion_only,
    featured: v.featured,
    bypassModal: v.bypass_modal,
    linkUrl: (t === 'link' || t === 'call_action' || t === 'engage') && v.link_url ? v.link_url : null,
    parameters,
  }
}

/** Normalized values: dates as ISO, so a value saved and read back compares equal. */
function normalize(v: ChallengeFormValues): ChallengeFormValues {
  const at = (s: string) => (s ? new Date(s).toISOString() : '')
  const collect = v.challenge_type === 'collect'
  // Rich text is stored sanitized (lib/sanitize-html), so a resubmitted unchanged article compares equal.
  return { ...v, content: sanitizeRichText(v.content), start: at(v.start), finish: at(v.finish), questions: collect ? v.questions : [], posts: v.challenge_type === 'unified_social' ? v.posts : [] }
}

/** One result for a refused form: the field errors keyed by field path (spec: errors name the field). */
function refused(errors: Record<string, string> | string[]): { status: 422; result: FormResult } {
  return { status: 422, result: { success: false, errors } }
}

const formFieldsSchema = z.object(challengeFormShape)

/** GET .../challenges/new and .../{id}/edit: the generic definition (scalar fields) plus every value. */
export async function challengeForm(scope: ProgramScope, row: ChallengeRow | null): Promise<ChallengeFormResponse> {
  const json = z.toJSONSchema(formFieldsSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { type?: string | string[]; enum?: string[] }> }
  const fields = Object.entries(json.properties).map(([name, p]) => {
    const label = challengeFieldLabels[name as keyof typeof challengeFieldLabels] ?? name
    const type = p.enum ? 'select' : p.type === 'array' ? 'list' : p.type === 'boolean' ? 'boolean' : p.type === 'number' || p.type === 'integer' ? 'number' : 'string'
    return { name, label, type, required: ['name', 'challenge_type', 'status', 'points'].includes(name), ...(p.enum ? { options: p.enum.map((value) => ({ value, label: value })) } : {}) }
  })
  const attributes = await scope.select(profileAttributeDefinitions, eq(profileAttributeDefinitions.active, true)).orderBy(asc(profileAttributeDefinitions.displayName))
  const [values, collectionAddress] = row ? await Promise.all([formValuesOf(scope, row), mintedCollectionAddress(scope, row.tagList)]) : [emptyChallengeForm, null]
  return {
    fields,
    defaultValues: values,
    profile_attributes: attributes.map((a) => ({ attribute_name: a.attributeName, display_name: a.displayName })),
    has_collection: collectionAddress !== null,
    achievement_collection_address: collectionAddress,
  }
}

/** Insert statements for new questions; a new question's options find it by (challenge, position). */
function questionInserts(scope: ProgramScope, challengeId: SQLish, list: { q: QuestionForm; position: number }[]): Batch[number][] {
  const out: Batch[number][] = []
  for (const { q, position } of list) {
    out.push(
      scope.insert(questions, {
        challengeId: challengeId as never,
        title: q.title,
        additionalDetails: q.additional_details || null,
        answerType: q.answer_type,
        isRequired: q.is_required,
        profileAttribute: q.profile_attribute || null,
        position,
      }) as never,
    )
    if (q.options.length) {
      const questionId = sql`(select ${questions.id} from ${questions} where ${questions.programId} = ${scope.programId} and ${questions.challengeId} = ${challengeId} and ${questions.position} = ${position} order by ${questions.id} desc limit 1)`
      out.push(scope.insert(questionOptions, q.options.map((o, i) => optionValues(questionId, o, i))) as never)
    }
  }
  return out
}

type SQLish = number | ReturnType<typeof sql>

const postValues = (challengeId: SQLish, p: SocialPostForm) => ({
  challengeId: challengeId as never,
  postType: p.post_type,
  mediaPath: p.media_path,
  message: p.message || null,
  username: p.username || null,
  url: p.url || null,
  durationSeconds: p.duration_seconds,
  platform: p.platform || null,
  pageUrl: p.page_url || null,
})
const childValues = (challengeId: SQLish, parentId: SQLish, c: SocialPostForm['children'][number]) => ({
  challengeId: challengeId as never,
  parentId: parentId as never,
  postType: c.post_type,
  mediaPath: c.media_path,
  durationSeconds: c.duration_seconds,
})

/**
 * Insert statements for new posts; a new gallery's items find it as the newest top-level post of the
 * challenge with its media URL (inserted just before them in the same batch).
 */
function postInserts(scope: ProgramScope, challengeId: SQLish, list: SocialPostForm[]): Batch[number][] {
  const out: Batch[number][] = []
  for (const p of list) {
    out.push(scope.insert(socialNetworkPosts, postValues(challengeId, p)) as never)
    if (p.children.length) {
      const parentId = sql`(select ${socialNetworkPosts.id} from ${socialNetworkPosts} where ${socialNetworkPosts.programId} = ${scope.programId} and ${socialNetworkPosts.challengeId} = ${challengeId} and ${socialNetworkPosts.parentId} is null and ${socialNetworkPosts.mediaPath} = ${p.media_path} order by ${socialNetworkPosts.id} desc limit 1)`
      out.push(scope.insert(socialNetworkPosts, p.children.map((c) => childValues(challengeId, parentId, c))) as never)
    }
  }
  return out
}
const optionValues = (questionId: SQLish, o: QuestionForm['options'][number], position: number) => ({
  questionId: questionId as never,
  details: o.details,
  imageUrl: o.image_url || null,
  imageAltText: o.image_alt_text || null,
  correct: o.correct,
  position,
})

/** POST .../challenges: the challenge, its questions and their options in one atomic batch. */
export async function createChallenge(scope: ProgramScope, deps: Deps, body: unknown): Promise<{ status: 201 | 422; result: FormResult }> {
  const parsed = challengeFormSchema.safeParse({ ...emptyChallengeForm, ...(isObject(body) ? body : {}) })
  if (!parsed.success) return refused(fieldsFromZod(parsed.error))
  const v = normalize(parsed.data)
  const identifier = `${slug(v.name)}-${crypto.randomUUID().slice(0, 8)}`
  const challengeId = sql`(select ${challenges.id} from ${challenges} where ${challenges.programId} = ${scope.programId} and ${challenges.identifier} = ${identifier})`
  const statements: Batch[number][] = [
    // A new challenge waits for the approval toggle before participants see it (spec section 7).
    scope.insert(challenges, { ...toRow(v, {}), identifier, approved: false }) as never,
    ...questionInserts(
      scope,
      challengeId,
      v.questions.map((q, position) => ({ q, position })),
    ),
    ...postInserts(scope, challengeId, v.posts),
  ]
  await batch(deps.db, statements)
  contentSaved(deps)
  const created = await scope.first(challenges, eq(challenges.identifier, identifier))
  return { status: 201, result: { success: true, errors: {}, data: { id: created!.id } } }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * PUT .../challenges/{id}: the body carries only the changed fields (spec section 4). They are merged
 * into the saved values, the whole is validated, and only the columns and questions that really
 * changed are written, atomically; none changed answers 'No changes detected'.
 */
export async function updateChallenge(scope: ProgramScope, deps: Deps, row: ChallengeRow, body: unknown): Promise<{ status: 200 | 422; result: FormResult }> {
  if (!isObject(body)) return refused(['No changes detected'])
  const partial = formFieldsSchema.partial().strict().safeParse(body)
  if (!partial.success) return refused(fieldsFromZod(partial.error))
  const current = normalize(await formValuesOf(scope, row))
  const merged = challengeFormSchema.safeParse({ ...current, ...partial.data })
  if (!merged.success) return refused(fieldsFromZod(merged.error))
  const next = normalize(merged.data)
  if (next.challenge_type !== current.challenge_type) return refused({ challenge_type: 'Challenge type cannot be changed after creation' })
  const changed = (Object.keys(next) as (keyof ChallengeFormValues)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]))
  if (!changed.length) return refused(['No changes detected'])

  const before = toRow(current, row.parameters)
  const after = toRow(next, row.parameters)
  const columns = Object.fromEntries(Object.entries(after).filter(([k]) => JSON.stringify(after[k as keyof typeof after]) !== JSON.stringify(before[k as keyof typeof before])))
  const statements: Batch[number][] = []
  statements.push(scope.update(challenges, { ...columns, updatedAt: new Date(deps.clock.now()) }, eq(challenges.id, row.id)) as never)
  if (changed.includes('questions')) {
    const problem = await questionStatements(scope, row.id, current.questions, next.questions, statements)
    if (problem) return refused(problem)
  }
  if (changed.includes('posts')) {
    const problem = postStatements(scope, row.id, current.posts, next.posts, statements)
    if (problem) return refused(problem)
  }
  await batch(deps.db, statements)
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id, changed } } }
}

/**
 * The writes that turn the saved questions into the submitted ones: kept questions (by id) and their
 * options updated in place, so answers already given keep pointing at them; removed ones deleted; new
 * ones inserted. A question or option id that is not this challenge's is refused.
 */
async function questionStatements(scope: ProgramScope, challengeId: number, saved: QuestionForm[], next: QuestionForm[], out: Batch[number][]): Promise<Record<string, string> | null> {
  const savedIds = new Set(saved.map((q) => q.id))
  const savedOptions = new Map(saved.map((q) => [q.id, new Set(q.options.map((o) => o.id))]))
  for (const [i, q] of next.entries()) {
    if (q.id !== undefined && !savedIds.has(q.id)) return { [`questions.${i}.id`]: 'is not a question of this challenge' }
    for (const [j, o] of q.options.entries()) {
      if (o.id !== undefined && (q.id === undefined || !savedOptions.get(q.id)?.has(o.id))) return { [`questions.${i}.options.${j}.id`]: 'is not an option of this question' }
    }
  }
  const keptIds = next.flatMap((q) => (q.id !== undefined ? [q.id] : []))
  out.push(scope.delete(questions, and(eq(questions.challengeId, challengeId), keptIds.length ? notInArray(questions.id, keptIds) : undefined)) as never)
  // Kept questions move to positions past any in use first, so a new question's position is unique.
  const offset = saved.length + next.length + 1
  for (const [i, q] of next.entries()) {
    if (q.id === undefined) continue
    out.push(
      scope.update(
        questions,
        { title: q.title, additionalDetails: q.additional_details || null, answerType: q.answer_type, isRequired: q.is_required, profileAttribute: q.profile_attribute || null, position: i + offset },
        eq(questions.id, q.id),
      ) as never,
    )
    const keptOptions = q.options.flatMap((o) => (o.id !== undefined ? [o.id] : []))
    out.push(scope.delete(questionOptions, and(eq(questionOptions.questionId, q.id), keptOptions.length ? notInArray(questionOptions.id, keptOptions) : undefined)) as never)
    for (const [j, o] of q.options.entries()) {
      if (o.id !== undefined) out.push(scope.update(questionOptions, { details: o.details, imageUrl: o.image_url || null, imageAltText: o.image_alt_text || null, correct: o.correct, position: j }, eq(questionOptions.id, o.id)) as never)
      else out.push(scope.insert(questionOptions, optionValues(q.id, o, j)) as never)
    }
  }
  out.push(...questionInserts(scope, challengeId, next.flatMap((q, position) => (q.id === undefined ? [{ q, position }] : []))))
  for (const [i, q] of next.entries()) if (q.id !== undefined) out.push(scope.update(questions, { position: i }, eq(questions.id, q.id)) as never)
  return null
}

/**
 * The writes that turn the saved posts into the submitted ones: kept posts and gallery items (by id)
 * updated in place, so views already recorded stay; removed ones deleted (a removed gallery with its
 * items); new ones inserted. An id that is not this challenge's is refused.
 */
function postStatements(scope: ProgramScope, challengeId: number, saved: SocialPostForm[], next: SocialPostForm[], out: Batch[number][]): Record<string, string> | null {
  const savedIds = new Set(saved.map((p) => p.id))
  const savedChildren = new Map(saved.map((p) => [p.id, new Set(p.children.map((c) => c.id))]))
  for (const [i, p] of next.entries()) {
    if (p.id !== undefined && !savedIds.has(p.id)) return { [`posts.${i}.id`]: 'is not a post of this challenge' }
    for (const [j, c] of p.children.entries()) {
      if (c.id !== undefined && (p.id === undefined || !savedChildren.get(p.id)?.has(c.id))) return { [`posts.${i}.children.${j}.id`]: 'is not an item of this post' }
    }
  }
  const keptIds = next.flatMap((p) => (p.id !== undefined ? [p.id] : []))
  const keptChildIds = next.flatMap((p) => p.children.flatMap((c) => (c.id !== undefined ? [c.id] : [])))
  const removedTop = keptIds.length ? notInArray(socialNetworkPosts.id, keptIds) : undefined
  // Removed posts, removed gallery items, and the items of removed galleries.
  out.push(
    scope.delete(
      socialNetworkPosts,
      and(
        eq(socialNetworkPosts.challengeId, challengeId),
        or(
          and(isNull(socialNetworkPosts.parentId), removedTop),
          and(sql`${socialNetworkPosts.parentId} is not null`, keptChildIds.length ? notInArray(socialNetworkPosts.id, keptChildIds) : undefined),
        ),
      ),
    ) as never,
  )
  for (const p of next) {
    if (p.id === undefined) continue
    out.push(scope.update(socialNetworkPosts, postValues(challengeId, p), eq(socialNetworkPosts.id, p.id)) as never)
    for (const c of p.children) {
      if (c.id !== undefined) out.push(scope.update(socialNetworkPosts, childValues(challengeId, p.id, c), eq(socialNetworkPosts.id, c.id)) as never)
      else out.push(scope.insert(socialNetworkPosts, childValues(challengeId, p.id, c)) as never)
    }
  }
  out.push(...postInserts(scope, challengeId, next.filter((p) => p.id === undefined)))
  return null
}

/** POST .../challenges/{id} intents: toggle_approval, duplicate, toggle_tag (spec section 7). */
export async function runChallengeIntent(scope: ProgramScope, deps: Deps, row: ChallengeRow, intent: ChallengeIntent) {
  switch (intent.intent) {
    case 'toggle_approval': {
      await scope.update(challenges, { approved: !row.approved, updatedAt: new Date(deps.clock.now()) }, eq(challenges.id, row.id))
      contentSaved(deps)
      return { success: true, data: { id: row.id, approved: !row.approved } }
    }
    case 'toggle_tag': {
      const has = row.tagList.includes(intent.tag)
      const tags = has ? row.tagList.filter((t) => t !== intent.tag) : [...row.tagList, intent.tag]
      if (tags.length > 20) throw new AppError('validation_failed', 422, 'tag: at most 20 tags', { tag: 'At most 20 tags' })
      await scope.update(challenges, { tagList: tags, updatedAt: new Date(deps.clock.now()) }, eq(challenges.id, row.id))
      contentSaved(deps)
      return { success: true, message: 'Tag updated', data: { id: row.id, tag_list: tags } }
    }
    case 'duplicate': {
      // A copy starts as a draft, not approved, with no completions or clicks.
      const values = await formValuesOf(scope, row)
      const copy = {
        ...values,
        name: `${values.name} (copy)`.slice(0, 120),
        status: 'draft' as const,
        questions: values.questions.map(({ id: _id, ...q }) => ({ ...q, options: q.options.map(({ id: _oid, ...o }) => o) })),
        posts: values.posts.map(({ id: _id, ...p }) => ({ ...p, children: p.children.map(({ id: _cid, ...c }) => c) })),
      }
      const identifier = `${slug(copy.name)}-${crypto.randomUUID().slice(0, 8)}`
      const challengeId = sql`(select ${challenges.id} from ${challenges} where ${challenges.programId} = ${scope.programId} and ${challenges.identifier} = ${identifier})`
      // A collectible collection belongs to the original only.
      const { achievement_collection_address: _collection, ...keep } = row.parameters
      await batch(deps.db, [
        scope.insert(challenges, { ...toRow(copy, keep), identifier, approved: false }),
        ...questionInserts(scope, challengeId, copy.questions.map((q, position) => ({ q, position }))),
        ...postInserts(scope, challengeId, copy.posts),
      ])
      contentSaved(deps)
      const created = await scope.first(challenges, eq(challenges.identifier, identifier))
      return { success: true, data: { id: created!.id } }
    }
  }
}
