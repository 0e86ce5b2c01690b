import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  adminProgramPermissions,
  organizations,
  programs,
  programTemplateDetails,
} from '../../db/schema'
import type { AdminRow, ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { listPermissions } from './permissions'
import { batch } from '../../db/batch'

/** Programs an admin may open: all for super admins, the organization's for organization admins. */
export async function listAdminPrograms(db: Db, admin: AdminRow): Promise<ProgramRow[]> {
  if (admin.isSuperAdmin) return db.select().from(programs).orderBy(asc(programs.name))
  if (admin.isOrganizationAdmin) {
    return db.select().from(programs).where(eq(programs.organizationId, admin.organizationId)).orderBy(asc(programs.name))
  }
  const granted = await db
    .selectDistinct({ programId: adminProgramPermissions.programId })
    .from(adminProgramPermissions) // tenant-guard: allow (an admin's grants span programs)
    .where(eq(adminProgramPermissions.adminUserId, admin.id))
  if (!granted.length) return []
  return db.select().from(programs).where(inArray(programs.id, granted.map((g) => g.programId))).orderBy(asc(programs.name))
}

/** The data the console starts from (admin-console-part-a.md section 1). */
export async function consoleBootstrap(db: Db, admin: AdminRow) {
  const [programRows, org, grants] = await Promise.all([
    listAdminPrograms(db, admin),
    db.select().from(organizations).where(eq(organizations.id, admin.organizationId)).limit(1),
    db.select().from(adminProgramPermissions).where(eq(adminProgramPermissions.adminUserId, admin.id)), // tenant-guard: allow
  ])
  const orgLevel = listPermissions(admin, null, []).filter((p) => p.startsWith('organization:') || p.startsWith('super_admin:'))
  return {
    user: {
      id: admin.id,
      first_name: admin.firstName,
      last_name: admin.lastName,
      email: admin.email,
      preferred_locale: admin.preferredLocale,
    },
    is_admin: admin.isOrganizationAdmin || admin.isSuperAdmin,
    organization: org[0] ? { name: org[0].name, logo_public_url: org[0].logoUrl, background_image_public_url: org[0].backgroundImageUrl } : null,
    programs: programRows.map((p) => ({
      id: p.id,
      name: p.name,
      subdomain_url: p.subdomain,
      public_key: p.publicKey,
      features: p.features,
      i18n_enabled: p.i18nEnabled,
      test_mode: p.testMode,
      term_points_as: p.termPointsAs,
      term_rewards_as: p.termRewardsAs,
    })),
    user_permissions: Object.fromEntries(
      programRows.map((p) => [
        p.id,
        [...orgLevel, ...listPermissions(admin, p, grants.filter((g) => g.programId === p.id)).filter((x) => !orgLevel.includes(x))],
      ]),
    ),
    organization_permissions: orgLevel,
    flash: [] as { kind: string; message: string }[],
  }
}

export async function createProgram(db: Db, admin: AdminRow, name: string): Promise<ProgramRow> {
  const base = name.toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9-]/g, '').replace(/-+/g, '-').slice(0, 40) || 'program'
  for (let attempt = 0; attempt < 5; attempt++) {
    const suffix = attempt === 0 ? '' : `-${Math.random().toString(36).slice(2, 6)}`
    const slug = `${base}${suffix}`
    // One batch: the program (nothing on a taken slug) and its template row, selected by the new slug,
    // so a failure leaves neither. On a taken slug the template insert finds the other program's row
    // already there and does nothing either.
    const [inserted] = (await batch(db, [
      db
        .insert(programs)
        .values({
          organizationId: admin.organizationId,
          name,
          publicKey: slug,
          subdomain: slug,
          features: { social_network_posts: false, donation_challenge: false, offers_reward: false, otp_login: true, receipts: false, dynamic_feed_posts: false, tiers: false },
          enrollment: { requires_referral_review: false, allow_signup: true, signup_postal_required: false },
        })
        .onConflictDoNothing()
        .returning(),
      db
        .insert(programTemplateDetails) // tenant-guard: allow (the new program's own row)
        .select((qb) =>
          qb
            .select({
              programId: programs.id,
              headerText: sql<null>`NULL`.as('header_text'),
              headerDescription: sql<null>`NULL`.as('header_description'),
              headerBackgroundImage: sql<null>`NULL`.as('header_background_image'),
              headerLogo: sql<null>`NULL`.as('header_logo'),
              footerLogo: sql<null>`NULL`.as('footer_logo'),
              faviconFile: sql<null>`NULL`.as('favicon_file'),
              overlayImage: sql<null>`NULL`.as('overlay_image'),
              badgeBackgroundImage: sql<null>`NULL`.as('badge_background_image'),
              badgeInstructions: sql<null>`NULL`.as('badge_instructions'),
              elementCssStyle: sql<string>`'{}'`.as('element_css_style'),
              updatedAt: sql<number>`${Date.now()}`.as('updated_at'),
            })
            .from(programs)
            .where(eq(programs.publicKey, slug)),
        )
        .onConflictDoNothing(),
    ] as const)) as [ProgramRow[], unknown]
    const program = inserted[0]
    if (program) return program
  }
  throw new AppError('validation_failed', 422, 'name: a program with this name exists', { name: 'A program with this name exists' })
}
