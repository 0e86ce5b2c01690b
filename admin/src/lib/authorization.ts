import type { ConsoleBootstrap } from './bootstrap'

/** A permission is a "resource:action" pair, as the bootstrap lists them per program. */
export type Permission = `${string}:${string}`

/** The permissions the user holds on one program; none for a program the bootstrap doesn't list. */
export function permissionsFor(
  bootstrap: ConsoleBootstrap,
  programId: number | null | undefined,
): readonly string[] {
  if (programId === null || programId === undefined) return []
  return bootstrap.user_permissions?.[String(programId)] ?? []
}

/** Unknown permissions are denied (admin-console-part-a.md section 6). */
export const can = (permissions: readonly string[], permission: Permission): boolean =>
  permissions.includes(permission)
