import type { Permission } from './authorization'
import type { MessageKey } from './i18n'
import type { ProgramAreaId } from './program-areas'

/**
 * What a route declares about itself, read by the console layout from the matched routes: the
 * permission it needs (every matched route's must hold), the top navigation tab it belongs to and
 * its document title. Declaring it on the route keeps the rule next to the path it protects.
 */
export type RouteMeta = {
  permission?: Permission
  area?: ProgramAreaId | 'organization'
  title?: MessageKey
}

// StaticDataRouteOption is an interface and can only be merged member by member, hence the repetition.

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    permission?: Permission
    area?: ProgramAreaId | 'organization'
    title?: MessageKey
  }
}
