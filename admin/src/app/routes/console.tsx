import { createRoute, Outlet, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ConsoleLayout } from '../../features/shell/components/console-layout'
import { ForbiddenDialog } from '../../features/shell/components/forbidden-dialog'
import { NoPrograms } from '../../features/shell/components/no-programs'
import { NotFoundPage } from '../../features/shell/components/not-found-page'
import { isSignedIn } from '../../lib/bootstrap'
import { decideIndex } from '../../lib/landing'
import { readStoredProgram, storeProgram } from '../../lib/programs'
import { readBootstrap } from '../../lib/use-bootstrap'
import { useMatchedRoute } from '../../lib/use-route-access'
import { rootRoute } from './root'

/**
 * The shell around every signed-in page. Each matched route's staticData.permission must hold (and
 * under programs/$programId the program must be the user's); otherwise the page is replaced by the
 * access-denied dialog (spec section 2). A page the user may open becomes lastSelectedProgram.
 */
function ConsoleFrame() {
  const { allowed, program, area } = useMatchedRoute()
  useEffect(() => {
    if (allowed && program) storeProgram(program.id)
  }, [allowed, program])
  return <ConsoleLayout activeArea={allowed ? area : undefined}>{allowed ? <Outlet /> : <ForbiddenDialog />}</ConsoleLayout>
}

export const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  beforeLoad: ({ context }) => {
    if (!isSignedIn(readBootstrap(context.queryClient))) throw redirect({ to: '/login', replace: true })
  },
  component: ConsoleFrame,
})

/** /admin/v2 (spec section 2): the chosen program's landing area, else why there is none. */
export const consoleIndexRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const decision = decideIndex(readBootstrap(context.queryClient), readStoredProgram())
    if (decision.kind === 'redirect')
      throw redirect({ to: decision.area.to, params: { programId: decision.programId }, replace: true })
    return { decision }
  },
  component: function ConsoleIndex() {
    const { decision } = consoleIndexRoute.useRouteContext()
    if (decision.kind === 'no-programs') return <NoPrograms />
    // The landing itself is off limits: only signing out is left to offer.
    return <ForbiddenDialog canGoHome={false} />
  },
})

export const notFoundRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '$',
  component: NotFoundPage,
  staticData: { title: 'notFound.title' },
})
