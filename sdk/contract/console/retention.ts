import * as z from 'zod'

/**
 * Data retention (issue 28): how long each kind of data is kept before the scheduled sweep removes it.
 * The deployment sets a default for each (RETENTION_*_DAYS); a program may override any of them in
 * the console (Settings > Data retention). Windows are whole days, each within its kind's bounds.
 */
export const RETENTION_KINDS = ['receipt_images', 'ip_device', 'api_request_log', 'delivered_outbox', 'expired_sessions', 'import_files'] as const
export type RetentionKind = (typeof RETENTION_KINDS)[number]

/** A window's field in the settings and the env var that sets the deployment's default. */
export const retentionField = (kind: RetentionKind) => `${kind}_days` as const
export type RetentionField = ReturnType<typeof retentionField>

export type RetentionRule = {
  /** The console's label of the window. */
  label: string
  /** What goes when the window is past, in the product's words. */
  help: string
  /** The deployment's default when RETENTION_{KIND}_DAYS is unset. */
  default: number
  min: number
  max: number
}

const TEN_YEARS = 3650

/**
 * Each kind's rule. The minimums protect what the product itself needs: an Idempotency-Key replays its
 * answer for a day (delivered events and expired codes stay at least that long: the sign-in limits
 * count a day back); IP and device hashes back the referral checks, which look 30 days back.
 */
export const RETENTION_RULES: Record<RetentionKind, RetentionRule> = {
  receipt_images: {
    label: 'Receipt images',
    help: 'Days after a receipt is reviewed (or processing ends) before its image is deleted. The receipt, its amounts and points stay.',
    default: 90,
    min: 1,
    max: TEN_YEARS,
  },
  ip_device: {
    label: 'IP and device hashes',
    help: 'Days a sign-in keeps the hashes of its IP address and browser. The referral checks look back at most this long (30 days at most).',
    default: 30,
    min: 1,
    max: TEN_YEARS,
  },
  api_request_log: {
    label: 'API request log',
    help: 'Days the request log of the server API keys is kept.',
    default: 30,
    min: 1,
    max: TEN_YEARS,
  },
  delivered_outbox: {
    label: 'Delivered e-mails and webhook events',
    help: 'Days a sent e-mail or a delivered webhook event (and its delivery log) is kept. At least 1: a retried request finds its event for a day.',
    default: 7,
    min: 1,
    max: TEN_YEARS,
  },
  expired_sessions: {
    label: 'Expired sessions and codes',
    help: 'Days an expired sign-in session, sign-in code, privacy code or partner token is kept after it expires.',
    default: 30,
    min: 1,
    max: TEN_YEARS,
  },
  import_files: {
    label: 'Import files',
    help: "Days after an import ends before the file's lines are deleted. The import's counts stay.",
    default: 30,
    min: 1,
    max: TEN_YEARS,
  },
}

export type RetentionWindows = Record<RetentionField, number>
export type RetentionOverrides = Record<RetentionField, number | null>

/** GET and PATCH .../settings/retention: the deployment's defaults, this program's overrides, and what applies. */
export type RetentionSettings = {
  defaults: RetentionWindows
  overrides: RetentionOverrides
  effective: RetentionWindows
}

/** One window in a write: whole days within its bounds; empty or null goes back to the default; left out keeps it. */
const windowSchema = (kind: RetentionKind) => {
  const { label, min, max } = RETENTION_RULES[kind]
  const message = `${label} must be a whole number of days from ${min} to ${max}, or empty for the default`
  return z
    .union([z.string().trim().max(8, message), z.number(), z.null()], { error: message })
    .transform((v, ctx) => {
      if (v === null || v === '') return null
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return n
    })
    .optional()
    .meta({ label })
}

/** PATCH .../settings/retention: any of the windows (days), null or empty for the deployment's default. */
export const retentionWriteSchema = z.object(Object.fromEntries(RETENTION_KINDS.map((kind) => [retentionField(kind), windowSchema(kind)])) as Record<RetentionField, ReturnType<typeof windowSchema>>)
export type RetentionWrite = z.input<typeof retentionWriteSchema>

/** The windows that apply: each override, else the default. */
export function effectiveWindows(defaults: RetentionWindows, overrides: Partial<RetentionOverrides>): RetentionWindows {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [retentionField(kind), overrides[retentionField(kind)] ?? defaults[retentionField(kind)]])) as RetentionWindows
}
