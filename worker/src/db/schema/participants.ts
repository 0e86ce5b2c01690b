import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, timestamp, updatedAt } from './columns'
import { emailSettings, programs, tiers } from './programs'

export const participants = sqliteTable(
  'participants',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatarUrl: text('avatar_url'),
    status: text('status', { enum: ['pending', 'inactive', 'active', 'opted_out', 'blocked'] })
      .notNull()
      .default('active'),
    staff: bool('staff').notNull().default(false),
    /** Balance: the sum of ledger deltas. Never negative (CHECK + guarded spends). */
    unusedPoints: integer('unused_points').notNull().default(0),
    /** Lifetime earnings: the sum of positive earn deltas. */
    points: integer('points').notNull().default(0),
    completedChallenges: integer('completed_challenges').notNull().default(0),
    /**
     * Bumped by triggers (migration 0006) on every change to this row and to the participant's challenge
     * completions and profile attributes, whatever code or tool makes it. Read with the session, it
     * tells whether what this process derived from them is current: the participant row itself
     * (services/sessions.ts), the home lists and the participant summary (services/participant-cache.ts).
     */
    rowVersion: integer('row_version').notNull().default(0),
    emailSettingId: integer('email_setting_id').references(() => emailSettings.id, { onDelete: 'set null' }),
    eligibleOffersRewards: bool('eligible_offers_rewards').notNull().default(false),
    referralCode: text('referral_code').notNull(),
    referredById: integer('referred_by_id'),
    tierId: integer('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    emailVerifiedAt: timestamp('email_verified_at'),
    signInCount: integer('sign_in_count').notNull().default(0),
    lastSignInAt: timestamp('last_sign_in_at'),
    /** The newest participant action (kept by a trigger): active participants, recent activity. */
    lastActionAt: timestamp('last_action_at'),
    /**
     * Points earned in the 30 days up to last_action_at (kept by a trigger, migration 0016): an upper
     * bound of what they earned in the last 30 days, exact for whoever acted today, so the dashboard's
     * 'Top Users From Last 30 days' reads a few rows of one index (features/dashboard/top-users.ts).
     */
    recentPoints: integer('recent_points').notNull().default(0),
    city: text('city'),
    country: text('country'),
    /**
     * Set once by the erasure (features/privacy/erasure.ts): the row is a tombstone that keeps the
     * program's books (balance, counters, the ledger and claims under it) with every personal field
     * overwritten; the e-mail is `erased-{id}@invalid`, so the same address signing up is a new person.
     */
    erasedAt: timestamp('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('participants_program_email_uq').on(t.programId, t.email),
    uniqueIndex('participants_program_referral_code_uq').on(t.programId, t.referralCode),
    index('participants_program_created_idx').on(t.programId, t.createdAt),
    index('participants_program_points_idx').on(t.programId, t.points),
    // The console's participant list (features/participants/participant-list.ts has the plans): a
    // status filter sorted by points, name sort and prefix search (lower() as the queries write it),
    // last-name prefix search, and the two counter sorts.
    index('participants_program_status_points_idx').on(t.programId, t.status, t.points),
    index('participants_program_name_idx').on(t.programId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`),
    index('participants_program_last_name_idx').on(t.programId, sql`lower(${t.lastName})`),
    index('participants_program_sign_ins_idx').on(t.programId, t.signInCount),
    index('participants_program_completed_idx').on(t.programId, t.completedChallenges),
    // Active participants (dashboard): non-staff, status active, with an action (ever / since a date),
    // counted from this index alone.
    index('participants_program_active_idx').on(t.programId, t.staff, t.status, t.lastActionAt),
    index('participants_program_recent_points_idx').on(t.programId, t.staff, t.recentPoints, t.lastActionAt),
    check('participants_unused_points_nonnegative', sql`${t.unusedPoints} >= 0`),
    check('participants_points_nonnegative', sql`${t.points} >= 0`),
  ],
)

/** Profile attributes (phone, address_1, address_2, city, state, postal, affiliation, custom ones). */
export const participantProfileAttributes = sqliteTable(
  'participant_profile_attributes',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('participant_profile_attributes_uq').on(t.programId, t.participantId, t.name)],
)

export const participantSessions = sqliteTable(
  'participant_sessions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['cookie', 'token'] })
      .notNull()
      .default('cookie'),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('participant_sessions_token_uq').on(t.tokenHash),
    // Covers the session lookup of every signed-in request (token, program, expiry, participant): it
    // reads this index and the participant's row, not the session row too (migration 0006).
    index('participant_sessions_token_lookup_idx').on(t.tokenHash, t.programId, t.expiresAt, t.participantId),
    index('participant_sessions_program_participant_idx').on(t.programId, t.participantId),
    // The retention sweep's expired sessions of a program.
    index('participant_sessions_program_expires_idx').on(t.programId, t.expiresAt),
  ],
)

export type SignupData = {
  first_name: string
  last_name: string
  postal?: string | undefined
  referral_code?: string | undefined
}

/** One-time codes and magic links for participants. */
export const signinCodes = sqliteTable(
  'signin_codes',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    participantId: integer('participant_id').references(() => participants.id, { onDelete: 'cascade' }),
    /** handoff: a confirmed link's one-time pass back to the partner page an embedded sign-in started on. */
    kind: text('kind', { enum: ['otp', 'magic_link', 'handoff'] }).notNull(),
    /** HMAC of the code (otp), of the link token (magic_link) or of the handoff secret. */
    secretHash: text('secret_hash').notNull(),
    browserTokenHash: text('browser_token_hash'),
    /** Sign-up details held until the e-mail is proven; the participant row is created at verification. */
    signupData: json<SignupData>('signup_data'),
    redirectTo: text('redirect_to'),
    /** HMAC of the requesting client's IP: a referral from the referrer's own address is held. */
    ipHash: text('ip_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
    supersededAt: timestamp('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('signin_codes_program_email_idx').on(t.programId, t.email, t.createdAt),
    index('signin_codes_secret_idx').on(t.secretHash),
    // The retention sweep: a program's expired codes, and the codes still holding IP or device hashes.
    index('signin_codes_program_expires_idx').on(t.programId, t.expiresAt),
    index('signin_codes_program_hashes_idx')
      .on(t.programId, t.createdAt)
      .where(sql`${t.ipHash} IS NOT NULL OR ${t.browserTokenHash} IS NOT NULL`),
  ],
)

export const participantActions = sqliteTable(
  'participant_actions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    title: text('title').notNull(),
    points: integer('points').notNull().default(0),
    actionableType: text('actionable_type'),
    actionableId: integer('actionable_id'),
    details: json<Record<string, unknown>>('details'),
    /** Set for actions of idempotent operations: a replay inserts nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('participant_actions_dedupe_uq').on(t.programId, t.dedupeKey),
    index('participant_actions_program_participant_idx').on(t.programId, t.participantId, t.createdAt),
    index('participant_actions_program_created_idx').on(t.programId, t.createdAt),
    // The dashboard's challenge and reward action tables, newest first.
    index('participant_actions_program_type_created_idx').on(t.programId, t.actionableType, t.createdAt),
  ],
)

export const pointsLedger = sqliteTable(
  'points_ledger',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: ['earn', 'spend', 'adjust', 'refund', 'expire'] }).notNull(),
    source: text('source', {
      enum: ['challenge', 'reward', 'referral', 'receipt', 'payment', 'admin', 'import', 'signup', 'api', 'expiry'],
    }).notNull(),
    sourceId: integer('source_id'),
    title: text('title').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_idempotency_uq').on(t.programId, t.idempotencyKey),
    index('points_ledger_program_participant_idx').on(t.programId, t.participantId, t.createdAt),
  ],
)

export const referrals = sqliteTable(
  'referrals',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    referredParticipantId: integer('referred_participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    points: integer('points').notNull().default(0),
    /** Why a referral waits for review instead of crediting (same_address, disposable_domain, same_device, same_ip). */
    holdReason: text('hold_reason'),
    adminComments: text('admin_comments'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_uq').on(t.programId, t.referredParticipantId),
    index('referrals_program_referrer_idx').on(t.programId, t.referrerId),
  ],
)
