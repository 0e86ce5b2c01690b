import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { adminProgramPermissions, programs } from '../db/schema'
import { programScope } from '../db/scope'
import type { AppEnv } from '../env'
import { readCookie } from '../lib/cookies'
import { AppError, forbidden, unauthenticated } from '../lib/errors'
import { findAdminSession } from '../features/console/admin-auth'
import { type Action, can, type Resource } from '../features/console/permissions'

export const loadAdmin = createMiddleware<AppEnv>(async (c, next) => {
  c.set('admin', null)
  c.set('adminSessionId', null)
  const token = readCookie(c, 'admin')
  if (token) {
    const found = await findAdminSession(c.get('deps').db, token, c.get('deps').clock.now())
    if (found) {
      c.set('admin', found.admin)
      c.set('adminSessionId', found.sessionId)
    }
  }
  await next()
})

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('admin')) throw unauthenticated('Please sign in to the console')
  await next()
})

/**
 * Route guard: the signed-in admin must hold `resource:action` on the program named by the
 * `:program_id` path parameter (or at organization level when the route has none).
 */
export function requirePermission(resource: Resource, action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const admin = c.get('admin')
    if (!admin) throw unauthenticated('Please sign in to the console')
    const { db } = c.get('deps')
    const programIdParam = c.req.param('program_id')
    let program = null
    let grants: { resource: string; action: string }[] = []
    if (programIdParam !== undefined) {
      const programId = Number(programIdParam)
      if (!Number.isInteger(programId) || programId <= 0) throw new AppError('validation_failed', 422, 'program_id: must be a program id', { program_id: 'must be a program id' })
      program = (await db.select().from(programs).where(eq(programs.id, programId)).limit(1))[0] ?? null
      if (!program) throw new AppError('not_found', 404, 'Program not found')
      const scope = programScope(db, programId)
      grants = await db
        .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
        .from(adminProgramPermissions)
        .where(scope.where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, admin.id)))
    }
    if (!can(admin, program, grants, resource, action)) throw forbidden()
    if (program) {
      c.set('program', program)
      c.set('scope', programScope(db, program.id))
    }
    await next()
  })
}
