import { and, asc, count, countDistinct, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { OrganizationProgram, organizationProgramsQuerySchema } from '../../../../sdk/contract/console/organization'
import { adminProgramPermissions, programs } from '../../db/schema'
import type { Deps } from '../../deps'
import type { AdminRow } from '../../env'
import { contains } from '../../lib/like'
import { programSiteOrigin } from '../../lib/origin'

type Query = z.output<typeof organizationProgramsQuerySchema>

/**
 * The organization's programs with their details (organization/programs). Always the signed-in
 * admin's own organization, super admins included: the programs of other organizations are theirs.
 */
export async function listOrganizationPrograms(deps: Deps, admin: AdminRow, query: Query) {
  const { db } = deps
  const where = and(eq(programs.organizationId, admin.organizationId), query.q ? contains(programs.name, query.q) : undefined)
  const column = query.sort === 'created_at' ? programs.createdAt : programs.name
  const order = query.order === 'desc' ? desc(column) : asc(column)
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(programs)
      .where(where)
      .orderBy(order, asc(programs.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(programs).where(where),
  ])
  const ids = rows.map((p) => p.id)
  const adminCounts = ids.length
    ? await db
        .select({ programId: adminProgramPermissions.programId, n: countDistinct(adminProgramPermissions.adminUserId) })
        .from(adminProgramPermissions) // tenant-guard: allow (one count per program of this page, all of the admin's organization)
        .where(inArray(adminProgramPermissions.programId, ids))
        .groupBy(adminProgramPermissions.programId)
    : []
  const admins = new Map(adminCounts.map((r) => [r.programId, r.n]))
  const data: OrganizationProgram[] = await Promise.all(
    rows.map(async (p) => ({
      id: p.id,
      name: p.name,
      subdomain_url: p.subdomain,
      site_url: await programSiteOrigin(deps, p),
      status: p.status,
      test_mode: p.testMode,
      i18n_enabled: p.i18nEnabled,
      features: p.features,
      admins: admins.get(p.id) ?? 0,
      created_at: p.createdAt.toISOString(),
    })),
  )
  return { data, page: query.page, per_page: query.per_page, total: total[0]?.n ?? 0 }
}
