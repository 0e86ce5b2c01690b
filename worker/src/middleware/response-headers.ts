import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { API_DOCS_CSP, API_DOCS_PATH } from '../features/api-v1/api-docs-csp'

/**
 * The security headers of every answer: the values hono/secure-headers sends by default (X-Frame-Options
 * off, Cross-Origin-Resource-Policy cross-origin: CSP frame-ancestors decides who may frame a page) and
 * the app's Content-Security-Policy. worker/test/response-headers.test.ts checks them against
 * hono/secure-headers with the same options.
 */
/** One year, sub-domains included (OWASP HSTS cheat sheet; ASVS 5.0 3.4.1). */
export const HSTS = 'max-age=31536000; includeSubDomains'

const FIXED: [string, string][] = [
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', HSTS],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Fonts are served from the product's own origin (sdk/contract/fonts.ts): no third-party font CDN.
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'https:', 'blob:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'https://challenges.cloudflare.com', 'https:'],
  /**
   * Replaced per request: c.var.frameAncestors on embeddable pages (the program's partner list); the
   * console host on the participant site (the branding preview frames it); 'none' on the console.
   */
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)
const csp = (frameAncestors: string) =>
  Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${kebab(name)} ${name === 'frameAncestors' ? frameAncestors : values.join(' ')}`)
    .join('; ')
const DEFAULT_CSP = csp("'self'")
const CONSOLE_CSP = csp("'none'")
const siteCsps = new WeakMap<object, string>()

/**
 * The JSON API's answers (the participant API, offers, payments) are never rendered as documents: they
 * carry what protects an API answer (OWASP REST Security Cheat Sheet: nosniff, HSTS, a policy that
 * allows nothing and no framing), not the document headers above, which only cost bytes on the calls
 * a page makes most (bench/api.ts). Their CORP stays cross-origin for partner pages.
 */
const API_FIXED: [string, string][] = [
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', HSTS],
  ['X-Content-Type-Options', 'nosniff'],
]
const API_CSP = "default-src 'none'; frame-ancestors 'none'"
/**
 * Uploaded files (/media/) get these too: an image never needs more, and must never run as a page. So do
 * the visit beacons (/ahoy/) and the web app manifest, which a page fetches on every first load: the
 * document set was most of their bytes (issue 29).
 */
const API_PATH = /^\/(public|participants|offers|payments|media|api|ahoy)\/|^\/manifest\.webmanifest$/

/** Whether a path is the JSON API's (API_FIXED), from the request path. */
export const isApiPath = (path: string) => API_PATH.test(path) && path !== API_DOCS_PATH

/**
 * The Content-Security-Policy for a request: the console may not be framed at all; embeddable pages by
 * their program's partners (c.var.frameAncestors); the participant site by itself and the console's
 * host (configured, production) only.
 */
export const cspFor = (c: Context<AppEnv>) => {
  if (c.req.path === '/admin/v2' || c.req.path.startsWith('/admin/v2/')) return CONSOLE_CSP
  if (c.req.path === API_DOCS_PATH) return API_DOCS_CSP
  const ancestors = c.get('frameAncestors')
  if (ancestors) return csp(ancestors)
  const config = c.get('deps')?.config
  if (!config?.adminHost) return DEFAULT_CSP
  let site = siteCsps.get(config)
  if (!site) siteCsps.set(config, (site = csp(`'self' https://${config.adminHost}`)))
  return site
}

const REQUEST_ID = /^[\w\-=]{1,255}$/

/** The caller's X-Request-Id when it is a plain token, else a new UUID (as hono/request-id). */
export const requestIdFrom = (incoming: string | null | undefined) => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID())

export type NodeOutgoing = { setHeader(name: string, value: string): unknown; headersSent: boolean }

/** Sets the request id and the security headers (a document's, or the API's) through `set`. */
export function setResponseHeaders(set: (name: string, value: string) => unknown, requestId: string, contentSecurityPolicy: string | 'api' = DEFAULT_CSP) {
  set('X-Request-Id', requestId)
  const api = contentSecurityPolicy === 'api'
  for (const [name, value] of api ? API_FIXED : FIXED) set(name, value)
  set('Content-Security-Policy', api ? API_CSP : contentSecurityPolicy)
}

/**
 * The request id and the security headers of every answer, added after the handlers, so an answer
 * from the public cache or the error handler gets them too. Under @hono/node-server they go on the
 * Node response, which merges them in when it writes the answer: setting them on the Response would
 * turn its plain header object into a Headers instance and send it down the slow path (bench/api.ts:
 * ~10 µs of a ~30 µs public read). Elsewhere (Workers, app.request in tests) they are set on the
 * Response, replacing a handler's value as hono/secure-headers does; under Node a handler's own value
 * for one of these names is kept (none sets one that differs).
 */
export const responseHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('requestId', requestIdFrom(c.req.header('x-request-id')))
  await next()
  const outgoing = (c.env as { outgoing?: NodeOutgoing } | undefined)?.outgoing
  const set =
    outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent
      ? (name: string, value: string) => outgoing.setHeader(name, value)
      : (name: string, value: string) => c.res.headers.set(name, value)
  setResponseHeaders(set, c.get('requestId'), isApiPath(c.req.path) ? 'api' : cspFor(c))
}
