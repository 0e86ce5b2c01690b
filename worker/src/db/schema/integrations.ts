import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, timestamp } from './columns'
import { programs } from './programs'

export const webhookEvents = [
  'participant.created',
  'participant.updated',
  'challenge.completed',
  'reward.claimed',
  'points.changed',
  'referral.approved',
  'receipt.processed',
  'payment.completed',
] as const
export type WebhookEvent = (typeof webhookEvents)[number]

export const webhooks = sqliteTable(
  'webhooks',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** HMAC-SHA256 key for the `Tessera-Signature` header. */
    secret: text('secret').notNull(),
    events: json<WebhookEvent[]>('events').notNull(),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_program_idx').on(t.programId)],
)

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    outboxId: integer('outbox_id').notNull(),
    event: text('event').notNull(),
    status: integer('status'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_program_idx').on(t.programId, t.webhookId, t.createdAt)],
)

/**
 * Responses to writes sent with an `Idempotency-Key` header, so a retried request answers exactly
 * what the first one did (the business rows are guarded by their own unique keys as well).
 */
export const requestIdempotency = sqliteTable(
  'request_idempotency',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** `p:{participantId}:{key}` */
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request body: a key reused with another body answers 422, as Stripe's API does. */
    bodyHash: text('body_hash'),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at'),
  },
  (t) => [uniqueIndex('request_idempotency_uq').on(t.programId, t.key)],
)

/** Partner identity tokens already exchanged (their `jti`), so a token signs in once. */
export const identityTokenUses = sqliteTable(
  'identity_token_uses',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identity_token_uses_uq').on(t.programId, t.jti)],
)

/**
 * Counters behind the limiter (worker/src/platform/limiter.ts): fixed-window request counts per key
 * (`ip:signin-start:1.2.3.4`, `mail:to:ana@example.com`) and sign-in failure counts per account
 * (`fail:p:{programId}:{email}`, `fail:a:{email}`) with the lockout they earned. Global, not per
 * program: the key says what it counts. One upsert both counts and answers.
 */
export const throttles = sqliteTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  /** Start of the current window (ms since the epoch). */
  windowStartedAt: integer('window_started_at').notNull(),
  /** Failure lockouts: no attempt is checked before this time (ms since the epoch). */
  lockedUntil: integer('locked_until').notNull().default(0),
})
