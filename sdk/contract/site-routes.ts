/**
 * The participant site's route table (participant-site.md section 2), shared by the client router
 * (widgets/src/site/routes.ts) and the worker, which answers a page path with the site's HTML and
 * its share preview, and an unknown path with the same HTML and status 404. Plain data and a pure
 * function: no UI code.
 */

/** A screen of the site; `page` is one of the program's published pages, matched by slug. */
export type SiteRoute<P extends { slug: string } = { slug: string }> =
  | { name: 'home' }
  | { name: 'signin' }
  | { name: 'my-account' }
  | { name: 'challenge'; identifier: string }
  | { name: 'my-offers' }
  | { name: 'merchant'; slug: string }
  | { name: 'reward'; id: string }
  | { name: 'fairness'; id: string }
  | { name: 'page'; page: P }
  | { name: 'photos' }
  | { name: 'partner' }
  | { name: 'not-found' }

/**
 * A signed-in participant's screens: a visitor who opens one is sent to sign in first and comes back
 * (the site's router), so their first screen is the sign-in page's (the worker draws it).
 */
export const PARTICIPANT_SCREENS: ReadonlySet<SiteRoute['name']> = new Set(['challenge', 'my-account', 'photos'])

/**
 * The script chunks a signed-in participant's page needs beyond the site's own script: lazy pages of
 * the widgets build, by chunk name (a reward page is drawn over the home page; a challenge page only
 * when it is a membership or donation, whose home chunk then comes on its own). The
 * worker preloads them in the page's head (worker/src/features/site/page-preloads.ts), so they load
 * beside the site's script instead of after it; the build lists each one's files in
 * /site-chunks.json (widgets/vite.config.ts).
 */
export const PARTICIPANT_PAGE_CHUNKS: Partial<Record<SiteRoute['name'], readonly string[]>> = {
  home: ['participant-home'],
  challenge: ['challenge-page'],
  reward: ['reward-page', 'participant-home'],
  'my-account': ['my-account'],
}

/** /site-chunks.json: each chunk's script files (itself first, then those it imports) and styles, as URL paths. */
export type SiteChunks = { entry: string; chunks: Record<string, { js: string[]; css: string[] }> }

/** Paths served by the worker itself (APIs, the console, dev tools), never by the client router. */
export const SERVER_PATHS = /^\/(admin\/v2|public|participants|payments|offers|ahoy|_dev|_checkout|signin\/magic|healthz)(\/|$)/

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
 * @example matchSiteRoute('/privacy', pages) // { name: 'page', page: { slug: 'privacy', ... } }
 */
export function matchSiteRoute<P extends { slug: string }>(pathname: string, pages: readonly P[]): SiteRoute<P> {
  const path = normalisePath(pathname)
  if (path === '/' || path === '') return { name: 'home' }
  if (path === '/signin') return { name: 'signin' }
  if (path === '/my-account') return { name: 'my-account' }
  const challenge = /^\/challenge\/([^/]+)$/.exec(path)
  if (challenge) return { name: 'challenge', identifier: challenge[1]! }
  const reward = /^\/reward\/([^/]+)$/.exec(path)
  if (reward) return { name: 'reward', id: reward[1]! }
  const fairness = /^\/sweepstakes\/(\d+)\/fairness$/.exec(path)
  if (fairness) return { name: 'fairness', id: fairness[1]! }
  if (path === '/my-offers') return { name: 'my-offers' }
  if (path === '/photos') return { name: 'photos' }
  if (path === '/partner') return { name: 'partner' }
  const merchant = /^\/my-offers\/([^/]+)$/.exec(path)
  if (merchant) return { name: 'merchant', slug: merchant[1]! }
  const slug = path.slice(1)
  const page = pages.find((p) => p.slug === slug)
  return page ? { name: 'page', page } : { name: 'not-found' }
}
