import type { PublishedPage } from './types'

/** The participant site's screens (participant-site.md section 2) that exist so far. */
export type Route =
  | { name: 'home' }
  | { name: 'signin' }
  | { name: 'my-account' }
  | { name: 'challenge'; identifier: string }
  | { name: 'my-offers' }
  | { name: 'merchant'; slug: string }
  | { name: 'reward'; id: string }
  | { name: 'page'; page: PublishedPage }
  | { name: 'photos' }
  | { name: 'partner' }
  | { name: 'not-found' }

/** Paths served by the worker itself, never by the client router. */
const SERVER_PATHS = /^\/(admin\/v2|public|_dev|signin\/magic|healthz)(\/|$)/

/** Query parameters carried across navigations: `program` picks the program on localhost. */
export const STICKY_PARAMS = ['program'] as const

function normalisePath(pathname: string): string {
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {
    // Keep the raw path: it simply will not match a page.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * Which screen a path shows.
 * @example matchRoute('/privacy', pages) // { name: 'page', page: { slug: 'privacy', ... } }
 */
export function matchRoute(pathname: string, pages: readonly PublishedPage[]): Route {
  const path = normalisePath(pathname)
  if (path === '/' || path === '') return { name: 'home' }
  if (path === '/signin') return { name: 'signin' }
  if (path === '/my-account') return { name: 'my-account' }
  const challenge = /^\/challenge\/([^/]+)$/.exec(path)
  if (challenge) return { name: 'challenge', identifier: challenge[1]! }
  const reward = /^\/reward\/([^/]+)$/.exec(path)
  if (reward) return { name: 'reward', id: reward[1]! }
  if (path === '/my-offers') return { name: 'my-offers' }
  if (path === '/photos') return { name: 'photos' }
  if (path === '/partner') return { name: 'partner' }
  const merchant = /^\/my-offers\/([^/]+)$/.exec(path)
  if (merchant) return { name: 'merchant', slug: merchant[1]! }
  const slug = path.slice(1)
  const page = pages.find((p) => p.slug === slug)
  return page ? { name: 'page', page } : { name: 'not-found' }
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
