import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, timestamp, updatedAt } from './columns'
import { programs } from './programs'
import { adminUsers } from './admins'

/**
 * Server API keys of a program (admin-console-part-b.md, settings integrations api_auths): the key
 * itself (`tsk_` + base62) is shown once when it is made and never stored; only its SHA-256 and a short
 * visible prefix are. A revoked or expired key is refused on the next request (features/integrations/api-keys.ts).
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key (`tsk_` + 8), shown in the list so an admin can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, base64url: a key is found by its prefix and checked against this. */
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    lastUsedAt: timestamp('last_used_at'),
    revokedAt: timestamp('revoked_at'),
    /** Requests a second the key may make (API_V1_RATE_LIMIT): 100 unless set in the console. */
    rateLimit: integer('rate_limit').notNull().default(100),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_prefix_idx').on(t.prefix), index('api_keys_program_idx').on(t.programId, t.createdAt)],
)

export const socialPlatforms = ['instagram', 'facebook'] as const
export type SocialPlatform = (typeof socialPlatforms)[number]

/** The program's pages on social networks (section 3: url, platform instagram or facebook). */
export const socialNetworkPages = sqliteTable(
  'social_network_pages',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    platform: text('platform', { enum: socialPlatforms }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_network_pages_uq').on(t.programId, t.platform, t.url)],
)

/**
 * One row per program: the offers reward (active, redirect magic link, merchants regex) and photo
 * contest (active, the program's id on the external contest service) settings. The chain (Aptos)
 * integration lives in chain_integrations (schema/collectibles.ts), webhooks in webhooks.
 */
export const programIntegrationSettings = sqliteTable(
  'program_integration_settings',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    offersRewardActive: bool('offers_reward_active').notNull().default(false),
    redirectMagicLink: bool('redirect_magic_link').notNull().default(false),
    merchantsRegex: text('merchants_regex'),
    photoContestActive: bool('photo_contest_active').notNull().default(false),
    qratiProgramId: text('qrati_program_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('program_integration_settings_program_uq').on(t.programId)],
)
