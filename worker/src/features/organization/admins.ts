import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  AdminGrant,
  InviteAdminForm,
  inviteAdminRequestSchema,
  OrganizationAdmin,
  organizationAdminsQuerySchema,
} from '../../../../sdk/contract/console/organization'
import { adminProgramPermissions, adminUsers, organizations, programs } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { AdminRow } from '../../env'
import { contains } from '../../lib/like'
import { consoleOrigin } from '../../lib/origin'
import { featureGates, isKnownPermission, permissionCatalog, type Resource } from '../console/permissions'
import { dispatchOutbox, outboxInsert } from '../webhooks/outbox'
import { adminInvitationMail } from './invite-mail'
import { batch } from '../../db/batch'

type ListQuery = z.output<typeof organizationAdminsQuerySchema>
type Invite = z.output<typeof inviteAdminRequestSchema>

/**
 * Resources granted per program. Organization-level pairs come with being an organization admin and
 * super_admin pairs with being a super admin, so neither is grantable (a grant of them would be
 * ignored by can(), and offering it would mislead).
 */
const NOT_GRANTABLE = new Set<Resource>(['organization', 'super_admin'])

export function grantablePermissions() {
  return Object.entries(permissionCatalog).flatMap(([resource, actions]) =>
    NOT_GRANTABLE.has(resource as Resource) ? [] : actions.map((action) => ({ resource, action, feature: featureGates[resource as Resource] ?? null })),
  )
}

const orgPrograms = (deps: Deps, admin: AdminRow) =>
  deps.db.select().from(programs).where(eq(programs.organizationId, admin.organizationId)).orderBy(asc(programs.name))

/** The choices of the invite form's `permissions`: the organization's programs and the grantable pairs. */
export async function invitePermissionChoices(deps: Deps, admin: AdminRow): Promise<InviteAdminForm['permission_choices']> {
  const rows = await orgPrograms(deps, admin)
  return { programs: rows.map((p) => ({ id: p.id, name: p.name, features: p.features })), permissions: grantablePermissions() }
}

/** The organization's admins, paged and searchable by name or e-mail, each with their grants. */
export async function listOrganizationAdmins(deps: Deps, admin: AdminRow, query: ListQuery) {
  const { db } = deps
  const search = query.q ? or(contains(adminUsers.email, query.q), contains(adminUsers.firstName, query.q), contains(adminUsers.lastName, query.q)) : undefined
  const where = and(eq(adminUsers.organizationId, admin.organizationId), search)
  const columns = { email: adminUsers.email, first_name: adminUsers.firstName, last_name: adminUsers.lastName, created_at: adminUsers.createdAt }
  const column = columns[query.sort ?? 'email']
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(adminUsers)
      .where(where)
      .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(adminUsers.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(adminUsers).where(where),
  ])
  const ids = rows.map((r) => r.id)
  const grants = ids.length
    ? await db
        .select({ adminUserId: adminProgramPermissions.adminUserId, program_id: programs.id, program_name: programs.name, resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
        .from(adminProgramPermissions) // tenant-guard: allow (an admin's grants span the organization's programs, joined to them below)
        .innerJoin(programs, and(eq(programs.id, adminProgramPermissions.programId), eq(programs.organizationId, admin.organizationId)))
        .where(inArray(adminProgramPermissions.adminUserId, ids))
        .orderBy(asc(programs.name), asc(adminProgramPermissions.resource), asc(adminProgramPermissions.action))
    : []
  const data: OrganizationAdmin[] = rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    preferred_locale: r.preferredLocale,
    organization_admin: r.isOrganizationAdmin,
    super_admin: r.isSuperAdmin,
    grants: grants.filter((g) => g.adminUserId === r.id).map(({ adminUserId: _, ...g }) => g),
    created_at: r.createdAt.toISOString(),
  }))
  return { data, page: query.page, per_page: query.per_page, total: total[0]?.n ?? 0 }
}

export type InviteResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> }

const EMAIL_TAKEN = 'An admin with this email already exists'

/**
 * Invites an admin into the inviter's organization with exactly `input.permissions` (duplicates
 * folded). Every grant must name a grantable pair and a program of that organization; anything else
 * is refused whole with a message naming `permissions`, and nothing is written. The admin row, the
 * grants and the invitation e-mail (outbox) are one batch, so an invitation never goes out for an
 * admin that was not created, nor an admin without the grants they were given.
 */
export async function inviteAdmin(deps: Deps, inviter: AdminRow, input: Invite): Promise<InviteResult> {
  const { db, config } = deps
  const errors: Record<string, string> = {}
  const grants = new Map<string, AdminGrant>()
  for (const g of input.permissions) {
    if (!isKnownPermission(g.resource, g.action) || NOT_GRANTABLE.has(g.resource)) {
      errors.permissions = `${g.resource}:${g.action} is not a permission that can be granted`
      break
    }
    grants.set(`${g.program_id}:${g.resource}:${g.action}`, g)
  }
  const programIds = [...new Set([...grants.values()].map((g) => g.program_id))]
  if (!errors.permissions && programIds.length) {
    const own = await db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.organizationId, inviter.organizationId), inArray(programs.id, programIds)))
    if (own.length !== programIds.length) errors.permissions = 'must name programs of your organization'
  }
  const taken = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email)).limit(1)
  if (taken.length) errors.email = EMAIL_TAKEN
  if (Object.keys(errors).length) return { ok: false, errors }

  const org = (await db.select().from(organizations).where(eq(organizations.id, inviter.organizationId)).limit(1))[0]
  const mail = adminInvitationMail({
    to: input.email,
    from: config.mailFrom,
    firstName: input.first_name,
    inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
    organizationName: org?.name ?? 'Tessera',
    link: `${consoleOrigin(config)}/admin/v2/login`,
  })
  // The new admin's id is not known inside the batch: each grant finds it by the (unique) e-mail.
  const newAdminId = sql`(SELECT ${adminUsers.id} FROM ${adminUsers} WHERE ${adminUsers.email} = ${input.email})`
  const byProgram = new Map<number, AdminGrant[]>()
  for (const g of grants.values()) byProgram.set(g.program_id, [...(byProgram.get(g.program_id) ?? []), g])
  const grantInserts = [...byProgram].map(([programId, list]) =>
    programScope(db, programId).insert(
      adminProgramPermissions,
      list.map((g) => ({ adminUserId: newAdminId as unknown as number, resource: g.resource, action: g.action })),
    ),
  )
  let results: unknown[]
  try {
    results = (await batch(db, [
      db
        .insert(adminUsers)
        .values({
          organizationId: inviter.organizationId,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          preferredLocale: input.preferred_locale,
          isOrganizationAdmin: input.organization_admin,
        })
        .returning({ id: adminUsers.id }),
      ...grantInserts,
      outboxInsert(db, null, { topic: 'email', payload: mail }),
    ])) as unknown[]
  } catch (err) {
    // Two invitations of one address at once: the unique index refuses the second, whole.
    if (isEmailTaken(err)) return { ok: false, errors: { email: EMAIL_TAKEN } }
    throw err
  }
  const created = (results[0] as { id: number }[])[0]!
  await dispatchOutbox(deps, (results[results.length - 1] as { id: number }[]).map((r) => r.id))
  return { ok: true, id: created.id }
}

/** The unique e-mail index refused the insert (drivers wrap the SQLite error in causes). */
function isEmailTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: admin_users\.email/i.test(String((e as Error).message ?? e))) return true
  }
  return false
}
