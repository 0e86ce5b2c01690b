import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, id, json, timestamp } from './columns'
import { programs } from './programs'

/**
 * Side effects (e-mail, webhooks, chain mints) written in the same batch as the business change and
 * delivered afterwards with retries; a failed delivery never undoes the business write.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    payload: json<Record<string, unknown>>('payload').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at'),
    /** Set for events of idempotent operations: a replay queues nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('outbox_dedupe_uq').on(t.dedupeKey),
    // The retention sweep's rows of one program (and the program-less ones), oldest first.
    index('outbox_program_created_idx').on(t.programId, t.createdAt),
  ],
)

/**
 * The dedupe keys of outbox rows the retention sweep removed (features/privacy/retention.ts): a
 * trigger (migration 0030) ignores a new outbox row whose key is here, so an idempotent operation
 * replayed long after its event was delivered and pruned announces nothing twice. Keys only: the
 * payloads, most of the outbox's size, go.
 */
export const outboxDedupeKeys = sqliteTable('outbox_dedupe_keys', {
  key: text('key').primaryKey(),
})

/** The local mail provider's store: what /_dev/mailbox shows. Only written in development. */
export const devMailbox = sqliteTable(
  'dev_mailbox',
  {
    id: id(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.id)],
)
