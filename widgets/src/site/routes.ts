import { matchSiteRoute, SERVER_PATHS, type SiteRoute } from '../../../sdk/contract/site-routes'
import type { PublishedPage } from './types'

/** The participant site's screens (participant-site.md section 2): the route table the worker shares. */
export type Route = SiteRoute<PublishedPage>

/** Query parameters carried across navigations: `program` picks the program on localhost. */
export const STICKY_PARAMS = ['program'] as const

/**
 * Which screen a path shows (the worker answers the same table: sdk/contract/site-routes.ts).
 * @example matchRoute('/privacy', pages) // { name: 'page', page: { slug: 'privacy', ... } }
 */
export function matchRoute(pathname: string, pages: readonly PublishedPage[]): Route {
  return matchSiteRoute(pathname, pages)
}

/** Adds the sticky parameters of the current URL to a same-site href (other hrefs are unchanged). */
export function withStickyParams(href: string, currentSearch: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const current = new URLSearchParams(currentSearch)
  const url = new URL(href, 'http://site.invalid')
  for (const key of STICKY_PARAMS) {
    const value = current.get(key)
    if (value !== null && !url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return `${url.pathname}${url.search}${url.hash}`
}

/** True when a click on a link to `url` should be handled by the client router. */
export function isClientRoute(url: URL, current: { origin: string; pathname: string; search: string }): boolean {
  if (url.origin !== current.origin) return false
  if (SERVER_PATHS.test(url.pathname)) return false
  // Files (/brand/logo.svg, /favicon.svg) are not pages.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return false
  // In-page anchors (#main) are the browser's job.
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return false
  return true
}
