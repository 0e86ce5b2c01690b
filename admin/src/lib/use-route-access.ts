import { useMatches, useParams } from '@tanstack/react-router'
import { type RouteAccess, routeAccess } from './access'
import type { RouteMeta } from './route-meta'
import { useBootstrap } from './use-bootstrap'

export type MatchedRoute = RouteAccess & { area: RouteMeta['area']; title: RouteMeta['title'] }

/** The matched routes' declarations (staticData) resolved for this user: access, nav tab and title. */
export function useMatchedRoute(): MatchedRoute {
  const bootstrap = useBootstrap()
  const { programId } = useParams({ strict: false })
  const metas = useMatches({ select: (matches) => matches.map((m) => m.staticData as RouteMeta | undefined) })
  const deepest = <K extends keyof RouteMeta>(key: K) => metas.findLast((meta) => meta?.[key])?.[key]
  return { ...routeAccess(bootstrap, programId, metas), area: deepest('area'), title: deepest('title') }
}
