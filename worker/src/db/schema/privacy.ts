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
