import type { Config, Environment } from './deps'
import { createLocalPayments, createStripePayments, type PaymentsProvider } from './platform/payments'

/** Settings both entries read from their environment (wrangler vars/secrets or process.env). */
export type EnvVars = {
  ENVIRONMENT?: string
  APP_SECRET?: string
  BASE_DOMAIN?: string
  MAIL_FROM?: string
  MAIL_API_KEY?: string
  MAIL_API_URL?: string
  TURNSTILE_SECRET?: string
  DEV_PROGRAM_KEY?: string
  CACHE_TTL_MS?: string
  OFFERS_API_URL?: string
  OFFERS_API_KEY?: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  STRIPE_API_BASE?: string
}

const DEV_SECRET = 'tessera-development-secret-do-not-use-in-production'

export function configFromEnv(env: EnvVars): Config {
  const environment = (['development', 'test', 'production'].includes(env.ENVIRONMENT ?? '') ? env.ENVIRONMENT : 'development') as Environment
  if (environment === 'production' && (!env.APP_SECRET || env.APP_SECRET.length < 32)) {
    throw new Error('APP_SECRET must be set (32+ characters) in production: wrangler secret put APP_SECRET')
  }
  return {
    environment,
    secret: env.APP_SECRET || DEV_SECRET,
    baseDomain: env.BASE_DOMAIN || 'tessera.localhost',
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.dev>',
    devProgramKey: env.DEV_PROGRAM_KEY || 'demo',
    cacheTtlMs: environment === 'test' ? 0 : Number(env.CACHE_TTL_MS ?? 5000),
  }
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
