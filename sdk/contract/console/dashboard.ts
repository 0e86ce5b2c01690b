import * as z from 'zod'

/**
 * The console dashboard (admin-console-part-a.md sections 2, 7 and 9): GET calls under
 * /admin/v2/programs/{program_id}/dashboard, each answering `{ data }`, and the visit tracking calls
 * of the participant site and widgets (/ahoy/visits, /ahoy/events). Staff members are left out of
 * every figure and list; "recent" and "last 30 days" are the thirty days before the request
 * (docs/engine-rules-decisions.md, Dashboard).
 */

export const metricSchema = z.object({ total: z.number().int(), recent: z.number().int() })
export type Metric = z.infer<typeof metricSchema>

/** The metric cards. */
export const performanceMetricsSchema = z.object({
  active_participants: metricSchema,
  completed_challenges: metricSchema,
  program_visits: metricSchema,
  participant_actions: metricSchema,
})
export type PerformanceMetrics = z.infer<typeof performanceMetricsSchema>

/** One month of the Users Growth chart ('N Active Users in month'), oldest first, 12 of them. */
export const usersGrowthPointSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  active_users: z.number().int(),
  new_users: z.number().int(),
})
export type UsersGrowthPoint = z.infer<typeof usersGrowthPointSchema>

const participantRefShape = {
  id: z.number().int(),
  name: z.string(),
  /** First name and last initial ("Ada L."). */
  short_name: z.string(),
  /** The address with its local part hidden ("a***@example.com"). */
  censured_email: z.string(),
  avatar_url: z.string().nullable(),
  /** The participant's page in the console. */
  details_url: z.string(),
}

/** A row of 'Top Users All Time' (points = lifetime points) and 'Top Users From Last 30 days' (points earned in them). */
export const topUserSchema = z.object({ ...participantRefShape, rank: z.number().int(), points: z.number().int() })
export type TopUser = z.infer<typeof topUserSchema>

/** A card of the Latest Users carousel. */
export const latestUserSchema = z.object({
  ...participantRefShape,
  points: z.number().int(),
  status: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
})
export type LatestUser = z.infer<typeof latestUserSchema>

/** A latest action item (spec section 3) and a row of the dashboard action tables. */
export const dashboardActionSchema = z.object({
  id: z.number().int(),
  action_type: z.string(),
  participant_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  title: z.string(),
  points: z.number().int(),
  actionable_type: z.string().nullable(),
  actionable_id: z.number().int().nullable(),
  /** The challenge's, reward's or referral's page in the console; null for other actions. */
  actionable_url: z.string().nullable(),
  /** The participant's page in the console. */
  details_url: z.string(),
  created_at: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
})
export type DashboardAction = z.infer<typeof dashboardActionSchema>

export const actionTableTypes = ['all', 'challenges', 'rewards'] as const
export type ActionTableType = (typeof actionTableTypes)[number]
export const actionableTypeFilters = ['Challenge', 'Reward'] as const

/** Page sizes of the action tables; 20 is the default (spec section 9). */
export const actionPageSizes = [10, 20, 30, 40, 50] as const

/**
 * GET .../dashboard/actions(.csv): `type` picks the table (rewards, challenges, or every action);
 * `columnFilters[actionable_type]` (Reward | Challenge) says the same in the table's filter form.
 * When both are given they must agree. Newest first.
 */
export const dashboardActionsQuerySchema = z
  .object({
    page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'must be 100000 or less').default(1),
    per_page: z.coerce
      .number()
      .int('must be a whole number')
      .refine((n) => (actionPageSizes as readonly number[]).includes(n), 'must be 10, 20, 30, 40 or 50')
      .default(20),
    type: z.enum(actionTableTypes, { error: 'must be all, challenges or rewards' }).optional(),
    'columnFilters[actionable_type]': z.enum(actionableTypeFilters, { error: 'must be Challenge or Reward' }).optional(),
  })
  .transform((q, ctx) => {
    const fromType = q.type === 'challenges' ? 'Challenge' : q.type === 'rewards' ? 'Reward' : q.type === 'all' ? null : undefined
    const fromFilter = q['columnFilters[actionable_type]']
    if (fromType !== undefined && fromFilter !== undefined && fromType !== fromFilter) {
      ctx.addIssue({ code: 'custom', path: ['columnFilters[actionable_type]'], message: `must match type=${q.type}` })
      return z.NEVER
    }
    return { page: q.page, per_page: q.per_page, actionable_type: (fromFilter ?? fromType ?? null) as 'Challenge' | 'Reward' | null }
  })
export type DashboardActionsQuery = z.output<typeof dashboardActionsQuerySchema>

export const dashboardActionsPageSchema = z.object({
  data: z.array(dashboardActionSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
})
export type DashboardActionsPage = z.infer<typeof dashboardActionsPageSchema>

/** Columns of the actions CSV export, in order. */
export const actionCsvColumns = [
  'id',
  'created_at',
  'participant_id',
  'name',
  'email',
  'action_type',
  'title',
  'points',
  'actionable_type',
  'actionable_id',
  'city',
  'country',
] as const

// Visit tracking (participant side). No cookies: the client keeps a random visit token per tab
// (sessionStorage) and sends it with each call; the program comes from the host or ?program=KEY.

const visitToken = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _')

export const visitSurfaces = ['site', 'widget', 'iframe'] as const


export const ahoyEventSchema = z.object({
  name: z.literal('view', { error: 'must be view' }),
  properties: z
    .object({
      /** The program's id, when the page knows it; it must be the request's program. */
      program_id: z.coerce.number().int().positive().optional(),
      page: z.string().max(2000, 'must be 2000 characters or fewer').optional(),
    })
    .optional(),
})

const ahoyEvents = z.array(ahoyEventSchema).min(1, 'must hold at least one event').max(10, 'must hold 10 events or fewer')

export const ahoyEventsRequestSchema = z.object({
  visit_token: visitToken,
  events: ahoyEvents,
})
export type AhoyEventsRequest = z.infer<typeof ahoyEventsRequestSchema>

/**
 * A visit's start. `events`: the first page's events, recorded with the visit (one call for a tab's
 * first page instead of a visit call and then an events call).
 */
export const ahoyVisitRequestSchema = z.object({
  visit_token: visitToken,
  landing_page: z.string().max(2000, 'must be 2000 characters or fewer').optional(),
  referrer: z.string().max(2000, 'must be 2000 characters or fewer').optional(),
  surface: z.enum(visitSurfaces, { error: 'must be site, widget or iframe' }).optional(),
  events: ahoyEvents.optional(),
})
export type AhoyVisitRequest = z.infer<typeof ahoyVisitRequestSchema>

export const ahoyRoutes = { visits: '/ahoy/visits', events: '/ahoy/events' } as const
