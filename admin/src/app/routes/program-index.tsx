import { permissionsFor } from '../../lib/authorization'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { programLandingPath } from '../../lib/landing'
import { Redirect } from '../../lib/router'
import { ProgramFrame } from './program-frame'

/** programs/{program_id} opens the program's landing page (its dashboard for dashboard viewers). */
export function ProgramIndexRoute({
  bootstrap,
  programId,
}: {
  bootstrap: SignedInBootstrap
  programId: number
}) {
  const known = bootstrap.programs?.some((p) => p.id === programId)
  const to = known ? programLandingPath(permissionsFor(bootstrap, programId), programId) : null
  if (to) return <Redirect to={to} />
  return (
    <ProgramFrame bootstrap={bootstrap} programId={programId} permission="dashboard:view">
      {null}
    </ProgramFrame>
  )
}
