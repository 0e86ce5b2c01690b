import { can, permissionsFor } from './authorization'
import type { ConsoleBootstrap } from './bootstrap'
import { type ProgramArea, programAreas } from './program-areas'
import { selectProgram } from './programs'

/**
 * Where a program opens (spec section 2): the dashboard for dashboard viewers, else receipts (the
 * receipts-only reviewers of section 6), else the first other area the user may view. Null when the
 * user may view none of them.
 */
export function programLandingArea(permissions: readonly string[]): ProgramArea | null {
  const order = ['dashboard', 'receipts', ...programAreas.map((a) => a.id)]
  for (const id of order) {
    const area = programAreas.find((a) => a.id === id)
    if (area && can(permissions, area.permission)) return area
  }
  return null
}

export type IndexDecision =
  | { kind: 'sign-in' }
  | { kind: 'no-programs' }
  | { kind: 'redirect'; programId: number; area: ProgramArea }
  | { kind: 'forbidden'; programId: number }

/** What /admin/v2 does for this bootstrap and stored lastSelectedProgram value. */
export function decideIndex(bootstrap: ConsoleBootstrap, storedProgram: string | null | undefined): IndexDecision {
  if (!bootstrap.user) return { kind: 'sign-in' }
  const program = selectProgram(bootstrap.programs ?? [], storedProgram)
  if (!program) return { kind: 'no-programs' }
  const area = programLandingArea(permissionsFor(bootstrap, program.id))
  return area ? { kind: 'redirect', programId: program.id, area } : { kind: 'forbidden', programId: program.id }
}
