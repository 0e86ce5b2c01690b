import * as z from 'zod'

/**
 * Program economics (issue 27): what a program's points cost and how they are used, for finance.
 * GET /admin/v2/programs/{program_id}/economics?from&to answers every block at once, each block on its
 * own (`ok: false` with its error when that block alone failed, as the dashboard's blocks fail alone);
 * GET .../economics/{block} answers one block as `{ data }`, and .../economics/{block}.csv its table.
 * The server API answers the same report at GET /api/v1/economics.
 *
 * Points are whole numbers; money is in the program's currency (its major unit: 12.5 = 12.50 USD),
 * rounded to the currency's minor unit. Rates are fractions (0.25 = 25 %), null when nothing was earned.
 * Months and days are UTC. Point figures count every participant, staff included (they are what the
 * ledger and the participants export hold); member counts leave staff out, as the dashboard does.
 *
 * How the ledger's rows count (docs/decisions/0035-program-economics.md):
 * - earned: positive earn and adjust rows, less refund rows that take points back (a receipt reversed);
 * - spent: spend rows, less refund rows that give points back (a reward refunded);
 * - expired: expire rows; deducted: negative adjust rows (an admin removal, a receipt corrected).
 */

/** YYYY-MM-DD, a real calendar day. */
const isoDay = (field: string) =>
  z
    .string({ error: `${field}: must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
    }, 'must be a real calendar date')

/** The longest period one report covers. */
export const ECONOMICS_MAX_DAYS = 3660

/**
 * ?from&to: the period, both days included. Left out: `to` is today and `from` the first day of the
 * eleventh month before (twelve calendar months); either one alone is fine.
 */
export const economicsQuerySchema = z
  .object({ from: isoDay('from').optional(), to: isoDay('to').optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' })
    else if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= ECONOMICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be less than ${ECONOMICS_MAX_DAYS} days after from` })
  })
export type EconomicsQuery = z.input<typeof economicsQuerySchema>

export const economicsPeriodSchema = z.object({
  /** YYYY-MM-DD, included. */
  from: z.string(),
  /** YYYY-MM-DD, included. */
  to: z.string(),
})
export type EconomicsPeriod = z.infer<typeof economicsPeriodSchema>

const points = () => z.number().int()
const rate = () => z.number().nonnegative().nullable()
const money = () => z.number().nullable()

/** Earned, spent and expired points over a span, with the two rates. */
export const pointFlowTotalsSchema = z.object({
  earned: points(),
  spent: points(),
  expired: points(),
  /** spent / earned. */
  redemption_rate: rate(),
  /** expired / earned. */
  breakage_rate: rate(),
})
export type PointFlowTotals = z.infer<typeof pointFlowTotalsSchema>

/** The cards: liability, redemption and breakage. */
export const economicsSummarySchema = z.object({
  /** Money per point (settings, general); null while the program has none. */
  point_value: money(),
  /** ISO 4217 (USD, EUR...); null while the program has no point value. */
  currency: z.string().nullable(),
  /** Unused points of all participants: the sum of the participants export's `unused_points`. */
  points_outstanding: points(),
  /** points_outstanding x point_value; null without a point value. */
  liability: money(),
  /** All time. */
  redemption_rate: rate(),
  /** All time. */
  breakage_rate: rate(),
  all_time: pointFlowTotalsSchema,
  period: economicsPeriodSchema.extend(pointFlowTotalsSchema.shape),
})
export type EconomicsSummary = z.infer<typeof economicsSummarySchema>

/**
 * Where points come from and go: challenge (with its type), referral, api (server API), admin
 * (console adjustments and imports' balances), purchase_proof (receipts), payment, import, reward
 * (claims and their refunds), expiry (the Points expiry job, worker/src/features/points/expiry.ts).
 */
export const economicsSources = ['challenge', 'referral', 'api', 'admin', 'purchase_proof', 'payment', 'import', 'reward', 'expiry'] as const
export type EconomicsSource = (typeof economicsSources)[number]

/** One source's points over a span. net = earned - spent - deducted - expired (refunds and reversals netted). */
export const earnBurnRowSchema = z.object({
  source: z.string(),
  /** The challenge type (video, survey's collect, signup...) for source challenge; null otherwise. */
  challenge_type: z.string().nullable(),
  earned: points(),
  spent: points(),
  deducted: points(),
  expired: points(),
  net: points(),
})
export type EarnBurnRow = z.infer<typeof earnBurnRowSchema>

/** Earn and burn by source for the period (one row each) and per month of it (the stacked chart). */
export const earnBurnSchema = z.object({
  period: economicsPeriodSchema,
  sources: z.array(earnBurnRowSchema),
  months: z.array(z.object({ month: z.string(), sources: z.array(earnBurnRowSchema) })),
})
export type EarnBurn = z.infer<typeof earnBurnSchema>

/** The program's expiry rule: the evergreen setting 'Points expiry' (unused points expire N months after they were earned). */
export const expiryRuleSchema = z.object({ active: z.boolean(), months_after_earning: z.number().int() })

export const forecastMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Points earned in the month `months_after_earning` before, still unused (the oldest are used first). */
  points_expiring: points(),
  /** points_expiring x point_value. */
  value: money(),
  /** points_expiring x expected_breakage_rate, rounded; null without a rate. */
  expected_breakage: points().nullable(),
  expected_breakage_value: money(),
})
export type ForecastMonth = z.infer<typeof forecastMonthSchema>

/** Liability forecast: points due to expire in each of the next 12 months (this month first). */
export const liabilityForecastSchema = z.object({
  expiry_rule: expiryRuleSchema,
  point_value: money(),
  currency: z.string().nullable(),
  /** Unused points already past their expiry date (not yet written off). */
  overdue_points: points(),
  /**
   * The share of points that end expired rather than spent, from history: expired / (spent + expired)
   * all time; null while no point was spent or expired.
   */
  expected_breakage_rate: rate(),
  months: z.array(forecastMonthSchema),
  total_points_expiring: points(),
  total_expected_breakage: points().nullable(),
})
export type LiabilityForecast = z.infer<typeof liabilityForecastSchema>

/** Active members over members, per month of the period (staff left out). */
export const participationSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      /** Members with at least one action in the month. */
      active: points(),
      /** Members who had joined by the end of the month. */
      members: points(),
      /** active / members; null without members. */
      participation_rate: rate(),
    }),
  ),
})
export type Participation = z.infer<typeof participationSchema>

/** Cohorts by join month (those joined in the period), with the share active in each month since. */
export const retentionSchema = z.object({
  cohorts: z.array(
    z.object({
      /** YYYY-MM: the join month. */
      cohort: z.string(),
      /** Members who joined in it (staff left out). */
      size: points(),
      /** From the join month (offset 0) to the period's last month. */
      months: z.array(z.object({ offset: z.number().int(), month: z.string(), active: points(), rate: rate() })),
    }),
  ),
})
export type Retention = z.infer<typeof retentionSchema>

/** Members per tier now, and moves between tiers (up: to a higher threshold) in the period. */
export const tierReportSchema = z.object({
  tiers: z.array(
    z.object({
      /** null: members in no tier. */
      tier_id: z.number().int().nullable(),
      name: z.string(),
      points_threshold_min: z.number().int().nullable(),
      points_threshold_max: z.number().int().nullable(),
      members: points(),
      /** Moves into this tier in the period, from a lower one or from none. */
      moves_up: points(),
      /** Moves into this tier (or out of every tier) in the period, from a higher one. */
      moves_down: points(),
    }),
  ),
  months: z.array(z.object({ month: z.string(), moves_up: points(), moves_down: points() })),
})
export type TierReport = z.infer<typeof tierReportSchema>

/** A block answered alone: its data, or why it failed (the other blocks still answer). */
const block = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) })])

export const economicsBlocks = ['summary', 'earn_burn', 'forecast', 'participation', 'retention', 'tiers'] as const
export type EconomicsBlock = (typeof economicsBlocks)[number]

/** Each block's schema, by name (the per-block routes answer `{ data }` of it). */
export const economicsBlockSchemas = {
  summary: economicsSummarySchema,
  earn_burn: earnBurnSchema,
  forecast: liabilityForecastSchema,
  participation: participationSchema,
  retention: retentionSchema,
  tiers: tierReportSchema,
} as const satisfies Record<EconomicsBlock, z.ZodType>

/** The whole report: GET .../economics answers `{ data: EconomicsReport }`, /api/v1/economics the report itself. */
export const economicsReportSchema = z.object({
  period: economicsPeriodSchema,
  summary: block(economicsSummarySchema),
  earn_burn: block(earnBurnSchema),
  forecast: block(liabilityForecastSchema),
  participation: block(participationSchema),
  retention: block(retentionSchema),
  tiers: block(tierReportSchema),
})
export type EconomicsReport = z.infer<typeof economicsReportSchema>

/** The console's paths (the CSV of a block: its path + '.csv'). */
export const economicsPaths = {
  report: (programId: number) => `/admin/v2/programs/${programId}/economics`,
  block: (programId: number, name: EconomicsBlock) => `/admin/v2/programs/${programId}/economics/${name}`,
  csv: (programId: number, name: EconomicsBlock) => `/admin/v2/programs/${programId}/economics/${name}.csv`,
} as const
