import { eq } from 'drizzle-orm'
import { adminUsers, organizations } from '../../db/schema'
import type { Deps } from '../../deps'
import type { AdminRow } from '../../env'
import { mapPerOwner } from '../../lib/cache'

const copied = mapPerOwner<number, Promise<void>>()

/**
 * A shard's copy of the console admin acting on it (decision 0041). Admins, their sessions and grants
 * live on control and are read there; a program's own rows on its shard still name the admin who acted
 * (an API key's `created_by`, a review log's `admin_user_id`) under a foreign key, so the shard keeps a
 * copy of that admin's row and of their organization's. Written once per admin and app instance (an
 * upsert: a renamed admin is copied again by the next instance), before the request's own writes; never
 * read to decide anything (permissions are read on control). No-op on control.
 */
export function copyAdminToShard(deps: Deps, admin: AdminRow): Promise<void> {
  const control = deps.control
  if (!control) return Promise.resolve()
  const done = copied(deps)
  let copy = done.get(admin.id)
  if (!copy) {
    copy = (async () => {
      const [org] = await control.select().from(organizations).where(eq(organizations.id, admin.organizationId)).limit(1)
      if (org) await deps.db.insert(organizations).values(org).onConflictDoNothing()
      const { id: _id, ...fields } = admin
      await deps.db.insert(adminUsers).values(admin).onConflictDoUpdate({ target: adminUsers.id, set: fields })
    })()
    done.set(admin.id, copy)
    // A failed copy is tried again by the next request.
    copy.catch(() => done.delete(admin.id))
  }
  return copy
}
