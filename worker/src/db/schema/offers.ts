import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, id, json, timestamp } from './columns'
import { participants } from './participants'
import { programs } from './programs'

/**
 * The built-in merchant offers catalog (one OffersProvider among others). Catalog rows are shared by
 * every program, like an offers network's inventory; which merchants a program shows is its own
 * setting, and redemptions belong to one program.
 */
export const merchants = sqliteTable(
  'merchants',
  {
    id: id(),
    /** The provider's merchant id (merchantId in the spec). */
    externalId: text('external_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logoPath: text('logo_path'),
    /** Category ids: 25 Dining, 27 Shopping, 26 Events & Attractions, 91 Travel. */
    firstCategory: integer('first_category').notNull(),
    secondCategory: integer('second_category'),
    stubCopy: text('stub_copy'),
    phone: text('phone'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchants_external_id_uq').on(t.externalId),
    uniqueIndex('merchants_slug_uq').on(t.slug),
    index('merchants_lat_lng_idx').on(t.latitude, t.longitude),
  ],
)

export const offers = sqliteTable(
  'offers',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    endecaKey: text('endeca_key').notNull(),
    offerTextShort: text('offer_text_short').notNull(),
    offerTextLong: text('offer_text_long').notNull(),
    validQualifier: text('valid_qualifier'),
    redemptionTypes: json<('CLICK' | 'MOBILE')[]>('redemption_types').notNull(),
    webSite: text('web_site'),
    /** Whole US dollars, as the catalog states the value. */
    dollarValue: integer('dollar_value').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offers_endeca_key_uq').on(t.endecaKey), index('offers_merchant_idx').on(t.merchantId)],
)

/** One MOBILE voucher per participant, offer and calendar year; CLICK redemptions are logged too. */
export const offerRedemptions = sqliteTable(
  'offer_redemptions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    endecaKey: text('endeca_key').notNull(),
    redemptionType: text('redemption_type', { enum: ['CLICK', 'MOBILE'] }).notNull(),
    /** 'YYYY' for MOBILE (once a year); a unique per-click key for CLICK. */
    periodKey: text('period_key').notNull(),
    voucherCode: text('voucher_code'),
    expiresAt: timestamp('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_redemptions_uq').on(t.programId, t.participantId, t.endecaKey, t.redemptionType, t.periodKey),
    index('offer_redemptions_program_participant_idx').on(t.programId, t.participantId),
  ],
)

/** A checkout (membership or donation): amounts come from the challenge, never from the client. */
export const paymentSessions = sqliteTable(
  'payment_sessions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id').notNull(),
    kind: text('kind', { enum: ['membership', 'donation'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    entity: text('entity'),
    points: integer('points').notNull().default(0),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'fulfilled', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    details: json<Record<string, unknown>>('details'),
    createdAt: createdAt(),
    fulfilledAt: timestamp('fulfilled_at'),
    /**
     * While a fulfilment runs (status `fulfilled`, its batch not committed yet): until when its runner
     * holds the session. Null once the fulfilment's batch committed. A claim whose lease is over lost its
     * runner, and the next event or the minute sweep runs it again (docs/decisions/0034).
     */
    leaseUntil: timestamp('lease_until'),
  },
  (t) => [
    uniqueIndex('payment_sessions_provider_uq').on(t.providerSessionId),
    index('payment_sessions_program_participant_idx').on(t.programId, t.participantId),
    // Only the fulfilments under way: what the minute sweep looks at (payment-fulfilment.ts).
    index('payment_sessions_lease_idx').on(t.leaseUntil).where(sql`lease_until IS NOT NULL`),
  ],
)

/** Provider events already applied: each Stripe event is handled once. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: id(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.providerEventId)],
)
