import { eq } from 'drizzle-orm'
import { domainLists } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Config, Deps } from '../../deps'
import { hostnameOf, isPlatformHost } from './programs'

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Domain lists are read where they matter, on every request, never kept by a process: a domain added
 * or removed in the console counts everywhere on the next request (program resolution by custom host,
 * CORS, frame-ancestors, sign-in return hosts), whichever isolate or process saved it. Each read is
 * one indexed statement, made only by requests that depend on the lists (see domainDependence):
 * requests on the platform's own hosts, same-origin, cost nothing more.
 */

/** Host names in the program's domain list (its own domains and its partners'), read now. */
export async function programHosts(deps: Deps, programId: number): Promise<string[]> {
  const rows = await programScope(deps.db, programId).select(domainLists)
  return rows.map((r) => r.domain.toLowerCase())
}

/**
 * How a request's answer depends on the domain lists: 'origin' for a cross-origin caller that is not
 * local development (its CORS answer follows the program's list), 'host' for a host that is not the
 * platform's own (a custom domain names its program), null otherwise. Answers that depend on them are
 * not kept by host or origin (middleware/public-cache.ts); the program of a custom host is looked up
 * on every request (middleware/program.ts).
 */
export function domainDependence(config: Config, host: string | undefined, origin: string | undefined): 'origin' | 'host' | null {
  const hostname = hostnameOf(host)
  if (origin && origin !== 'null') {
    let from: string | undefined
    try {
      from = hostnameOf(new URL(origin).host)
    } catch {
      return 'origin'
    }
    if (from !== hostname && !(config.environment !== 'production' && LOCAL.has(from))) return 'origin'
  }
  return isPlatformHost(config, hostname) ? null : 'host'
}

/**
 * Whether a cross-origin page may call the program's API with a participant token and frame its
 * widgets: its host must be in the program's domain list. In development and tests, pages on localhost
 * (any port) may too, so partner pages can be tried locally.
 */
export async function isAllowedOrigin(deps: Deps, programId: number, origin: string): Promise<boolean> {
  let host: string
  try {
    host = hostnameOf(new URL(origin).host)
  } catch {
    return false
  }
  if (deps.config.environment !== 'production' && LOCAL.has(host)) return true
  const listed = await programScope(deps.db, programId).select(domainLists, eq(domainLists.domain, host)).limit(1)
  return listed.length > 0
}

/**
 * The hosts an embedded sign-in may return to after a magic link (the redirect validator's only
 * cross-origin allow-list): the program's domain list, plus localhost outside production as above.
 */
export async function signinReturnHosts(deps: Deps, programId: number): Promise<string[]> {
  const hosts = await programHosts(deps, programId)
  return deps.config.environment !== 'production' ? [...hosts, 'localhost', '127.0.0.1', '[::1]'] : hosts
}

/** Any program lists this host (used for CORS preflights, which do not say which program they are for). */
export async function isListedAnywhere(deps: Deps, origin: string): Promise<boolean> {
  let host: string
  try {
    host = hostnameOf(new URL(origin).host)
  } catch {
    return false
  }
  if (deps.config.environment !== 'production' && LOCAL.has(host)) return true
  const rows = await deps.db.select({ id: domainLists.id }).from(domainLists).where(eq(domainLists.domain, host)).limit(1) // tenant-guard: allow (preflights name no program)
  return rows.length > 0
}

/** CSP frame-ancestors sources for the program's embeddable pages. */
export async function frameAncestors(deps: Deps, programId: number): Promise<string[]> {
  const hosts = await programHosts(deps, programId)
  const sources = ["'self'", ...hosts.flatMap((h) => [`https://${h}`, `https://${h}:*`, `http://${h}:*`])]
  if (deps.config.environment !== 'production') sources.push('http://localhost:*', 'http://127.0.0.1:*')
  return sources
}
