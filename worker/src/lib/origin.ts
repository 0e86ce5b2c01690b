import { asc, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { domainLists } from '../db/schema'
import { programScope } from '../db/scope'
import type { Config, Deps } from '../deps'
import type { AppEnv, ProgramRow } from '../env'
import { contentKey } from '../features/programs/content-version'
import { appCache } from './cache'
import { fromTrustedProxy } from './client-ip'

/**
 * Absolute URLs (mailed links, payment return URLs, vouchers) come from configuration, never from the
 * request: a forged Host or X-Forwarded-Host would otherwise deliver a sign-in token to its author.
 * A program's site is its first `perk_domain`, else `{subdomain}.{BASE_DOMAIN}`, over https; in
 * development and tests every link points at the configured local origin (LOCAL_ORIGIN).
 */
export function programSiteOrigin(deps: Deps, program: Pick<ProgramRow, 'id' | 'subdomain'>): Promise<string> {
  const { config } = deps
  if (config.environment !== 'production') return Promise.resolve(config.localOrigin)
  // Keyed by the content version (a domain list write moves it): another process's change counts once seen.
  return appCache<string>(deps, 'program-site-origin').get(contentKey(deps, program.id), async () => {
    const own = await programScope(deps.db, program.id)
      .select(domainLists, eq(domainLists.domainType, 'perk_domain'))
      .orderBy(asc(domainLists.id))
      .limit(1)
    const host = own[0]?.domain.toLowerCase() ?? `${program.subdomain}.${config.baseDomain}`
    return `https://${host}`
  })
}

/** After a program's custom domains change: its site origin is read again (programSiteOrigin). */
export function siteOriginsChanged(deps: Deps) {
  appCache<string>(deps, 'program-site-origin').clear()
}

/** The console's origin: https://ADMIN_HOST in production, the local origin elsewhere. */
export function consoleOrigin(config: Config): string {
  return config.adminHost ? `https://${config.adminHost}` : config.localOrigin
}

/**
 * The origin the browser used, for same-origin comparisons only (CORS): never for building a URL.
 * X-Forwarded-Proto/Host count only from a configured proxy (TRUSTED_PROXIES, Node entry).
 */
export function requestOrigin(c: Context<AppEnv>): string {
  return originOf(c.req.url, (name) => c.req.header(name), fromTrustedProxy(c))
}

/** requestOrigin from a URL and a header reader (outside a Hono context). */
export function originOf(url: string, header: (name: string) => string | null | undefined, trustForwarded = false): string {
  const proto = (trustForwarded && header('x-forwarded-proto')) || url.slice(0, url.indexOf(':'))
  const host = (trustForwarded && header('x-forwarded-host')) || header('host') || new URL(url).host
  return `${proto}://${host}`
}


/** The configured origin of the request's program site (see programSiteOrigin). */
export const siteOriginFor = (c: Context<AppEnv>) => programSiteOrigin(c.get('deps'), c.get('program'))
