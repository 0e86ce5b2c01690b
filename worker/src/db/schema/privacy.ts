import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id, timestamp } from './columns'
import { participants } from './participants'
import { programs } from './programs'

/**
 * Codes mailed to a signed-in participant to confirm a sensitive action on their own account
 * (features/privacy): downloading their data, deleting their account. One live code per participant
 * and purpose (a new one replaces the last); only an HMAC of the code is kept. Apart from the sign-in
 * codes: asking for one never holds back or supersedes a sign-in.
 */
export const privacyCodes = sqliteTable(
  'privacy_codes',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['export', 'delete'] }).notNull(),
    /** HMAC of the code, bound to the program, the participant and the purpose. */
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_codes_participant_idx').on(t.programId, t.participantId, t.purpose, t.createdAt)],
)

/**
 * A program's retention windows (features/privacy/retention.ts): days per kind of data, each null for
 * the deployment's default (RETENTION_*_DAYS). A row exists only for a program that changed one.
 */
export const programRetention = sqliteTable('program_retention', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  receiptImagesDays: integer('receipt_images_days'),
  ipDeviceDays: integer('ip_device_days'),
  apiRequestLogDays: integer('api_request_log_days'),
  deliveredOutboxDays: integer('delivered_outbox_days'),
  expiredSessionsDays: integer('expired_sessions_days'),
  importFilesDays: integer('import_files_days'),
  updatedAt: timestamp('updated_at'),
})

/**
 * Where the retention sweep is in its round over the programs (one row, id 1): the last program id it
 * finished (0: between rounds) and when the current round started. A round goes through every program
 * at most once an hour, a few programs a minute.
 */
export const retentionSweepState = sqliteTable('retention_sweep_state', {
  id: integer('id').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  roundStartedAt: integer('round_started_at').notNull().default(0),
})
