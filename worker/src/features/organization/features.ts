import { asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type FeatureProgram,
  programFeatureNames,
  type featureProgramsQuerySchema,
  type ProgramFeatureName,
} from '../../../../sdk/contract/console/organization'
import { programs } from '../../db/schema'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contains } from '../../lib/like'

type ListQuery = z.output<typeof featureProgramsQuerySchema>

/**
 * Every program's features, one row per (program, feature) with its state (organization/features).
 * Super admins run the platform, so this spans all organizations. Searchable by name: the program's
 * or the feature's (as shown, "dynamic feed" finds dynamic_feed_posts).
 */
export async function listFeaturePrograms(deps: Deps, query: ListQuery) {
  // Features are shown with spaces for underscores: "dynamic feed" and "dynamic_feed" both find one.
  const filters = [
    query.q ? sql`(${contains(sql`p.name`, query.q)} OR ${contains(sql`replace(f.value, '_', ' ')`, query.q.replace(/_/g, ' '))})` : null,
    query.enabled ? sql`coalesce(json_extract(p.features, '$.' || f.value), 0) = ${query.enabled === 'on' ? 1 : 0}` : null,
  ].filter((x) => x !== null)
  const where = filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`
  const order = query.sort === 'feature' ? sql`f.value ${direction}, p.name ASC, p.id ASC` : sql`p.name ${direction}, p.id ${direction}, f.key ASC`
  const from = sql`FROM programs p JOIN organizations o ON o.id = p.organization_id CROSS JOIN json_each(${JSON.stringify(programFeatureNames)}) f ${where}`
  const [rows, total] = await Promise.all([
    deps.db.all<{ program_id: number; program_name: string; organization_name: string; feature: ProgramFeatureName; enabled: number | null }>(
      sql`SELECT p.id AS program_id, p.name AS program_name, o.name AS organization_name, f.value AS feature,
        json_extract(p.features, '$.' || f.value) AS enabled ${from} ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
    ),
    deps.db.all<{ n: number }>(sql`SELECT count(*) AS n ${from}`),
  ])
  const data: FeatureProgram[] = rows.map((r) => ({
    program_id: Number(r.program_id),
    program_name: String(r.program_name),
    organization_name: String(r.organization_name),
    feature: r.feature,
    enabled: Number(r.enabled ?? 0) === 1,
  }))
  return { data, page: query.page, per_page: query.per_page, total: Number(total[0]?.n ?? 0) }
}

/** The programs a super admin may pick in the form (all of them). */
export function featureProgramChoices(deps: Deps) {
  return deps.db.select({ id: programs.id, name: programs.name }).from(programs).orderBy(asc(programs.name), asc(programs.id))
}

/**
 * Turns one feature of one program on or off, in one statement (json_set on the stored object, so two
 * toggles of different features at once both hold). The program caches of this instance are dropped
 * so the site and the console see the change on their next request.
 */
export async function setProgramFeature(deps: Deps, programId: number, feature: ProgramFeatureName, enabled: boolean) {
  const updated = await deps.db
    .update(programs)
    .set({
      features: sql`json_set(${programs.features}, ${`$.${feature}`}, json(${enabled ? 'true' : 'false'}))` as never,
      updatedAt: new Date(deps.clock.now()),
    })
    .where(eq(programs.id, programId))
    .returning({ id: programs.id, features: programs.features })
  if (!updated[0]) return null
  appCache(deps, 'programs').clear()
  appCache(deps, 'public-program').clear()
  return { program_id: programId, feature, enabled: Boolean(updated[0].features[feature]) }
}
