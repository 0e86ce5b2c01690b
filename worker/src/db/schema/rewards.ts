import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, timestamp, updatedAt } from './columns'
import { participants } from './participants'
import { programs } from './programs'

export const rewardSelections = ['sweepstake', 'achievement', 'milestone', 'redeem', 'offer', 'mini-contest', 'other'] as const

export const rewards = sqliteTable(
  'rewards',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    selection: text('selection', { enum: rewardSelections }).notNull(),
    status: text('status', { enum: ['draft', 'active', 'ended', 'scheduled'] })
      .notNull()
      .default('active'),
    approved: bool('approved').notNull().default(true),
    featured: bool('featured').notNull().default(true),
    repeatable: bool('repeatable').notNull().default(false),
    description: text('description').notNull().default(''),
    descriptionDetails: text('description_details'),
    termsConditions: text('terms_conditions'),
    redemptionDetails: text('redemption_details'),
    redemptionImage: text('redemption_image'),
    image: text('image'),
    activeImage: text('active_image'),
    /** Points cost (redeem) or cost per entry (sweepstake; 0 = one free entry). */
    threshold: integer('threshold').notNull().default(0),
    /** Inventory; claims never exceed it. */
    limit: integer('limit').notNull().default(0),
    claims: integer('claims').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Achievement and milestone rules: { rule: completed_challenges|tag|lifetime_points, value, tag? }. */
    parameters: json<Record<string, unknown>>('parameters').notNull(),
    couponsRequired: bool('coupons_required').notNull().default(false),
    start: timestamp('start'),
    finish: timestamp('finish'),
    tagList: json<string[]>('tag_list').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rewards_program_status_idx').on(t.programId, t.status, t.position),
    check('rewards_claims_within_limit', sql`${t.claims} >= 0 AND ${t.claims} <= ${t.limit}`),
    check('rewards_threshold_nonnegative', sql`${t.threshold} >= 0`),
  ],
)

export const rewardClaims = sqliteTable(
  'reward_claims',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** 'once' for non-repeatable rewards, else the request's idempotency key. */
    claimKey: text('claim_key').notNull(),
    pointsSpent: integer('points_spent').notNull().default(0),
    status: text('status', { enum: ['claimed', 'won', 'refunded'] })
      .notNull()
      .default('claimed'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reward_claims_key_uq').on(t.programId, t.rewardId, t.participantId, t.claimKey),
    index('reward_claims_program_participant_idx').on(t.programId, t.participantId, t.createdAt),
  ],
)

export const coupons = sqliteTable(
  'coupons',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    participantId: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    claimId: integer('claim_id').references(() => rewardClaims.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_reward_code_uq').on(t.programId, t.rewardId, t.code),
    index('coupons_program_reward_free_idx').on(t.programId, t.rewardId, t.participantId),
  ],
)

export const sweepstakeEntries = sqliteTable(
  'sweepstake_entries',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    winner: bool('winner').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sweepstake_entries_uq').on(t.programId, t.rewardId, t.participantId),
    check('sweepstake_entries_count_nonnegative', sql`${t.count} >= 0`),
  ],
)
