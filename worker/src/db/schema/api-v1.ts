import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, id } from './columns'
import { apiKeys } from './program-integrations'
import { participants } from './participants'
import { programs } from './programs'

/**
 * One row per server API call (`/api/v1`), for the console's per-key request log: when, which route
 * pattern (never the ids in the path), the answer's status. Written once per request, after it.
 */
export const apiRequestLog = sqliteTable(
  'api_request_log',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The matched route pattern, e.g. `/api/v1/participants/:id`. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_request_log_key_idx').on(t.programId, t.keyId, t.createdAt), index('api_request_log_program_created_idx').on(t.programId, t.createdAt)],
)

/** A partner's own id for a participant (`external_id` of the server API): one per participant, unique in the program. */
export const participantExternalIds = sqliteTable(
  'participant_external_ids',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('participant_external_ids_uq').on(t.programId, t.externalId), uniqueIndex('participant_external_ids_participant_uq').on(t.programId, t.participantId)],
)
