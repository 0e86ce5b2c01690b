import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { participants } from './participants'
import { programs } from './programs'

/**
 * Program economics rollups (features/economics), written by triggers in the same statement as the
 * ledger row, participant or activity row they count (migration 0034), so every figure of the report
 * reads these few rows instead of the ledger. Months and days are UTC.
 */

/**
 * Points moved per program, day and source, every participant (staff too: the ledger's own sums).
 * `source` is the ledger's, with challenges split by type (challenge_type, '' for other sources),
 * referral challenges as `referral` and receipts as `purchase_proof`.
 */
export const programPointsDaily = sqliteTable(
  'program_points_daily',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    source: text('source').notNull(),
    challengeType: text('challenge_type').notNull().default(''),
    /** Positive earn and adjust rows. */
    earned: integer('earned').notNull().default(0),
    /** Refund rows that take points back (a receipt marked invalid), as a positive number. */
    reversed: integer('reversed').notNull().default(0),
    /** Spend rows, as a positive number. */
    spent: integer('spent').notNull().default(0),
    /** Refund rows that give points back (a reward refunded). */
    refunded: integer('refunded').notNull().default(0),
    /** Negative adjust rows, as a positive number. */
    deducted: integer('deducted').notNull().default(0),
    /** Expire rows, as a positive number. */
    expired: integer('expired').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.day, t.source, t.challengeType] })],
)

/**
 * A participant's points by the month they came in (every positive ledger row is a lot), and what is
 * left of each: points are used oldest first, so what is left is the newest earnings that the balance
 * still covers. Expiry (N months after earning) reads it by month.
 */
export const participantPointLots = sqliteTable(
  'participant_point_lots',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** YYYY-MM (UTC). */
    month: text('month').notNull(),
    earned: integer('earned').notNull().default(0),
    remaining: integer('remaining').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.participantId, t.month] })],
)

/** The program's sums of participant_point_lots per month: the liability forecast; sum(remaining) = points outstanding. */
export const programPointLots = sqliteTable(
  'program_point_lots',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    earned: integer('earned').notNull().default(0),
    remaining: integer('remaining').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.month] })],
)

/** Members (staff left out) per join month and month active: the retention grid. */
export const programCohortActivity = sqliteTable(
  'program_cohort_activity',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** YYYY-MM the members joined. */
    cohort: text('cohort').notNull(),
    /** YYYY-MM they acted in. */
    month: text('month').notNull(),
    active: integer('active').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.cohort, t.month] }), index('program_cohort_activity_month_idx').on(t.programId, t.month)],
)

/** Members (staff left out) per tier now; tier_id 0: in no tier. */
export const programTierMembers = sqliteTable(
  'program_tier_members',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.tierId] })],
)

/** Tier changes of members per month, by the tier moved into (0: none), up or down by threshold. */
export const programTierMoves = sqliteTable(
  'program_tier_moves',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tierId: integer('tier_id').notNull(),
    movesUp: integer('moves_up').notNull().default(0),
    movesDown: integer('moves_down').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.month, t.tierId] })],
)
