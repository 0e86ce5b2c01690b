import { useParams } from '@tanstack/react-router'
import { can, type Permission, permissionsFor } from './authorization'
import type { ConsoleProgram } from './bootstrap'
import { readStoredProgram, selectProgram } from './programs'
import { useBootstrap } from './use-bootstrap'

export type CurrentProgram = {
  program: ConsoleProgram
  permissions: readonly string[]
  can: (permission: Permission) => boolean
}

/**
 * The program of the current programs/$programId route, with the user's permissions on it. Only
 * for screens under that route: the console layout has already checked the program exists and the
 * route's permission holds, so this never sees a missing program there.
 */
export function useCurrentProgram(): CurrentProgram {
  const current = useOptionalProgram()
  if (!current) throw new Error('useCurrentProgram is for screens under programs/$programId')
  return current
}

/** The route's program, or null outside programs/$programId or for a program the user lacks. */
export function useOptionalProgram(): CurrentProgram | null {
  const bootstrap = useBootstrap()
  const { programId } = useParams({ strict: false })
  const program = bootstrap.programs?.find((p) => p.id === programId)
  if (!program) return null
  const permissions = permissionsFor(bootstrap, program.id)
  return { program, permissions, can: (permission) => can(permissions, permission) }
}

/** The program the shell shows: the route's, else the remembered one, else the first (spec section 1). */
export function useShellProgram(): ConsoleProgram | null {
  const bootstrap = useBootstrap()
  const { programId } = useParams({ strict: false })
  const programs = bootstrap.programs ?? []
  return programs.find((p) => p.id === programId) ?? selectProgram(programs, readStoredProgram())
}
