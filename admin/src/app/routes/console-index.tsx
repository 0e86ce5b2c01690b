import { ConsoleLayout } from '../../features/shell/components/console-layout'
import { ForbiddenDialog } from '../../features/shell/components/forbidden-dialog'
import { NoPrograms } from '../../features/shell/components/no-programs'
import { can } from '../../lib/authorization'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { decideIndex } from '../../lib/landing'
import { readStoredProgram } from '../../lib/programs'
import { Redirect } from '../../lib/router'
import { useDocumentTitle } from '../../lib/use-document-title'

/** /admin/v2: off to the chosen program's landing page, or the no-programs screen. */
export function ConsoleIndexRoute({ bootstrap }: { bootstrap: SignedInBootstrap }) {
  const decision = decideIndex(bootstrap, readStoredProgram())
  useDocumentTitle(null)
  switch (decision.kind) {
    case 'sign-in':
    case 'redirect':
      return <Redirect to={decision.to} />
    case 'no-programs':
      return (
        <ConsoleLayout bootstrap={bootstrap} program={null}>
          <NoPrograms canCreate={can(bootstrap.organization_permissions ?? [], 'organization:manage')} />
        </ConsoleLayout>
      )
    case 'forbidden':
      return (
        <ConsoleLayout
          bootstrap={bootstrap}
          program={bootstrap.programs?.find((p) => p.id === decision.programId) ?? null}
        >
          <ForbiddenDialog canGoHome={false} />
        </ConsoleLayout>
      )
  }
}
