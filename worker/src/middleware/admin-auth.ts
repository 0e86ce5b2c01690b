import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { adminProgramPermissions, programs } from '../db/schema'
import { programScope } from '../db/scope'
import type { AppEnv, ProgramAccess } from '../env'
import { readCookie } from '../lib/cookies'
import { AppError, forbidden, unauthenticated } from '../lib/errors'
import { findAdminSession } from '../features/console/admin-auth'
import type { Db } from '../db/client'
import { type Action, can, type Resource } from '../features/console/permissions'
import { copyAdminToShard, refuseWriteIfReadOnly, servesProgram } from '../features/shards'

/** The program a console path names (`/admin/v2/programs/:program_id/...`), read with the session. */
const PROGRAM_PATH = /^\/admin\/v2\/programs\/([1-9][0-9]{0,15})(?:\/|$)/

export const loadAdmin = createMiddleware<AppEnv>(async (c, next) => {
  c.set('admin', null)
  c.set('adminSessionId', null)
  c.set('adminProgramAccess', null)
  const token = readCookie(c, 'admin')
  if (token) {
    const programId = PROGRAM_PATH.exec(c.req.path)?.[1]
    const deps = c.get('deps')
    // Sessions and grants live on the control database; the program's row on its shard (decision 0041).
    const found = await findAdminSession(deps.control ?? deps.db, token, deps.clock.now(), programId === undefined ? undefined : Number(programId), deps.db)
    if (found) {
      c.set('admin', found.admin)
      c.set('adminSessionId', found.sessionId)
      c.set('adminProgramAccess', found.access ?? null)
    }
  }
  await next()
})

/** The program's row (on `db`, its shard) and the admin's grants on it (on `control`). */
async function readAccess(db: Db, control: Db, programId: number, adminUserId: number): Promise<ProgramAccess> {
  const program = (await db.select().from(programs).where(eq(programs.id, programId)).limit(1))[0] ?? null
  const grants = program
    ? await control
        .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
        .from(adminProgramPermissions)
        .where(programScope(control, programId).where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, adminUserId)))
    : []
  return { programId, program, grants }
}

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
      // Read with the session in one batch (loadAdmin), or here when the path named it otherwise.
      const prefetched = c.get('adminProgramAccess')
      const access = prefetched?.programId === programId ? prefetched : await readAccess(db, c.get('deps').control ?? db, programId, admin.id)
      program = access.program
      // A program the directory puts on another shard is not this app's (decision 0041).
      if (!program || !servesProgram(c.get('deps'), program)) throw new AppError('not_found', 404, 'Program not found')
      grants = access.grants
    }
    if (!can(admin, program, grants, resource, action)) throw forbidden()
    if (program) {
      refuseWriteIfReadOnly(c.req.method, program)
      // On a shard other than control, the program's rows may name this admin: their row is copied there
      // first, once the call is allowed (a refused call writes nothing, anywhere).
      await copyAdminToShard(c.get('deps'), admin)
      c.set('program', program)
      c.set('scope', programScope(db, program.id))
    }
    await next()
  })
}
