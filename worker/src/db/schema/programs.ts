import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, timestamp, updatedAt } from './columns'

export const organizations = sqliteTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  backgroundImageUrl: text('background_image_url'),
  createdAt: createdAt(),
})

export type ProgramFeatures = {
  social_network_posts: boolean
  donation_challenge: boolean
  offers_reward: boolean
  otp_login: boolean
  receipts: boolean
  dynamic_feed_posts: boolean
  tiers: boolean
}

export type PartnerConfig = { iframe_url: string; title?: string; allowed_origins?: string[] } | null
export type EnrollmentSettings = {
  requires_referral_review: boolean
  allow_signup: boolean
  signup_postal_required: boolean
}

export const programs = sqliteTable(
  'programs',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** Public key for widgets and the SDK (`X-Program-Key`, `?program=`). Not a secret. */
    publicKey: text('public_key').notNull(),
    subdomain: text('subdomain').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    termPointsAs: text('term_points_as').notNull().default('points'),
    termRewardsAs: text('term_rewards_as').notNull().default('rewards'),
    features: json<ProgramFeatures>('features').notNull(),
    terms: text('terms'),
    enrollment: json<EnrollmentSettings>('enrollment').notNull(),
    overrideEnrollment: bool('override_enrollment').notNull().default(false),
    programCustomSigninUrl: text('program_custom_signin_url'),
    partnerConfig: json<PartnerConfig>('partner_config'),
    i18nEnabled: bool('i18n_enabled').notNull().default(false),
    testMode: bool('test_mode').notNull().default(false),
    earnPointsIcon: text('earn_points_icon'),
    currentRewardsIcon: text('current_rewards_icon'),
    myRewardsIcon: text('my_rewards_icon'),
    prizesTitle: text('prizes_title'),
    myAccountTitle: text('my_account_title'),
    css: text('css'),
    seo: json<{ title?: string; description?: string; image?: string }>('seo'),
    supportEmail: text('support_email'),
    turnstileSiteKey: text('turnstile_site_key'),
    /**
     * Address ranges (CIDR, or single addresses) whose participant sign-ins skip the per-address
     * limits, set in the console's enrollment settings: a venue's or a store's network. Never the
     * per-account lockout (features/signin/signin-throttle.ts). Null: none.
     */
    trustedSigninNetworks: json<string[]>('trusted_signin_networks'),
    /** HMAC key partners use to sign identity tokens for embedded widgets (docs/embedding.md). */
    partnerIdentitySecret: text('partner_identity_secret'),
    /**
     * Moves on with every change to the program's content (this row, its theme, domains, pages, menus,
     * carousel, tiers, profile attributes, challenges and their questions, options and posts, rewards),
     * by triggers in the same statement as the change (migration 0014), or by bumpContentVersion.
     * Cached public answers and content caches are keyed by it (docs/decisions/0014). Participant
     * counters (challenge completions, reward claims) do not move it.
     */
    contentVersion: integer('content_version').notNull().default(0),
    /**
     * What one point is worth, in millionths of the currency's major unit (0.01 USD: 10000), and the
     * currency (ISO 4217): settings, general. Null while unset. Program economics values the points
     * outstanding with them (features/economics).
     */
    pointValueMicros: integer('point_value_micros'),
    pointValueCurrency: text('point_value_currency'),
    /**
     * The database holding the program's rows (decision 0041): shard 1 is the control database, which
     * keeps every program's row as the directory; a program on shard n > 1 has its rows there (its own
     * copy of this row among them) and this row on control says where.
     */
    shard: integer('shard').notNull().default(1),
    /**
     * Set while an operator moves the program to another shard (features/shards/move.ts): its writes are
     * refused (503 `program_read_only`) while its rows are copied, and its old copy keeps it for good.
     * The reason, as the refusal says it; null when the program takes writes.
     */
    readOnly: text('read_only'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('programs_public_key_uq').on(t.publicKey),
    uniqueIndex('programs_subdomain_uq').on(t.subdomain),
    index('programs_organization_idx').on(t.organizationId),
  ],
)

export const programTemplateDetails = sqliteTable('program_template_details', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  headerText: text('header_text'),
  headerDescription: text('header_description'),
  headerBackgroundImage: text('header_background_image'),
  headerLogo: text('header_logo'),
  footerLogo: text('footer_logo'),
  faviconFile: text('favicon_file'),
  overlayImage: text('overlay_image'),
  badgeBackgroundImage: text('badge_background_image'),
  badgeInstructions: text('badge_instructions'),
  /** Branding keys (perk-primary, header_font, body_font, border radii, theme...). */
  elementCssStyle: json<Record<string, string>>('element_css_style').notNull(),
  updatedAt: updatedAt(),
})

export const domainLists = sqliteTable(
  'domain_lists',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    domainType: text('domain_type', { enum: ['perk_domain', 'other'] })
      .notNull()
      .default('other'),
    urlPath: text('url_path'),
    createdAt: createdAt(),
  },
  (t) => [
    // A `perk_domain` serves the program's site (one program per host); `other` entries are partner
    // origins allowed to call the API with a token and to frame the widgets.
    uniqueIndex('domain_lists_program_domain_uq').on(t.programId, t.domain),
    index('domain_lists_domain_idx').on(t.domain, t.domainType),
    // A host resolves to one program: a custom domain is one program's across all programs (console
    // writes rely on it, features/domains).
    uniqueIndex('domain_lists_perk_domain_uq').on(t.domain).where(sql`domain_type = 'perk_domain'`),
  ],
)

export const emailSettings = sqliteTable(
  'email_settings',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('email_settings_program_idx').on(t.programId, t.position)],
)

export const pages = sqliteTable(
  'pages',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    status: text('status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_program_slug_uq').on(t.programId, t.slug)],
)

export const navigationMenus = sqliteTable(
  'navigation_menus',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    navigationUrl: text('navigation_url').notNull(),
    showInTab: bool('show_in_tab').notNull().default(false),
    showOnLogout: bool('show_on_logout').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('navigation_menus_program_idx').on(t.programId, t.position)],
)

export const carouselSlides = sqliteTable(
  'carousel_slides',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    buttonText: text('button_text'),
    image: text('image'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('carousel_slides_program_idx').on(t.programId, t.position)],
)

export const tiers = sqliteTable(
  'tiers',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pointsThresholdMin: integer('points_threshold_min').notNull(),
    pointsThresholdMax: integer('points_threshold_max').notNull(),
  },
  (t) => [index('tiers_program_idx').on(t.programId, t.pointsThresholdMin)],
)

export const profileAttributeDefinitions = sqliteTable(
  'profile_attribute_definitions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    attributeName: text('attribute_name').notNull(),
    attributeFieldType: text('attribute_field_type').notNull().default('text'),
    active: bool('active').notNull().default(true),
  },
  (t) => [uniqueIndex('profile_attribute_definitions_uq').on(t.programId, t.attributeName)],
)

/**
 * On the control database only (decision 0041): the program of each API key made for a program on
 * another shard, so that a `/api/v1` call finds its shard in one statement (features/shards/router.ts).
 * Written before the key itself; the key is verified on its program's shard, where a revoked key is
 * refused. Keys of programs on control need no row: what the directory does not know goes to control.
 */
export const apiKeyDirectory = sqliteTable('api_key_directory', {
  keyHash: text('key_hash').primaryKey(),
  programId: integer('program_id')
    .notNull()
    .references(() => programs.id),
  createdAt: createdAt(),
})

/**
 * On the control database only (decision 0041): a program being moved between shards, or moved and not
 * yet confirmed (features/shards/move.ts). `step` is where the operator command stopped, so that running
 * it again resumes there: `read_only` (writes refused, waiting for every cache to see it), `copying`
 * (tables before `next_table` are copied), `verified`, `switched` (the directory names `to_shard`; the old
 * copy is read-only), `confirmed` (the old copy deleted).
 */
export const programMoves = sqliteTable('program_moves', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id),
  fromShard: integer('from_shard').notNull(),
  toShard: integer('to_shard').notNull(),
  step: text('step', { enum: ['read_only', 'copying', 'verified', 'switched', 'confirmed'] }).notNull(),
  nextTable: integer('next_table').notNull().default(0),
  /** Per table: rows and checksum on both copies, as last verified (JSON). */
  report: json<Record<string, { rows: number; checksum: string }>>('report'),
  readOnlySince: timestamp('read_only_since'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
