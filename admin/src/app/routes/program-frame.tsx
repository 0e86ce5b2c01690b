import { type ReactNode, useEffect } from 'react'
import { ConsoleLayout } from '../../features/shell/components/console-layout'
import { ForbiddenDialog } from '../../features/shell/components/forbidden-dialog'
import { can, type Permission, permissionsFor } from '../../lib/authorization'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { readStoredProgram, selectProgram, storeProgram } from '../../lib/programs'
import { useDocumentTitle } from '../../lib/use-document-title'

type ProgramFrameProps = {
  bootstrap: SignedInBootstrap
  programId: number
  /** The top navigation tab to mark current. */
  area?: string
  /** Needed to see the page; without it the forbidden dialog covers the page. */
  permission?: Permission
  title?: string
  children: ReactNode
}

/** A page of one program inside the console shell, behind its view permission. */
export function ProgramFrame({ bootstrap, programId, area, permission, title, children }: ProgramFrameProps) {
  const programs = bootstrap.programs ?? []
  const program = programs.find((p) => p.id === programId) ?? null
  const allowed = program !== null && (!permission || can(permissionsFor(bootstrap, program.id), permission))

  useEffect(() => {
    if (program && allowed) storeProgram(program.id)
  }, [program, allowed])
  useDocumentTitle(allowed ? title : null, program?.name)

  // A program the user can't open still gets a header, showing the program they work on.
  const headerProgram = program ?? selectProgram(programs, readStoredProgram())
  return (
    <ConsoleLayout bootstrap={bootstrap} program={headerProgram} activeArea={allowed ? area : undefined}>
      {allowed ? children : <ForbiddenDialog />}
    </ConsoleLayout>
  )
}
