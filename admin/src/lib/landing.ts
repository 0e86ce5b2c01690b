import { can, permissionsFor } from './authorization'
import type { ConsoleBootstrap } from './bootstrap'
import { paths } from './paths'
import { programAreas } from './program-areas'
import { selectProgram } from './programs'

/**
 * Where a program opens: the dashboard for dashboard viewers, else receipts (the receipts-only
 * reviewers of spec section 6), else the first other area the user may view. Null when there is none.
 */
export function programLandingPath(permissions: readonly string[], programId: number): string | null {
  const order = ['dashboard', 'receipts', ...programAreas.map((a) => a.id)]
  for (const id of order) {
    const area = programAreas.find((a) => a.id === id)
    if (area && can(permissions, area.permission)) return paths.programArea(programId, area.id)
  }
  return null
}

export type IndexDecision =
  | { kind: 'sign-in'; to: string }
  | { kind: 'no-programs' }
  | { kind: 'redirect'; to: string; programId: number }
  | { kind: 'forbidden'; programId: number }

/** What /admin/v2 does for this bootstrap and stored lastSelectedProgram value. */
export function decideIndex(
  bootstrap: ConsoleBootstrap,
  storedProgram: string | null | undefined,
): IndexDecision {
  if (!bootstrap.user) return { kind: 'sign-in', to: paths.login }
  const program = selectProgram(bootstrap.programs ?? [], storedProgram)
  if (!program) return { kind: 'no-programs' }
  const to = programLandingPath(permissionsFor(bootstrap, program.id), program.id)
  return to ? { kind: 'redirect', to, programId: program.id } : { kind: 'forbidden', programId: program.id }
}
