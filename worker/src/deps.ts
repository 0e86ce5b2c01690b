import type { Network } from '../../sdk/contract/cidr'
import type { RetentionWindows } from '../../sdk/contract/console/retention'
import type { Db } from './db/client'
import type { AptosDeployment } from './platform/aptos-types'
import type { CaptchaVerifier } from './platform/captcha'
import type { Limiter } from './platform/limiter'
import type { Mailer } from './platform/mail'
import type { OcrProvider } from './platform/ocr'
import type { OffersProvider } from './platform/offers'
import type { PaymentsProvider } from './platform/payments'
import type { HostResolver } from './platform/resolver'
import type { FileStorage } from './platform/storage'

export type Environment = 'development' | 'test' | 'production'

export type Config = {
  environment: Environment
  /** Signs CSRF tokens and hashes sign-in secrets. Set APP_SECRET in production. */
  secret: string
  /** Programs answer on `{subdomain}.{baseDomain}`; custom domains come from their domain list. */
  baseDomain: string
  /** Production: the console's only host. Null in development and tests (every host). */
  adminHost: string | null
  /** Development and tests: the origin absolute links point to (http://localhost:8787). */
  localOrigin: string
  /** Cookies are Secure and `__Host-` prefixed (production, or an https local origin). */
  secureCookies: boolean
  /** Node entry: peers whose X-Forwarded-* headers count (client address, proto, host). */
  trustedProxies: string[]
  /** Memberships and donations (PAYMENTS_DISABLED=true turns them off). */
  paymentsEnabled: boolean
  mailFrom: string
  /** Public key of the program served on localhost in development. */
  devProgramKey: string
  /** How long programs and public challenge content are cached in memory (0 = off, as in tests). */
  cacheTtlMs: number
  /** How long a request holds its Idempotency-Key while it runs (middleware/idempotency.ts). */
  idempotencyLeaseMs: number
  /** A claimed outbox row's lease (OUTBOX_CLAIM_LEASE_MS). */
  outboxClaimLeaseMs: number
  /** A webhook attempt's lease (WEBHOOK_ATTEMPT_LEASE_MS). */
  webhookAttemptLeaseMs: number
  /** Networks whose sign-ins skip the per-address limits (TRUSTED_SIGNIN_NETWORKS); never the per-account lockout. */
  trustedSigninNetworks: Network[]
  /** The deployment's retention windows in days (RETENTION_*_DAYS); a program may override each (features/privacy/retention.ts). */
  retention: RetentionWindows
}

export type Clock = { now(): number }

/** Work that runs after the response (waitUntil on Workers, tracked promises under Node). */
export type Background = (task: Promise<unknown>) => void

/** Everything the app needs from its runtime; index.ts (Workers) and node.ts (Node) build it. */
export type Deps = {
  /** The database this app works on: the control database, or one program shard (decision 0041). */
  db: Db
  /**
   * The control database when `db` is another shard: console sessions and grants are read there.
   * Absent when this app serves control (one shard, or shard 1 of several).
   */
  control?: Db
  /** The shard this app serves (default 1, control): it serves only programs the directory puts here. */
  shard?: number
  /** Every shard's database, shard 1 (control) first, on the control app of a sharded deployment: the dev seed fills them all. */
  shardDbs?: readonly Db[]
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
  /** Hands a participant import's next chunk to its queue; absent under Node, where imports run in-process. */
  enqueueImport?: (jobId: number) => Promise<void>
  log?: (line: string) => void
  /** Rate limits and sign-in lockouts; defaults to the database counter (platform/limiter.ts). */
  limiter?: Limiter
  /** Outbound HTTP (webhooks); defaults to the global fetch. */
  fetch?: typeof fetch
  /** Resolves webhook hosts for the private-address check: node:dns under Node, DNS-over-HTTPS by default. */
  resolver?: HostResolver
  /** Uploaded files (media library): R2 on Workers, a local directory under Node; absent, uploads and media answer 503. */
  storage?: FileStorage
  /** Receipt OCR (platform/ocr.ts); absent: receipts wait in `pending` for a provider. */
  ocr?: OcrProvider
  /** The Aptos signer (collectibles); absent: every program's collectibles use the simulated local chain. */
  aptos?: AptosDeployment
}

export const systemClock: Clock = { now: () => Date.now() }
