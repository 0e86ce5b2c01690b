import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { useI18n } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useMatchedRoute } from '../../lib/use-route-access'

export type RouterContext = { queryClient: QueryClient }

/** "Participants · Tessera Demo · Tessera Console", from the deepest route's title. */
function DocumentTitle() {
  const { t } = useI18n()
  const { allowed, program, title } = useMatchedRoute()
  useDocumentTitle(allowed && title ? t(title) : null, program?.name)
  return null
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  ),
})
