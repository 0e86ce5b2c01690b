import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, timestamp } from './columns'
import { organizations, programs } from './programs'

export const adminUsers = sqliteTable(
  'admin_users',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    preferredLocale: text('preferred_locale', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    /** Organization admins hold every permission on their organization's programs. */
    isOrganizationAdmin: bool('is_organization_admin').notNull().default(false),
    isSuperAdmin: bool('is_super_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_users_email_uq').on(t.email), index('admin_users_org_idx').on(t.organizationId)],
)

/** One row per granted (resource, action) on one program; absence means denied. */
export const adminProgramPermissions = sqliteTable(
  'admin_program_permissions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [
    uniqueIndex('admin_program_permissions_uq').on(t.programId, t.adminUserId, t.resource, t.action),
    index('admin_program_permissions_admin_idx').on(t.adminUserId),
  ],
)

export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: id(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_sessions_token_uq').on(t.tokenHash), index('admin_sessions_admin_idx').on(t.adminUserId)],
)

/** Admin one-time codes and sign-in links; found by the browser token (codes) or the link token. */
export const adminSigninCodes = sqliteTable(
  'admin_signin_codes',
  {
    id: id(),
    email: text('email').notNull(),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['otp', 'magic_link'] }).notNull(),
    /** HMAC of the code or link token. */
    secretHash: text('secret_hash').notNull(),
    browserTokenHash: text('browser_token_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
    supersededAt: timestamp('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_signin_codes_browser_idx').on(t.browserTokenHash),
    index('admin_signin_codes_secret_idx').on(t.secretHash),
    index('admin_signin_codes_email_idx').on(t.email, t.createdAt),
  ],
)
