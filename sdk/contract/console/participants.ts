import * as z from 'zod'

/**
 * The console's participants area (admin-console-part-a.md sections 2 Participants, 3 Participant/user,
 * 4, 5, 7 Participants, 8). Every path sits under /admin/v2/programs/{program_id}/participants.
 */

export const participantStatuses = ['pending', 'inactive', 'active', 'opted_out', 'blocked'] as const
export type ParticipantStatus = (typeof participantStatuses)[number]

export const participantSorts = ['points', 'name', 'email', 'created_at', 'sign_in_count', 'completed_challenges'] as const
export type ParticipantSort = (typeof participantSorts)[number]

/** Admin tables page 10 to 50 rows, 20 by default (spec section 9). */
export const PARTICIPANT_PAGE_SIZES = [10, 20, 30, 40, 50] as const

/** A tag: trimmed, 1 to 50 characters, no comma (the CSV tags cell is a comma list). */
export const tagSchema = z
  .string({ error: 'Tag is required' })
  .trim()
  .min(1, 'Tag is required')
  .max(50, 'Tag must not be longer than 50 characters')
  .refine((t) => !t.includes(','), 'Tag must not contain a comma')

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../participants: one page, sorted, searched and filtered on the server. */
export const participantListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  sort: z.enum(participantSorts, { error: `must be one of ${participantSorts.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  /** A prefix of the e-mail, first name, last name, or "first last". */
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  status: z.enum(participantStatuses, { error: `must be one of ${participantStatuses.join(', ')}` }).optional(),
  tag: tagSchema.optional(),
})
export type ParticipantListQuery = z.input<typeof participantListQuerySchema>

export const participantRefSchema = z.object({ id: z.number(), name: z.string(), email: z.string() })

/** The participant entity (spec section 3) as the console's table and detail page read it. */
export const consoleParticipantSchema = z.object({
  id: z.number(),
  program_id: z.number(),
  name: z.string(),
  /** "Ana G." */
  short_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** "a***a@example.com" */
  censured_email: z.string(),
  status: z.enum(participantStatuses),
  staff: z.boolean(),
  avatar: z.object({ url: z.string().nullable() }),
  tag_list: z.array(z.string()),
  sign_in_count: z.number(),
  /** Lifetime points (the sum of earnings). */
  points: z.number(),
  /** The balance. */
  unused_points: z.number(),
  completed_challenges: z.number(),
  /** Rewards claimed, won or entered (refunded claims excluded). */
  rewards_earned: z.number(),
  /** Offer link clicks. */
  clicks: z.number(),
  /** Always null until a chain integration stores wallets. */
  aptos_wallet_address: z.string().nullable(),
  referred_by: participantRefSchema.nullable(),
  /** The participant's `gender` profile attribute, if the program collects one. */
  gender: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  ahoy_city: z.string().nullable(),
  ahoy_country: z.string().nullable(),
})
export type ConsoleParticipant = z.infer<typeof consoleParticipantSchema>

export const pageMetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number(), total_pages: z.number() })
export type PageMeta = z.infer<typeof pageMetaSchema>

export const participantListResponseSchema = z.object({ data: z.array(consoleParticipantSchema), meta: pageMetaSchema })
export type ParticipantListResponse = z.infer<typeof participantListResponseSchema>

/** Detail: the entity plus what the tabs need to know up front. */
export const participantDetailSchema = consoleParticipantSchema.extend({
  tier: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The blockchain_transactions tab exists only with the chain integration on. */
  blockchain_enabled: z.boolean(),
  /** When the participant was erased (the delete tool; docs/privacy.md): an anonymous tombstone the other tools refuse. */
  erased_at: z.string().nullable(),
})
export type ParticipantDetail = z.infer<typeof participantDetailSchema>

// ---- Export Table ------------------------------------------------------------------------------

export const exportModes = ['default', 'detailed'] as const
export const exportTypes = ['report', 'import'] as const
/** The export dialog recommends the default mode below this many participants (spec section 5). */
export const DEFAULT_MODE_RECOMMENDED_BELOW = 10_000

/** GET .../participants.csv?mode=&type=&selected_attributes[]= */
export const participantExportQuerySchema = z.object({
  mode: z.enum(exportModes, { error: 'must be default or detailed' }).default('default'),
  type: z.enum(exportTypes, { error: 'must be report or import' }).default('report'),
  /** Profile attribute names added as columns of a report (an import export always has the template's). */
  selected_attributes: z.array(z.string().trim().min(1).max(100)).max(50, 'at most 50 attributes').default([]),
})
export type ParticipantExportQuery = z.input<typeof participantExportQuerySchema>

// ---- Import User Data --------------------------------------------------------------------------

/** What each choice may be; docs/engine-rules-decisions.md "Participant imports" says what each does. */
export const importStrategies = {
  email: ['replace', 'ignore'],
  points: ['replace', 'add', 'ignore'],
  tags: ['replace', 'add', 'ignore'],
  naming: ['replace', 'ignore'],
  metric: ['replace', 'ignore'],
} as const

/** The import limits: a bigger file is refused whole (422 naming csv_file), nothing written. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 50_000

const strategy = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number], label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }).default(fallback as never)

/** The multipart fields next to csv_file; defaults replace, replace, replace, replace, ignore (spec section 5). */
export const participantImportOptionsSchema = z.object({
  email: strategy(importStrategies.email, 'replace', 'Email strategy'),
  points: strategy(importStrategies.points, 'replace', 'Points strategy'),
  tags: strategy(importStrategies.tags, 'replace', 'Tags strategy'),
  naming: strategy(importStrategies.naming, 'replace', 'Naming strategy'),
  metric: strategy(importStrategies.metric, 'ignore', 'Metric strategy'),
})
export type ParticipantImportOptions = z.output<typeof participantImportOptionsSchema>

export const importJobStatuses = ['uploading', 'queued', 'running', 'done', 'failed'] as const

export const importRowErrorSchema = z.object({ line: z.number(), field: z.string(), reason: z.string() })
export type ImportRowError = z.infer<typeof importRowErrorSchema>

export const importJobSchema = z.object({
  id: z.number(),
  status: z.enum(importJobStatuses),
  file_name: z.string(),
  options: participantImportOptionsSchema,
  total_rows: z.number(),
  processed_rows: z.number(),
  imported_rows: z.number(),
  skipped_rows: z.number(),
  failed_rows: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type ImportJob = z.infer<typeof importJobSchema>

/** GET .../participants/imports/{job_id}: the job and one page of its per-line failures. */
export const importJobReportSchema = z.object({
  data: importJobSchema,
  errors: z.array(importRowErrorSchema),
  errors_meta: pageMetaSchema,
})
export type ImportJobReport = z.infer<typeof importJobReportSchema>

export const importJobReportQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(100).pipe(z.number().min(1, 'must be between 1 and 500').max(500, 'must be between 1 and 500')),
})

// ---- Tools: one POST per participant, by intent ------------------------------------------------

export const participantIntents = ['toggle_tag', 'get_magic_link', 'reset_activities', 'update_participant', 'create_action', 'delete_participant'] as const
export type ParticipantIntent = (typeof participantIntents)[number]

/** Add points to a user: points a positive integer, action_title required (spec section 5). */
export const addPointsSchema = z.object({
  points: z.coerce
    .number({ error: 'Points must be a positive whole number' })
    .int('Points must be a positive whole number')
    .positive('Points must be a positive whole number')
    .max(1_000_000_000, 'Points must be at most 1,000,000,000'),
  action_title: z.string({ error: 'Action title is required' }).trim().min(1, 'Action title is required').max(200, 'Action title must not be longer than 200 characters'),
})

export const participantIntentSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('toggle_tag'), tag: tagSchema }),
    z.object({ intent: z.literal('get_magic_link') }),
    z.object({ intent: z.literal('reset_activities') }),
    z
      .object({
        intent: z.literal('update_participant'),
        status: z.enum(participantStatuses, { error: `Status must be one of ${participantStatuses.join(', ')}` }).optional(),
        staff: z.boolean({ error: 'Staff must be true or false' }).optional(),
      })
      .refine((v) => v.status !== undefined || v.staff !== undefined, { message: 'Send status or staff', path: ['status'] }),
    addPointsSchema.extend({
      intent: z.literal('create_action'),
      /** The client's key (or the Idempotency-Key header): the same key adds the points once. */
      idempotency_key: z.string().trim().min(8, 'must be 8 to 100 characters').max(100, 'must be 8 to 100 characters').optional(),
    }),
    z.object({ intent: z.literal('delete_participant') }),
  ],
  { error: 'Invalid intent' },
)
export type ParticipantIntentRequest = z.input<typeof participantIntentSchema>

/** The toast texts of spec section 8, one per intent. */
export const intentMessages: Record<ParticipantIntent, string> = {
  toggle_tag: 'Tag updated',
  get_magic_link: 'Magic link copied to clipboard',
  reset_activities: 'Activities reset',
  update_participant: 'Participant updated',
  create_action: 'Points Added',
  delete_participant: 'Participant deleted',
}

export type ParticipantIntentResponse = {
  success: true
  message: string
  data: {
    participant?: ParticipantDetail
    /** get_magic_link: a single-use sign-in link for the participant's site. */
    magic_link?: { url: string; expires_at: string }
    /** toggle_tag: whether the tag is now on. */
    tagged?: boolean
    /** create_action: false when the key had been used (nothing added again). */
    applied?: boolean
  }
}

// ---- Tabs ---------------------------------------------------------------------------------------

export const tabQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100')),
})

export type ParticipantActionRow = { id: number; action_type: string; title: string; points: number; actionable_type: string | null; actionable_id: number | null; created_at: string }
export type ParticipantRewardRow = { id: number; reward_id: number; name: string; selection: string; status: string; points_spent: number; coupon_code: string | null; created_at: string }
export type ParticipantChallengeRow = { id: number; challenge_id: number; name: string; challenge_type: string; points: number; period_key: string; score: number | null; created_at: string }
export type ParticipantQuestionRow = { question_id: number; title: string; answer_type: string; challenge_id: number; challenge_name: string; answer: string; answered_at: string }
export type ParticipantAnswerRow = { id: number; challenge_id: number; challenge_name: string; question_id: number; question: string; answer: string; created_at: string }
export type ParticipantAttributeRow = { id: number; attribute_name: string; display_name: string; value: string; updated_at: string }
export type RecruitedRow = { id: number; participant: z.infer<typeof participantRefSchema>; status: string; points: number; created_at: string }
export type ReceiptRow = { id: number; status: string; total_amount: number; points: number; created_at: string }
export type BlockchainTransactionRow = { id: number; hash: string; status: string; created_at: string }

export type TabPage<T> = { data: T[]; meta: PageMeta }

/** Attributes tab, generic form calls: the value of one of the program's profile attributes. */
export const participantAttributeWriteSchema = z.object({
  attribute_display_name: z.string({ error: 'Attribute is required' }).trim().min(1, 'Attribute is required').max(100),
  value: z.string({ error: 'Value is required' }).trim().min(1, 'Value is required').max(5000, 'Value must not be longer than 5000 characters'),
})
export type ParticipantAttributeWrite = z.infer<typeof participantAttributeWriteSchema>
