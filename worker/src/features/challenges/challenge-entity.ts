import type { Challenge, ChallengeTile, SocialPost } from '../../../../sdk/contract/challenges'
import type { challengeCompletions, participantAnswers } from '../../db/schema'
import type { ParticipantRow } from '../../env'
import type { ChallengeContent, PostTree } from './challenge-catalog'
import { effectiveStatus, isRepeatable, periodKey, repeatRule } from './challenge-status'

type CompletionRow = Pick<typeof challengeCompletions.$inferSelect, 'challengeId' | 'periodKey' | 'createdAt'>
type AnswerRow = Pick<typeof participantAnswers.$inferSelect, 'questionId' | 'questionOptionId' | 'answer'>

/** What the entity shows of a participant's completions of one challenge. */
export type CompletionSummary = {
  /** The latest completion, or null. */
  latest: Date | null
  /** Whether the participant may not complete the challenge again right now (see isDone). */
  done: boolean
}

export type ParticipantView = {
  now: number
  origin: string
  participant: ParticipantRow | null
  /** This participant's completions of this challenge, or their summary when the caller knows it. */
  completions: CompletionRow[] | CompletionSummary
  answers?: AnswerRow[]
  viewedPostIds?: Set<number>
}

/** Whether the participant may not complete the challenge again right now (once, this period, or cap). */
export function isDone(c: ChallengeContent, completions: Pick<CompletionRow, 'periodKey'>[], now: number): boolean {
  if (!completions.length) return false
  const rule = repeatRule(c.parameters)
  if (!isRepeatable(rule)) return true
  if (rule.maxCompletions && completions.length >= rule.maxCompletions) return true
  const key = periodKey(rule, now)
  return key !== null && completions.some((x) => x.periodKey === key)
}

/**
 * The summary right after a completion with this period key, made at `now`: isDone over the
 * completions before plus this one, which needs only their count when a cap applies (`countAfter`,
 * known whenever the completion counted them) since this completion is the latest and carries the
 * period key of `now`.
 */
export function summaryAfterCompletion(c: ChallengeContent, now: number, completed: { periodKey: string; createdAt: Date; completionsAfter: number | null }): CompletionSummary {
  const rule = repeatRule(c.parameters)
  const key = periodKey(rule, now)
  const capped = rule.maxCompletions !== null && completed.completionsAfter !== null && completed.completionsAfter >= rule.maxCompletions
  return { latest: completed.createdAt, done: !isRepeatable(rule) || capped || (key !== null && key === completed.periodKey) }
}

export function summarizeCompletions(c: ChallengeContent, completions: CompletionRow[] | CompletionSummary, now: number): CompletionSummary {
  if (!Array.isArray(completions)) return completions
  const latest = completions.reduce<Date | null>((acc, x) => (!acc || x.createdAt > acc ? x.createdAt : acc), null)
  return { latest, done: isDone(c, completions, now) }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function toPost(p: PostTree | (PostTree['children'][number] & { children?: undefined }), viewed: Set<number>): SocialPost {
  return {
    id: p.id,
    post_type: p.postType,
    media_path: p.mediaPath,
    message: p.message,
    username: p.username,
    url: p.url,
    duration: p.durationSeconds,
    published_at: iso(p.publishedAt),
    viewed: viewed.has(p.id),
    social_network_page: { url: p.pageUrl, platform: p.platform },
    social_network_child_posts: (p.children ?? []).map((child) => toPost(child, viewed)),
  }
}

/** The Challenge entity (participant-site.md section 3) as this participant sees it. */
export function toChallengeEntity(c: ChallengeContent, view: ParticipantView): Challenge {
  const p = c.parameters
  const rule = repeatRule(p)
  const { latest, done } = summarizeCompletions(c, view.completions, view.now)
  const amounts = Array.isArray(p.amounts) ? (p.amounts as { amount: number; points: number }[]) : []
  const entities = Array.isArray(p.entities) ? (p.entities as { id: string | number; name: string }[]) : []
  return {
    id: c.id,
    identifier: c.identifier,
    name: c.name,
    caption: c.caption,
    description: c.description,
    content: c.content,
    challenge_type: c.challengeType,
    parameters: publicParameters(p),
    status: effectiveStatus(c, view.now),
    points: c.points,
    reward_type: c.rewardType,
    cta_button_text: c.ctaButtonText,
    link_url: c.linkUrl ?? (typeof p.link_url === 'string' ? p.link_url : null),
    bypass_modal: c.bypassModal,
    api_completion_only: c.apiCompletionOnly,
    start: iso(c.start),
    finish: iso(c.finish),
    image: c.image,
    icon: c.icon,
    success_message: c.successMessage,
    duration: typeof p.duration === 'number' ? p.duration : null,
    tag_list: c.tagList,
    completed_by_current_participant_on: iso(latest),
    is_repeatable_and_completed: isRepeatable(rule) && done,
    current_participant_name: view.participant ? `${view.participant.firstName} ${view.participant.lastName}`.trim() : null,
    questions: c.questions.map((q) => ({
      id: q.id,
      title: q.title,
      additional_details: q.additionalDetails,
      answer_type: q.answerType,
      is_required: q.isRequired,
      options: q.options.map((o) => ({ id: o.id, details: o.details, image: { public_url: o.imageUrl, alt_text: o.imageAltText } })),
    })),
    participant_answers: (view.answers ?? []).map((a) => ({ question_id: a.questionId, question_option_id: a.questionOptionId, answer: a.answer })),
    referral_url: c.challengeType === 'referral' && view.participant ? `${view.origin}/signin?referral_code=${encodeURIComponent(view.participant.referralCode)}` : null,
    social_network_posts: c.posts.map((post) => toPost(post, view.viewedPostIds ?? new Set())),
    donation_challenge:
      c.challengeType === 'donation'
        ? {
            entity_label: typeof p.entity_label === 'string' ? p.entity_label : 'Choose a cause',
            amount_options: amounts.map((a) => ({ amount: Number(a.amount), points: Number(a.points) })),
            entity_options: entities.map((e) => ({ id: String(e.id), name: e.name })),
          }
        : null,
    membership_challenge: c.challengeType === 'membership' ? { price: Number(p.price_cents ?? 0) } : null,
    updated_at: c.updatedAt.toISOString(),
  }
}

/** A home list item (contract ChallengeTile): the challenge's tile fields and the caller's completion state. */
export function toChallengeTile(c: ChallengeContent, now: number, completions: CompletionSummary): ChallengeTile {
  return { ...tileFixedFields(c), ...tileStateFields(c, now, completions) }
}

/** The tile fields that depend only on the challenge row (catalog content). */
function tileFixedFields(c: ChallengeContent) {
  const p = c.parameters
  return {
    id: c.id,
    identifier: c.identifier,
    name: c.name,
    caption: c.caption,
    description: c.description,
    challenge_type: c.challengeType,
    parameters: publicParameters(p),
    points: c.points,
    reward_type: c.rewardType,
    cta_button_text: c.ctaButtonText,
    link_url: c.linkUrl ?? (typeof p.link_url === 'string' ? p.link_url : null),
    bypass_modal: c.bypassModal,
    api_completion_only: c.apiCompletionOnly,
    start: iso(c.start),
    finish: iso(c.finish),
    image: c.image,
    icon: c.icon,
    duration: typeof p.duration === 'number' ? p.duration : null,
    tag_list: c.tagList,
    updated_at: c.updatedAt.toISOString(),
  } satisfies Omit<ChallengeTile, keyof ReturnType<typeof tileStateFields>>
}

/** The tile fields that depend on the time and on the caller. */
function tileStateFields(c: ChallengeContent, now: number, { latest, done }: CompletionSummary) {
  return {
    status: effectiveStatus(c, now),
    completed_by_current_participant_on: iso(latest),
    is_repeatable_and_completed: isRepeatable(repeatRule(c.parameters)) && done,
  }
}

/**
 * The fixed part of a tile as JSON, without its closing brace, once per catalog entry: a home list is
 * read on every signed-in page view and serializing the same challenges again was most of its cost
 * (bench/api.ts). The catalog replaces its entries when it reloads, which drops these too.
 */
const tileFragments = new WeakMap<ChallengeContent, string>()

/** toChallengeTile as JSON text, built from the cached fixed part plus the state fields. */
export function challengeTileJson(c: ChallengeContent, now: number, completions: CompletionSummary): string {
  let fixed = tileFragments.get(c)
  if (fixed === undefined) {
    fixed = JSON.stringify(tileFixedFields(c)).slice(0, -1)
    tileFragments.set(c, fixed)
  }
  return `${fixed},${JSON.stringify(tileStateFields(c, now, completions)).slice(1)}`
}

/** Quiz answers and grading stay on the server. */
function publicParameters(p: Record<string, unknown>): Record<string, unknown> {
  const { correct_answers: _hidden, ...rest } = p
  return rest
}
