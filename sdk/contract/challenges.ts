import * as z from 'zod'

export const challengeTypes = ['signup', 'video', 'article', 'referral', 'membership', 'share', 'collect', 'link', 'call_action', 'engage', 'unified_social', 'donation'] as const
export type ChallengeType = (typeof challengeTypes)[number]

export const answerTypes = ['text', 'text_area', 'dropdown', 'date', 'date_time', 'radio_button', 'boolean', 'wysiwyg', 'image_radio_button', 'check_box', 'image_check_box', 'phone', 'number', 'decimal', 'time'] as const
export type AnswerType = (typeof answerTypes)[number]

export const questionOptionSchema = z.object({
  id: z.number(),
  details: z.string(),
  image: z.object({ public_url: z.string().nullable(), alt_text: z.string().nullable() }),
})
export const questionSchema = z.object({
  id: z.number(),
  title: z.string(),
  additional_details: z.string().nullable(),
  answer_type: z.enum(answerTypes),
  is_required: z.boolean(),
  options: z.array(questionOptionSchema),
})
export type Question = z.infer<typeof questionSchema>

export const participantAnswerSchema = z.object({
  question_id: z.number(),
  question_option_id: z.number().nullable(),
  answer: z.string(),
})

export const socialPostSchema: z.ZodType<SocialPost> = z.lazy(() =>
  z.object({
    id: z.number(),
    post_type: z.enum(['gallery', 'image', 'video']),
    media_path: z.string(),
    message: z.string().nullable(),
    username: z.string().nullable(),
    url: z.string().nullable(),
    duration: z.number().nullable(),
    published_at: z.string().nullable(),
    viewed: z.boolean(),
    social_network_page: z.object({ url: z.string().nullable(), platform: z.string().nullable() }),
    social_network_child_posts: z.array(socialPostSchema),
  }),
)
export type SocialPost = {
  id: number
  post_type: 'gallery' | 'image' | 'video'
  media_path: string
  message: string | null
  username: string | null
  url: string | null
  duration: number | null
  published_at: string | null
  viewed: boolean
  social_network_page: { url: string | null; platform: string | null }
  social_network_child_posts: SocialPost[]
}

/** The Challenge entity of participant-site.md section 3. */
export const challengeSchema = z.object({
  id: z.number(),
  identifier: z.string(),
  name: z.string(),
  caption: z.string(),
  description: z.string(),
  content: z.string(),
  challenge_type: z.enum(challengeTypes),
  parameters: z.record(z.string(), z.unknown()),
  status: z.enum(['draft', 'active', 'ended', 'scheduled']),
  points: z.number(),
  reward_type: z.enum(['points', 'prize']),
  cta_button_text: z.string().nullable(),
  link_url: z.string().nullable(),
  bypass_modal: z.boolean(),
  api_completion_only: z.boolean(),
  start: z.string().nullable(),
  finish: z.string().nullable(),
  image: z.string().nullable(),
  icon: z.string().nullable(),
  success_message: z.string().nullable(),
  /** Video: the percentage to watch before the challenge completes. */
  duration: z.number().nullable(),
  tag_list: z.array(z.string()),
  completed_by_current_participant_on: z.string().nullable(),
  is_repeatable_and_completed: z.boolean(),
  current_participant_name: z.string().nullable(),
  questions: z.array(questionSchema),
  participant_answers: z.array(participantAnswerSchema),
  referral_url: z.string().nullable(),
  social_network_posts: z.array(socialPostSchema),
  donation_challenge: z
    .object({
      entity_label: z.string(),
      amount_options: z.array(z.object({ amount: z.number(), points: z.number() })),
      entity_options: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
  membership_challenge: z.object({ price: z.number() }).nullable(),
  updated_at: z.string(),
})
export type Challenge = z.infer<typeof challengeSchema>

/**
 * A challenge in the home lists (GET /public/home/active_uncompleted_challenges and
 * completed_challenges): what a tile or a completed-activities row shows, with the caller's
 * completion state. Questions and answers, social posts, content and the fields only the challenge
 * page uses are left out, so a list stays a few KB; the full entity is GET /public/challenges/{id}.
 */
export const challengeTileSchema = challengeSchema.pick({
  id: true,
  identifier: true,
  name: true,
  caption: true,
  description: true,
  challenge_type: true,
  parameters: true,
  status: true,
  points: true,
  reward_type: true,
  cta_button_text: true,
  link_url: true,
  bypass_modal: true,
  api_completion_only: true,
  start: true,
  finish: true,
  image: true,
  icon: true,
  duration: true,
  tag_list: true,
  completed_by_current_participant_on: true,
  is_repeatable_and_completed: true,
  updated_at: true,
})
export type ChallengeTile = z.infer<typeof challengeTileSchema>

/**
 * What a home tile draws (widgets/src/widgets/tiles/challenge-tile.tsx): a visitor's home page comes
 * with its tiles as these cards (worker/src/features/site/primed.ts), a few KB less than the list's
 * answer. `parameters` keeps only `collect_type`, which names a collect challenge's chip.
 */
export const challengeCardSchema = challengeTileSchema.pick({
  id: true,
  identifier: true,
  name: true,
  caption: true,
  challenge_type: true,
  parameters: true,
  points: true,
  image: true,
  cta_button_text: true,
})
export type ChallengeCard = z.infer<typeof challengeCardSchema>

/** A listed challenge as its home tile's card (challengeCardSchema). */
export function challengeCard(c: ChallengeCard): ChallengeCard {
  const { collect_type } = c.parameters
  return {
    id: c.id,
    identifier: c.identifier,
    name: c.name,
    caption: c.caption,
    challenge_type: c.challenge_type,
    parameters: collect_type === undefined ? {} : { collect_type },
    points: c.points,
    image: c.image,
    cta_button_text: c.cta_button_text,
  }
}

const answerValue = z.union([z.string(), z.array(z.string())])

/**
 * POST /public/challenges/submit. Forms send `questions[{id}][id]`, `questions[{id}][value][]` and
 * `questions[{id}][type]` (nested by the server); JSON clients may send the same object.
 */
export const submitChallengeRequestSchema = z.object({
  challenge_id: z.union([z.coerce.number().int().positive(), z.string().min(1).max(120)]),
  questions: z
    .record(z.string(), z.object({ id: z.string().or(z.number()).optional(), value: answerValue.optional(), type: z.string().optional() }))
    .optional(),
  /** Video challenges: the percentage of the video watched (0-100). */
  percentage: z.coerce.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').optional(),
})
export type SubmitChallengeRequest = z.input<typeof submitChallengeRequestSchema>

/** The submit completed the challenge: the points it earned and the challenge as it is now. */
export const submitChallengeCompletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  points: z.number(),
  score: z.number().nullable(),
  challenge: challengeSchema,
})
export type SubmitChallengeCompleted = z.infer<typeof submitChallengeCompletedSchema>

/**
 * A quiz answered under its pass score: a normal outcome (200), not an error. Nothing is written (no
 * points, no completion, no answers); `message` is the product's words ('You scored 0%. You need 60%
 * to pass. Please try again.').
 */
export const submitChallengeQuizFailedSchema = z.object({
  success: z.literal(false),
  result: z.literal('quiz_failed'),
  score: z.number(),
  pass_score: z.number(),
  message: z.string(),
})
export type SubmitChallengeQuizFailed = z.infer<typeof submitChallengeQuizFailedSchema>

/** POST /public/challenges/submit answers one of these two with 200; `success` tells them apart. */
export const submitChallengeResponseSchema = z.discriminatedUnion('success', [submitChallengeCompletedSchema, submitChallengeQuizFailedSchema])
export type SubmitChallengeResponse = z.infer<typeof submitChallengeResponseSchema>

/** GET /public/challenges/{id}: the challenge's id or identifier. */
export const challengeIdParamsSchema = z.object({ id: z.string().min(1).max(120).meta({ description: 'The challenge id or identifier' }) })

/** POST /public/challenges/{id}/unified_social_submission?social_network_post_id=: one post viewed. */
export const socialSubmissionQuerySchema = z.object({ social_network_post_id: z.coerce.number({ error: 'is required' }).int('must be a post id').positive('must be a post id') })

export const socialSubmissionResponseSchema = z.object({
  success: z.literal(true),
  viewed: z.number(),
  total: z.number(),
  completed: z.boolean(),
})

export { challengeRoutes as routes } from './paths'
