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
  'participant.erased',
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
    /**
     * Standard Webhooks signing secret, `whsec_` + base64 of 32 random bytes (rows made before
     * 0026-webhook-delivery carry base64url; the signer decodes both, see webhooks/signing.ts).
     */
    secret: text('secret').notNull(),
    events: json<WebhookEvent[]>('events').notNull(),
    active: bool('active').notNull().default(true),
    /** Automatic delivery attempts that failed in a row (a success resets it); drives auto-disable. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failures began (null while healthy). */
    failingSince: timestamp('failing_since'),
    /** Set when delivery turned the webhook off after repeated failures (re-enabling clears it). */
    disabledAt: timestamp('disabled_at'),
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
    /** The event's outbox row: one delivery per (event, webhook), its `webhook-id` is `msg_{id}`. */
    outboxId: integer('outbox_id').notNull(),
    event: text('event').notNull(),
    state: text('state', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time of the next automatic attempt (also the lease of an attempt under way); null when done. */
    nextAttemptAt: timestamp('next_attempt_at'),
    lastAttemptAt: timestamp('last_attempt_at'),
    /** HTTP status of the last attempt (null: no answer). */
    responseStatus: integer('status'),
    /** First KB of the last answer's body. */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    /** The exact JSON body sent (the same on every attempt and replay). */
    requestBody: text('request_body'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_program_idx').on(t.programId, t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_uq').on(t.webhookId, t.outboxId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_program_created_idx').on(t.programId, t.createdAt),
  ],
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
    /**
     * While the request runs (status null): until when (ms) its runner holds the key. A retry after it
     * takes the key over and runs again (a runner that died holds it no longer); see lib/idempotency.ts.
     */
    leaseUntil: integer('lease_until').notNull().default(0),
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
  (t) => [uniqueIndex('identity_token_uses_uq').on(t.programId, t.jti), index('identity_token_uses_program_expires_idx').on(t.programId, t.expiresAt)],
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
