import { eq } from 'drizzle-orm'
import { domainLists } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contentKey } from './content-version'
import { hostnameOf } from './programs'

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Host names in the program's domain list (its own domains and its partners'). */
export function programHosts(deps: Deps, programId: number): Promise<string[]> {
  return appCache<string[]>(deps, 'program-hosts').get(contentKey(deps, programId), async () => {
    const rows = await programScope(deps.db, programId).select(domainLists)
    return rows.map((r) => r.domain.toLowerCase())
  })
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
  return (await programHosts(deps, programId)).includes(host)
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
  return appCache<boolean>(deps, 'listed-hosts').get(host, async () => {
    const rows = await deps.db.select({ id: domainLists.id }).from(domainLists).where(eq(domainLists.domain, host)).limit(1) // tenant-guard: allow (preflights name no program)
    return rows.length > 0
  })
}

/**
 * After a write to any domain list (the console's domain-list screen): the answers kept by host alone
 * (preflights' any-program check) are dropped in this process; program hosts are keyed by the content
 * version, which the write moved on.
 */
export function domainListsChanged(deps: Deps) {
  appCache<boolean>(deps, 'listed-hosts').clear()
}

/** CSP frame-ancestors sources for the program's embeddable pages. */
export async function frameAncestors(deps: Deps, programId: number): Promise<string[]> {
  const hosts = await programHosts(deps, programId)
  const sources = ["'self'", ...hosts.flatMap((h) => [`https://${h}`, `https://${h}:*`, `http://${h}:*`])]
  if (deps.config.environment !== 'production') sources.push('http://localhost:*', 'http://127.0.0.1:*')
  return sources
}
