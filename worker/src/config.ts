import { type Network, parseNetworks } from '../../sdk/contract/cidr'
import { RETENTION_KINDS, RETENTION_RULES, type RetentionField, type RetentionKind, type RetentionWindows, retentionField } from '../../sdk/contract/console/retention'
import type { Config, Environment } from './deps'
import { type CaptchaVerifier, captchaOff, createTurnstileVerifier } from './platform/captcha'
import { createLocalPayments, createStripePayments, type PaymentsProvider } from './platform/payments'

/** Settings both entries read from their environment (wrangler vars/secrets or process.env). */
export type EnvVars = {
  /** `development` or `test` only where said explicitly (npm start, the tests); anything else is production. */
  ENVIRONMENT?: string
  APP_SECRET?: string
  BASE_DOMAIN?: string
  /** The console's own host in production (e.g. `console.tessera.app`); it answers nowhere else. */
  ADMIN_HOST?: string
  /** Development only: the origin links point to (default http://localhost:8787). */
  LOCAL_ORIGIN?: string
  /** Node entry: comma-separated addresses of reverse proxies whose X-Forwarded-* headers count. */
  TRUSTED_PROXIES?: string
  MAIL_FROM?: string
  MAIL_API_KEY?: string
  MAIL_API_URL?: string
  TURNSTILE_SECRET?: string
  /** Where Turnstile tokens are verified (default Cloudflare's siteverify): a proxy's address, or a local stand-in in the tests. */
  TURNSTILE_SITEVERIFY_URL?: string
  DEV_PROGRAM_KEY?: string
  CACHE_TTL_MS?: string
  /** How long a request holds its Idempotency-Key while it runs, in ms (default 120000; shortened in the crash tests). */
  IDEMPOTENCY_LEASE_MS?: string
  /** How long an outbox deliverer holds the rows it claimed, in ms (default 900000; shortened in the crash tests). */
  OUTBOX_CLAIM_LEASE_MS?: string
  /** How long a webhook attempt holds its delivery, in ms (default 120000; shortened in the crash tests). */
  WEBHOOK_ATTEMPT_LEASE_MS?: string
  /** Address ranges (CIDR, comma-separated) whose sign-ins skip the per-address limits: a venue's or an office's network. */
  TRUSTED_SIGNIN_NETWORKS?: string
  OFFERS_API_URL?: string
  OFFERS_API_KEY?: string
  /** The Aptos signer of collectibles (a secret); unset: every program uses the simulated local chain. */
  APTOS_PRIVATE_KEY?: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  STRIPE_API_BASE?: string
  /** `true` turns memberships and donations off (then production needs no Stripe keys). */
  PAYMENTS_DISABLED?: string
} & Partial<Record<RetentionEnvVar, string>>

/** The deployment's retention window of each kind of data, in days (docs/privacy.md): RETENTION_RECEIPT_IMAGES_DAYS and so on. */
type RetentionEnvVar = `RETENTION_${Uppercase<RetentionField>}`
export const retentionEnvVar = (kind: RetentionKind) => `RETENTION_${retentionField(kind).toUpperCase()}` as RetentionEnvVar

/** The retention defaults: each RETENTION_*_DAYS, else the kind's own default; a value out of bounds stops the start, naming it. */
export function retentionDefaults(env: EnvVars): RetentionWindows {
  const windows = {} as RetentionWindows
  for (const kind of RETENTION_KINDS) {
    const name = retentionEnvVar(kind)
    const value = env[name]?.trim()
    const { min, max, default: fallback } = RETENTION_RULES[kind]
    const days = value ? (/^\d+$/.test(value) ? Number(value) : Number.NaN) : fallback
    if (!(Number.isInteger(days) && days >= min && days <= max)) throw new Error(`${name} must be a whole number of days from ${min} to ${max} (got "${value}")`)
    windows[retentionField(kind)] = days
  }
  return windows
}

/**
 * An Idempotency-Key's lease while its request runs: two minutes. The slowest honest request is a
 * write of a few D1 round trips with a 30 s statement timeout each; two minutes is well past it, and
 * short enough that a client retrying after a crash (Stripe's SDKs back off up to about a minute) gets
 * its request run again rather than a 409.
 */
export const IDEMPOTENCY_LEASE_MS = 120_000

/**
 * A claimed outbox row's lease: fifteen minutes, the longest a Queues consumer invocation may run on
 * Cloudflare; a round of at most 90 rows takes seconds (features/webhooks/outbox.ts).
 */
export const OUTBOX_CLAIM_LEASE_MS = 15 * 60_000
/** A webhook attempt's lease: two minutes, past its 10 s send timeout and the round around it (webhooks.ts). */
export const WEBHOOK_ATTEMPT_LEASE_MS = 120_000

/** A lease from the environment: at least one second; unset or not a number, the default. */
const leaseMs = (value: string | undefined, fallback: number) => Math.max(1000, Number(value) || fallback)

/** TRUSTED_SIGNIN_NETWORKS parsed; a bad entry stops the start, naming it (a typo must not widen or void the list silently). */
function trustedNetworks(list: string | undefined): Network[] {
  try {
    return parseNetworks(list)
  } catch (err) {
    throw new Error(`TRUSTED_SIGNIN_NETWORKS: ${(err as Error).message}`)
  }
}

const DEV_SECRET = 'tessera-development-secret-do-not-use-in-production'

/** Why a production configuration cannot start, one line per missing setting (empty when it can). */
export function productionProblems(env: EnvVars): string[] {
  const problems: string[] = []
  if (!env.APP_SECRET || env.APP_SECRET.length < 32) problems.push('APP_SECRET must be set (32+ characters): wrangler secret put APP_SECRET')
  if (!env.MAIL_API_KEY) problems.push('MAIL_API_KEY must be set: sign-in codes need a mail provider (wrangler secret put MAIL_API_KEY)')
  if (env.PAYMENTS_DISABLED !== 'true' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set, or PAYMENTS_DISABLED=true')
  }
  if (!env.ADMIN_HOST) problems.push('ADMIN_HOST must be set: the console answers only on its own host')
  if (!env.BASE_DOMAIN) problems.push('BASE_DOMAIN must be set: program sites and mailed links are built from it')
  return problems
}

/**
 * Production is the default: an unset or unknown ENVIRONMENT is production, and production refuses to
 * start without its secrets (so a plain `wrangler deploy` never serves the dev mailbox or test checkout).
 */
export function configFromEnv(env: EnvVars): Config {
  const environment: Environment = env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test' ? env.ENVIRONMENT : 'production'
  if (environment === 'production') {
    const problems = productionProblems(env)
    if (problems.length) throw new Error(`Tessera will not start in production:\n- ${problems.join('\n- ')}`)
  }
  const localOrigin = (env.LOCAL_ORIGIN || 'http://localhost:8787').replace(/\/+$/, '')
  return {
    environment,
    secret: env.APP_SECRET || DEV_SECRET,
    baseDomain: env.BASE_DOMAIN || 'tessera.localhost',
    adminHost: environment === 'production' ? env.ADMIN_HOST!.toLowerCase() : null,
    localOrigin,
    secureCookies: environment === 'production' || localOrigin.startsWith('https:'),
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    paymentsEnabled: env.PAYMENTS_DISABLED !== 'true',
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.dev>',
    devProgramKey: env.DEV_PROGRAM_KEY || 'demo',
    cacheTtlMs: environment === 'test' ? 0 : Number(env.CACHE_TTL_MS ?? 5000),
    idempotencyLeaseMs: leaseMs(env.IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_LEASE_MS),
    outboxClaimLeaseMs: leaseMs(env.OUTBOX_CLAIM_LEASE_MS, OUTBOX_CLAIM_LEASE_MS),
    webhookAttemptLeaseMs: leaseMs(env.WEBHOOK_ATTEMPT_LEASE_MS, WEBHOOK_ATTEMPT_LEASE_MS),
    trustedSigninNetworks: trustedNetworks(env.TRUSTED_SIGNIN_NETWORKS),
    retention: retentionDefaults(env),
  }
}

/** Turnstile when its secret is configured (verified at TURNSTILE_SITEVERIFY_URL when set), else the check is off. */
export function captchaFromEnv(env: EnvVars): CaptchaVerifier {
  if (!env.TURNSTILE_SECRET) return captchaOff
  return createTurnstileVerifier({ secret: env.TURNSTILE_SECRET, ...(env.TURNSTILE_SITEVERIFY_URL ? { url: env.TURNSTILE_SITEVERIFY_URL } : {}) })
}

/**
 * Stripe when both keys are set; otherwise the local test checkout, whose events are signed with a
 * secret derived from APP_SECRET (or STRIPE_WEBHOOK_SECRET when given) and verified like Stripe's.
 */
export function paymentsFromEnv(env: EnvVars, config: Config): PaymentsProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return createStripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}) })
  }
  return createLocalPayments({ webhookSecret: env.STRIPE_WEBHOOK_SECRET || `whsec_local_${config.secret.slice(0, 24)}` })
}
