import { eq, sql } from 'drizzle-orm'
import type { AhoyEventsRequest, AhoyVisitRequest } from '../../../../sdk/contract/console/dashboard'
import { visitEvents, visits } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { AppError } from '../../lib/errors'
import { batch } from '../../db/batch'

const visitInsert = (scope: ProgramScope, token: string, values: { landingPage?: string | null; referrer?: string | null; surface?: string | null }, now: number) =>
  scope
    .insert(visits, {
      visitToken: token,
      landingPage: values.landingPage ?? null,
      referrer: values.referrer || null,
      surface: values.surface ?? null,
      startedAt: new Date(now),
    })
    // The same token again (a retry, the events call racing the visits call) is the same visit.
    .onConflictDoNothing({ target: [visits.programId, visits.visitToken] })

/**
 * POST /ahoy/visits: a tab's visit, once per visit token, with its first page's events if it names
 * them (one batch). The daily visit count (the Program visits card) is kept by the
 * visits_dashboard_insert trigger. Answers whether this call started the visit.
 */
export async function recordVisit(scope: ProgramScope, input: AhoyVisitRequest, now: number): Promise<{ created: boolean; recorded: number }> {
  const inserts = eventInserts(scope, input.visit_token, input.events ?? [], now)
  const [res] = await batch(scope.db, [visitInsert(scope, input.visit_token, { landingPage: input.landing_page ?? null, referrer: input.referrer ?? null, surface: input.surface ?? null }, now), ...inserts])
  return { created: Number((res as { rowsAffected?: number; meta?: { changes?: number } }).rowsAffected ?? (res as { meta?: { changes?: number } }).meta?.changes ?? 0) > 0, recorded: inserts.length }
}

/**
 * POST /ahoy/events: page views of a visit. A visit the server has not seen (its call was lost or is
 * still on its way) starts here, so a view is never dropped; visit and events are one batch.
 */
export async function recordEvents(scope: ProgramScope, input: AhoyEventsRequest, now: number): Promise<{ recorded: number }> {
  const inserts = eventInserts(scope, input.visit_token, input.events, now)
  await batch(scope.db, [visitInsert(scope, input.visit_token, { landingPage: input.events[0]!.properties?.page ?? null }, now), ...inserts])
  return { recorded: inserts.length }
}

/** The events' rows, each an INSERT ... SELECT of the visit's id by its token (no read first): for the visit's own batch. */
function eventInserts(scope: ProgramScope, token: string, events: AhoyEventsRequest['events'], at: number) {
  for (const [i, e] of events.entries()) {
    const claimed = e.properties?.program_id
    if (claimed !== undefined && claimed !== scope.programId) {
      throw new AppError('validation_failed', 422, `events.${i}.properties.program_id: is not this program`, { [`events.${i}.properties.program_id`]: 'is not this program' })
    }
  }
  return events.map((e) => {
    const properties = JSON.stringify({ program_id: scope.programId, ...(e.properties?.page ? { page: e.properties.page } : {}) })
    return scope.db.insert(visitEvents).select((qb) =>
      qb
        .select({
          id: sql<number>`NULL`.as('id'),
          programId: visits.programId,
          visitId: visits.id,
          name: sql<string>`${e.name}`.as('name'),
          properties: sql<string>`${properties}`.as('properties'),
          time: sql<number>`${at}`.as('time'),
        })
        .from(visits)
        .where(scope.where(visits, eq(visits.visitToken, token))),
    )
  })
}
