import * as z from 'zod'
import { type AnswerType, answerTypes, challengeTypes } from '../challenges'
import { pageMetaSchema, tagSchema } from './participants'

/**
 * The console's challenges area (admin-console-part-b.md sections 2 Challenges, 4, 5, 6, 7 Challenges,
 * 8). Every path sits under /admin/v2/programs/{program_id}/challenges: like the participants area, a
 * challenge's own paths carry the program so the permission is checked on it and another program's
 * challenge is simply not found.
 */

export const challengeStatuses = ['draft', 'active', 'ended', 'scheduled'] as const
export type ChallengeStatus = (typeof challengeStatuses)[number]

export const challengeSorts = ['name', 'status', 'challenge_type', 'points', 'start', 'finish', 'completions', 'clicks', 'created_at'] as const
export type ChallengeSort = (typeof challengeSorts)[number]

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../challenges: one page, sorted, searched (name) and filtered (status, type, tag) on the server. */
export const challengeListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  sort: z.enum(challengeSorts, { error: `must be one of ${challengeSorts.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** The effective status (engine-rules.md): draft, scheduled before start, ended at finish, else active. */
  status: z.enum(challengeStatuses, { error: `must be one of ${challengeStatuses.join(', ')}` }).optional(),
  type: z.enum(challengeTypes, { error: `must be one of ${challengeTypes.join(', ')}` }).optional(),
  tag: tagSchema.optional(),
})
export type ChallengeListQuery = z.input<typeof challengeListQuerySchema>

/** A list row: the spec's columns (name, image, status, challengeType, points, start, finish, tag_list, completions, clicks). */
export const consoleChallengeSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.object({ url: z.string().nullable() }),
  /** The effective status participants see. */
  status: z.enum(challengeStatuses),
  challengeType: z.enum(challengeTypes),
  points: z.number(),
  start: z.string().nullable(),
  finish: z.string().nullable(),
  tag_list: z.array(z.string()),
  completions: z.number(),
  clicks: z.number(),
  approved: z.boolean(),
  created_at: z.string(),
})
export type ConsoleChallenge = z.infer<typeof consoleChallengeSchema>

export const challengeListResponseSchema = z.object({ data: z.array(consoleChallengeSchema), meta: pageMetaSchema })
export type ChallengeListResponse = z.infer<typeof challengeListResponseSchema>

// ---- The wizard's form -------------------------------------------------------------------------

/** Answer types with options to choose from; the image ones need an image per option (spec section 5). */
export const OPTION_ANSWER_TYPES: readonly AnswerType[] = ['dropdown', 'radio_button', 'image_radio_button', 'check_box', 'image_check_box']
export const IMAGE_ANSWER_TYPES: readonly AnswerType[] = ['image_radio_button', 'image_check_box']
export const collectTypes = ['survey', 'quiz', 'profile'] as const
export const repeatChoices = ['none', 'daily', 'weekly', 'monthly'] as const

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`)
const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} must be a URL` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), `${label} must be an http(s) URL`)
const dateText = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), `${label} must be a date and time`)
const count = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`)

export const questionOptionFormSchema = z.object({
  id: z.number().int().positive().optional(),
  details: text('Option', 500).min(1, 'Option text is required'),
  image_url: optionalUrl('Option image').default(''),
  image_alt_text: text('Option image alt text', 200).default(''),
  correct: z.boolean().default(false),
})
export type QuestionOptionForm = z.infer<typeof questionOptionFormSchema>

export const questionFormSchema = z.object({
  id: z.number().int().positive().optional(),
  title: text('Question', 500).min(1, 'Question is required'),
  additional_details: text('Details', 2000).default(''),
  answer_type: z.enum(answerTypes, { error: `Answer type must be one of ${answerTypes.join(', ')}` }),
  is_required: z.boolean().default(false),
  /** Profile collect: the participant profile attribute the answer is written to. */
  profile_attribute: text('Profile attribute', 100).default(''),
  options: z.array(questionOptionFormSchema).max(50, 'A question has at most 50 options').default([]),
})
export type QuestionForm = z.infer<typeof questionFormSchema>

export const donationEntityFormSchema = z.object({ id: text('Cause id', 100).default(''), name: text('Cause', 200).min(1, 'Cause name is required') })
export const donationAmountFormSchema = z.object({
  /** Dollars, e.g. 5 or 12.50. */
  amount: z.number({ error: 'Amount must be a number' }).positive('Amount must be greater than 0').max(100_000, 'Amount must be at most 100000'),
  points: count('Points', 0, 1_000_000_000),
})

export const socialPostChildFormSchema = z.object({
  id: z.number().int().positive().optional(),
  post_type: z.enum(['image', 'video'], { error: 'Post type must be image or video' }),
  media_path: optionalUrl('Media URL').refine((v) => v !== '', 'Media URL is required'),
  duration_seconds: count('Duration', 0, 3600).nullable().default(null),
})

/** A unified social post: an image, a video, or a gallery of images and videos. */
export const socialPostFormSchema = z.object({
  id: z.number().int().positive().optional(),
  post_type: z.enum(['gallery', 'image', 'video'], { error: 'Post type must be gallery, image or video' }),
  media_path: optionalUrl('Media URL').refine((v) => v !== '', 'Media URL is required'),
  message: text('Message', 2000).default(''),
  username: text('Username', 100).default(''),
  url: optionalUrl('Post URL').default(''),
  duration_seconds: count('Duration', 0, 3600).nullable().default(null),
  platform: z.enum(['', 'instagram', 'facebook'], { error: 'Platform must be instagram or facebook' }).default(''),
  page_url: optionalUrl('Page URL').default(''),
  children: z.array(socialPostChildFormSchema).max(20, 'A gallery has at most 20 items').default([]),
})
export type SocialPostForm = z.infer<typeof socialPostFormSchema>

/** Every field the wizard edits (spec section 2 Challenge fields, plus each type's own settings). */
export const challengeFormShape = {
  name: text('Name', 120).min(1, 'Name is required'),
  challenge_type: z.enum(challengeTypes, { error: `Challenge type must be one of ${challengeTypes.join(', ')}` }),
  status: z.enum(challengeStatuses, { error: `Status must be one of ${challengeStatuses.join(', ')}` }),
  points: count('Points', 0, 1_000_000_000),
  caption: text('Caption', 200),
  description: text('Description', 5000),
  image: optionalUrl('Image'),
  icon: optionalUrl('Icon'),
  tag_list: z.array(tagSchema).max(20, 'At most 20 tags'),
  start: dateText('Start'),
  finish: dateText('Finish'),
  cta_button_text: text('Button text', 60),
  success_message: text('Success message', 500),
  api_completion_only: z.boolean(),
  featured: z.boolean(),
  bypass_modal: z.boolean(),
  repeat: z.enum(repeatChoices, { error: `Repeat must be one of ${repeatChoices.join(', ')}` }),
  max_completions: count('Max completions', 1, 100_000).nullable(),
  // Type-specific settings (stored in the challenge's parameters, or its content and link columns).
  content: text('Content', 100_000),
  read_minutes: count('Reading time', 1, 600).nullable(),
  video_url: optionalUrl('Video URL'),
  duration: count('Duration', 1, 100).nullable(),
  link_url: optionalUrl('Link URL'),
  share_url: optionalUrl('Share URL'),
  share_text: text('Share text', 500),
  /** Membership price in dollars. */
  price: z.number({ error: 'Price must be a number' }).max(100_000, 'Price must be at most 100000').nullable(),
  entity_label: text('Cause label', 100),
  entities: z.array(donationEntityFormSchema).max(20, 'At most 20 causes'),
  amounts: z.array(donationAmountFormSchema).max(10, 'At most 10 amounts'),
  collect_type: z.enum(collectTypes, { error: `Collect type must be one of ${collectTypes.join(', ')}` }),
  pass_score: count('Pass score', 0, 100).nullable(),
  questions: z.array(questionFormSchema).max(50, 'At most 50 questions'),
  posts: z.array(socialPostFormSchema).max(50, 'At most 50 posts'),
}
export type ChallengeFormField = keyof typeof challengeFormShape

/** Labels of the fields, for '{field} is invalid or missing' (spec section 8, Wizard). */
export const challengeFieldLabels: Record<ChallengeFormField, string> = {
  name: 'Name',
  challenge_type: 'Challenge type',
  status: 'Status',
  points: 'Points',
  caption: 'Caption',
  description: 'Description',
  image: 'Image',
  icon: 'Icon',
  tag_list: 'Tags',
  start: 'Start',
  finish: 'Finish',
  cta_button_text: 'Button text',
  success_message: 'Success message',
  api_completion_only: 'API completion only',
  featured: 'Featured',
  bypass_modal: 'Bypass modal',
  repeat: 'Repeat',
  max_completions: 'Max completions',
  content: 'Content',
  read_minutes: 'Reading time',
  video_url: 'Video URL',
  duration: 'Duration',
  link_url: 'Link URL',
  share_url: 'Share URL',
  share_text: 'Share text',
  price: 'Price',
  entity_label: 'Cause label',
  entities: 'Causes',
  amounts: 'Amount options',
  collect_type: 'Collect type',
  pass_score: 'Pass score',
  questions: 'Questions',
  posts: 'Posts',
}

type Ctx = z.core.$RefinementCtx<z.infer<z.ZodObject<typeof challengeFormShape>>>
const issue = (ctx: Ctx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })

/** The rules that tie fields together: each type's required settings, dates, quiz answers. */
function typeRules(v: z.infer<z.ZodObject<typeof challengeFormShape>>, ctx: Ctx) {
  if (v.start && v.finish && Date.parse(v.finish) <= Date.parse(v.start)) issue(ctx, ['finish'], 'Finish must be after start')
  switch (v.challenge_type) {
    case 'video':
      if (!v.video_url) issue(ctx, ['video_url'], 'Video URL is required')
      if (v.duration === null) issue(ctx, ['duration'], 'Duration (percent to watch) is required')
      break
    case 'article':
      if (!v.content.trim()) issue(ctx, ['content'], 'Content is required')
      break
    case 'link':
    case 'call_action':
      if (!v.link_url) issue(ctx, ['link_url'], 'Link URL is required')
      break
    case 'membership':
      // Spec section 9: a membership purchase needs a price above 0.
      if (v.price === null || !(v.price > 0)) issue(ctx, ['price'], 'Price must be greater than 0')
      break
    case 'donation':
      if (!v.entities.length) issue(ctx, ['entities'], 'Add at least one cause')
      if (!v.amounts.length) issue(ctx, ['amounts'], 'Add at least one amount option')
      if (new Set(v.amounts.map((a) => a.amount)).size !== v.amounts.length) issue(ctx, ['amounts'], 'Amount options must differ')
      break
    case 'collect':
      collectRules(v, ctx)
      break
    case 'unified_social':
      if (!v.posts.length) issue(ctx, ['posts'], 'Add at least one post')
      v.posts.forEach((p, i) => {
        if (p.post_type === 'gallery' && !p.children.length) issue(ctx, ['posts', i, 'children'], 'A gallery needs at least one item')
        if (p.post_type !== 'gallery' && p.children.length) issue(ctx, ['posts', i, 'children'], 'Only a gallery has items')
      })
      break
    default:
      break
  }
}

function collectRules(v: z.infer<z.ZodObject<typeof challengeFormShape>>, ctx: Ctx) {
  if (!v.questions.length) issue(ctx, ['questions'], 'Add at least one question')
  v.questions.forEach((q, i) => {
    const withOptions = OPTION_ANSWER_TYPES.includes(q.answer_type)
    if (withOptions && q.options.length < 2) issue(ctx, ['questions', i, 'options'], 'A choice question needs at least 2 options')
    if (!withOptions && q.options.length) issue(ctx, ['questions', i, 'options'], `A ${q.answer_type} question has no options`)
    if (IMAGE_ANSWER_TYPES.includes(q.answer_type)) {
      q.options.forEach((o, j) => {
        if (!o.image_url) issue(ctx, ['questions', i, 'options', j, 'image_url'], 'An image option needs an image')
      })
    }
    if (v.collect_type === 'profile' && !q.profile_attribute) issue(ctx, ['questions', i, 'profile_attribute'], 'Choose the profile attribute the answer fills')
    const correct = q.options.filter((o) => o.correct).length
    if (v.collect_type !== 'quiz' && correct) issue(ctx, ['questions', i, 'options'], 'Only quiz options can be correct')
    if (v.collect_type === 'quiz' && ['dropdown', 'radio_button', 'image_radio_button'].includes(q.answer_type) && correct > 1) {
      issue(ctx, ['questions', i, 'options'], 'A single-choice question has one correct option')
    }
  })
  if (v.collect_type === 'quiz') {
    if (!v.questions.some((q) => q.options.some((o) => o.correct))) issue(ctx, ['questions'], 'Mark the correct option of at least one question')
    if (v.pass_score === null) issue(ctx, ['pass_score'], 'Pass score is required for a quiz')
  }
}

/** The whole challenge as the wizard saves it (POST create, and the merged result of a PUT). */
export const challengeFormSchema = z.object(challengeFormShape).superRefine(typeRules)
export type ChallengeFormValues = z.infer<typeof challengeFormSchema>

/** A new challenge's starting values. */
export const emptyChallengeForm: ChallengeFormValues = {
  name: '',
  challenge_type: 'collect',
  status: 'draft',
  points: 0,
  caption: '',
  description: '',
  image: '',
  icon: '',
  tag_list: [],
  start: '',
  finish: '',
  cta_button_text: '',
  success_message: '',
  api_completion_only: false,
  featured: true,
  bypass_modal: false,
  repeat: 'none',
  max_completions: null,
  content: '',
  read_minutes: null,
  video_url: '',
  duration: null,
  link_url: '',
  share_url: '',
  share_text: '',
  price: null,
  entity_label: '',
  entities: [],
  amounts: [],
  collect_type: 'survey',
  pass_score: null,
  questions: [],
  posts: [],
}

/** The wizard's steps and the fields each validates on Next. */
export const challengeWizardSteps = [
  { id: 'basics', fields: ['name', 'challenge_type', 'status', 'points', 'caption', 'description', 'image', 'icon', 'tag_list'] },
  {
    id: 'details',
    fields: ['content', 'read_minutes', 'video_url', 'duration', 'link_url', 'share_url', 'share_text', 'price', 'entity_label', 'entities', 'amounts', 'collect_type', 'pass_score', 'questions', 'posts'],
  },
  { id: 'settings', fields: ['start', 'finish', 'repeat', 'max_completions', 'api_completion_only', 'cta_button_text', 'success_message', 'featured', 'bypass_modal'] },
] as const satisfies readonly { id: string; fields: readonly ChallengeFormField[] }[]
export type ChallengeWizardStep = (typeof challengeWizardSteps)[number]['id']

/**
 * The fields of one step that are invalid, each with its first message: what Next shows as
 * '{field} is invalid or missing'. The whole form is checked (rules tie fields of several steps
 * together), then only this step's fields are kept.
 */
export function stepErrors(values: unknown, step: ChallengeWizardStep): { field: ChallengeFormField; message: string }[] {
  const fields = challengeWizardSteps.find((s) => s.id === step)!.fields as readonly ChallengeFormField[]
  const parsed = challengeFormSchema.safeParse(values)
  if (parsed.success) return []
  const out = new Map<ChallengeFormField, string>()
  for (const i of parsed.error.issues) {
    const field = i.path[0] as ChallengeFormField
    if (fields.includes(field) && !out.has(field)) out.set(field, i.message)
  }
  return fields.filter((f) => out.has(f)).map((field) => ({ field, message: out.get(field)! }))
}

/** What GET .../challenges/new and .../{id}/edit answer: the generic form definition plus the values. */
export const challengeFormResponseSchema = z.object({
  fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), required: z.boolean(), options: z.array(z.object({ value: z.string(), label: z.string() })).optional() })),
  defaultValues: z.record(z.string(), z.unknown()),
  /** Known profile attributes, for profile questions. */
  profile_attributes: z.array(z.object({ attribute_name: z.string(), display_name: z.string() })),
  /** True when achievement_collection_address is set. */
  has_collection: z.boolean(),
  /**
   * The collectible collection this challenge's completions lead to (an achievement whose rule counts
   * completions or this challenge's tag), once it has minted; saving then asks 'This changes will be
   * refleted in future minted NFTs.' Null otherwise.
   */
  achievement_collection_address: z.string().nullable(),
})
export type ChallengeFormResponse = z.infer<typeof challengeFormResponseSchema>

/** The detail: the row plus what the detail page shows. */
export const challengeDetailSchema = consoleChallengeSchema.extend({
  caption: z.string(),
  description: z.string(),
  identifier: z.string(),
  stored_status: z.enum(challengeStatuses),
  cta_button_text: z.string().nullable(),
  success_message: z.string().nullable(),
  api_completion_only: z.boolean(),
  parameters: z.record(z.string(), z.unknown()),
  questions_count: z.number(),
  achievement_collection_address: z.string().nullable(),
})
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>

export const challengeTabQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
})

export const challengeParticipantRowSchema = z.object({
  id: z.number(),
  participant_id: z.number(),
  name: z.string(),
  email: z.string(),
  points: z.number(),
  score: z.number().nullable(),
  completed_at: z.string(),
})
export type ChallengeParticipantRow = z.infer<typeof challengeParticipantRowSchema>

export const challengeAnswerRowSchema = z.object({
  id: z.number(),
  participant_id: z.number(),
  name: z.string(),
  email: z.string(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
})
export type ChallengeAnswerRow = z.infer<typeof challengeAnswerRowSchema>

export const challengeIntents = ['toggle_approval', 'duplicate', 'toggle_tag'] as const
export const challengeIntentSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('toggle_approval') }),
    z.object({ intent: z.literal('duplicate') }),
    z.object({ intent: z.literal('toggle_tag'), tag: tagSchema }),
  ],
  { error: 'Invalid intent' },
)
export type ChallengeIntent = z.infer<typeof challengeIntentSchema>
