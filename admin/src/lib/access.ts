import { can, type Permission, permissionsFor } from './authorization'
import type { ConsoleBootstrap, ConsoleProgram } from './bootstrap'
import type { RouteMeta } from './route-meta'

export type RouteAccess = { allowed: boolean; program: ConsoleProgram | null }

/**
 * Whether the user may open the matched routes. Under programs/$programId the program must be one of
 * the bootstrap's and the permissions are that program's; elsewhere (organization pages) they are the
 * organization-level ones. Every matched route's permission must hold: a layout's rule covers its
 * children, so a child can only narrow access.
 */
export function routeAccess(
  bootstrap: ConsoleBootstrap,
  programId: number | undefined,
  matched: readonly (RouteMeta | undefined)[],
): RouteAccess {
  const required = matched.map((meta) => meta?.permission).filter((p): p is Permission => Boolean(p))
  if (programId === undefined) {
    const permissions = bootstrap.organization_permissions ?? []
    return { allowed: required.every((p) => can(permissions, p)), program: null }
  }
  const program = bootstrap.programs?.find((p) => p.id === programId) ?? null
  if (!program) return { allowed: false, program: null }
  const permissions = permissionsFor(bootstrap, program.id)
  return { allowed: required.every((p) => can(permissions, p)), program }
}
