import { createRoute, redirect } from '@tanstack/react-router'
import { ForbiddenDialog } from '../../features/shell/components/forbidden-dialog'
import { permissionsFor } from '../../lib/authorization'
import { programLandingArea } from '../../lib/landing'
import { readBootstrap } from '../../lib/use-bootstrap'
import { consoleRoute } from './console'
import { numericParam } from './params'

/** programs/$programId: the console layout checks the program is one of the user's. */
export const programRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'programs/$programId',
  params: numericParam('programId'),
})

/** programs/{program_id} goes to the dashboard (spec section 2), or receipts for receipts-only users. */
export const programIndexRoute = createRoute({
  getParentRoute: () => programRoute,
  path: '/',
  beforeLoad: ({ context, params }) => {
    const area = programLandingArea(permissionsFor(readBootstrap(context.queryClient), params.programId))
    if (area) throw redirect({ to: area.to, params: { programId: params.programId }, replace: true })
  },
  component: () => <ForbiddenDialog />,
})
