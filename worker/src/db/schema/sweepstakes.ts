import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { id, json, timestamp } from './columns'
import { programs } from './programs'
import { rewards } from './rewards'

/** A winner as the draw recorded it: the participant, their pseudonymous entry id and tickets. */
export type DrawWinner = { participant_id: number; id: string; tickets: number }

/**
 * Provably fair sweepstake draws (docs/sweepstakes-fairness.md): one per sweepstake reward. Created
 * at commit (status committed: the seed is secret, only its SHA-256 is shown, entries are closed by
 * the trigger of migration 0017); moved once to drawn (the seed is shown with the winners).
 */
export const sweepstakeDraws = sqliteTable(
  'sweepstake_draws',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['committed', 'drawn'] }).notNull(),
    /** The draw algorithm (sdk/contract/fair-draw.mjs ALGORITHM). */
    algorithm: text('algorithm').notNull(),
    /** 32 random bytes, hex: never shown before the draw. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed's bytes, hex: public from the commit on. */
    commitment: text('commitment').notNull(),
    /** HMAC key of the pseudonymous entry ids (hex); never shown. */
    pseudonymKey: text('pseudonym_key').notNull(),
    /** How many winners the draw picks (the reward's limit left at commit). */
    winnerCount: integer('winner_count').notNull(),
    entrants: integer('entrants').notNull(),
    totalTickets: integer('total_tickets').notNull(),
    /** SHA-256 of the canonical entries snapshot (fair-draw.mjs entriesDigest), set right after the commit. */
    entriesDigest: text('entries_digest'),
    winners: json<DrawWinner[]>('winners'),
    committedAt: timestamp('committed_at').notNull(),
    committedBy: integer('committed_by'),
    drawnAt: timestamp('drawn_at'),
    drawnBy: integer('drawn_by'),
    /** Every winner holds the reward (the awards after the draw's first batch are done). */
    awardedAt: timestamp('awarded_at'),
    /**
     * While winners are still to be awarded (drawn, awarded_at null): until when the runner awarding
     * them holds the draw; a runner that died is taken over once it is over (docs/decisions/0034).
     */
    awardsLeaseUntil: timestamp('awards_lease_until'),
  },
  (t) => [
    uniqueIndex('sweepstake_draws_reward_uq').on(t.programId, t.rewardId),
    check('sweepstake_draws_has_winners', sql`${t.winnerCount} > 0`),
    check('sweepstake_draws_has_tickets', sql`${t.totalTickets} > 0`),
  ],
)

/**
 * The entries snapshot of a draw, taken in the commit's transaction (staff and earlier winners left
 * out). No foreign key to participants: the snapshot never changes after the commit.
 */
export const sweepstakeDrawEntries = sqliteTable(
  'sweepstake_draw_entries',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    drawId: integer('draw_id')
      .notNull()
      .references(() => sweepstakeDraws.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [uniqueIndex('sweepstake_draw_entries_uq').on(t.drawId, t.participantId), index('sweepstake_draw_entries_program_idx').on(t.programId, t.drawId)],
)
