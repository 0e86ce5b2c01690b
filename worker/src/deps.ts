import type { Db } from './db/client'
import type { CaptchaVerifier } from './platform/captcha'
import type { Mailer } from './platform/mail'
import type { OffersProvider } from './platform/offers'
import type { PaymentsProvider } from './platform/payments'

export type Environment = 'development' | 'test' | 'production'

export type Config = {
  environment: Environment
  /** Signs CSRF tokens and hashes sign-in secrets. Set APP_SECRET in production. */
  secret: string
  /** Programs answer on `{subdomain}.{baseDomain}`; custom domains come from their domain list. */
  baseDomain: string
  mailFrom: string
  /** Public key of the program served on localhost in development. */
  devProgramKey: string
  /** How long programs and public challenge content are cached in memory (0 = off, as in tests). */
  cacheTtlMs: number
}

export type Clock = { now(): number }

/** Work that runs after the response (waitUntil on Workers, tracked promises under Node). */
export type Background = (task: Promise<unknown>) => void

/** Everything the app needs from its runtime; index.ts (Workers) and node.ts (Node) build it. */
export type Deps = {
  db: Db
  mail: Mailer
  captcha: CaptchaVerifier
  /** Merchants and offers: the built-in catalog, or a network when OFFERS_API_URL is set. */
  offers: OffersProvider
  payments: PaymentsProvider
  clock: Clock
  config: Config
  /** Static front-end files (wrangler assets or the dist folder under Node). */
  assets?: { fetch(request: Request): Promise<Response> }
  /** Hands outbox ids to the queue; absent under Node, where delivery runs in-process. */
  enqueue?: (outboxIds: number[]) => Promise<void>
  log?: (line: string) => void
  /** Outbound HTTP (webhooks); defaults to the global fetch. */
  fetch?: typeof fetch
}

export const systemClock: Clock = { now: () => Date.now() }
