import { and, asc, eq } from 'drizzle-orm'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { Db } from '../../db/client'
import {
  challenges,
  domainLists,
  emailSettings,
  navigationMenus,
  pages,
  programs,
  programTemplateDetails,
} from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Config, Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contentKey, contentVersion } from './content-version'
import type { ProgramRow } from '../../env'
import { programCustomCss } from '../branding/program-css'
import { widgetHostStyle } from '../../../../sdk/contract/branding'
import { programFonts } from '../../../../sdk/contract/fonts'
import { readParticipantIntegrations } from '../integrations/settings'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function hostnameOf(host: string | undefined): string {
  if (!host) return ''
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  return h.split(':')[0]!
}

/**
 * A host of the platform itself: `{subdomain}.{baseDomain}` and the base domain (a custom domain may
 * not be under it: features/domains), or, outside production, a local host. Every other host names
 * its program through a domain list.
 */
export function isPlatformHost(config: Pick<Config, 'baseDomain' | 'environment'>, hostname: string): boolean {
  const base = config.baseDomain.toLowerCase()
  if (hostname === base || hostname.endsWith(`.${base}`)) return true
  return config.environment !== 'production' && LOCAL_HOSTS.has(hostname)
}

/**
 * Finds the program a request is for: an explicit public key (widgets, SDK) wins; else the host name
 * (`{subdomain}.{baseDomain}` or a domain in a program's domain list); in development and tests the
 * demo program also answers on localhost.
 */
export async function resolveProgram(
  db: Db,
  config: Config,
  input: { publicKey?: string | undefined; host?: string | undefined },
): Promise<ProgramRow | undefined> {
  if (input.publicKey) {
    return (await db.select().from(programs).where(eq(programs.publicKey, input.publicKey)).limit(1))[0]
  }
  const hostname = hostnameOf(input.host)
  const base = config.baseDomain.toLowerCase()
  if (hostname.endsWith(`.${base}`)) {
    const subdomain = hostname.slice(0, -(base.length + 1))
    const row = (await db.select().from(programs).where(eq(programs.subdomain, subdomain)).limit(1))[0]
    if (row) return row
  }
  if (hostname) {
    const row = (
      await db
        .select({ program: programs })
        .from(domainLists) // tenant-guard: allow (a domain names its program; lookup precedes scoping)
        .innerJoin(programs, eq(programs.id, domainLists.programId))
        .where(and(eq(domainLists.domain, hostname), eq(domainLists.domainType, 'perk_domain')))
        .limit(1)
    )[0]
    if (row) return row.program
  }
  if (config.environment !== 'production' && LOCAL_HOSTS.has(hostname)) {
    return (await db.select().from(programs).where(eq(programs.publicKey, config.devProgramKey)).limit(1))[0]
  }
  return undefined
}

/** The program entity of participant-site.md section 3, as any client needs it to render the site. */
export async function getPublicProgram(db: Db, program: ProgramRow): Promise<PublicProgram> {
  const scope = programScope(db, program.id)
  const [template, published, menus, settings, signup, unlocking, integrations] = await Promise.all([
    scope.first(programTemplateDetails),
    scope.select(pages, eq(pages.status, 'published')).orderBy(asc(pages.title)),
    scope.select(navigationMenus).orderBy(asc(navigationMenus.position)),
    scope.select(emailSettings).orderBy(asc(emailSettings.position)),
    scope.first(challenges, and(eq(challenges.challengeType, 'signup'), eq(challenges.status, 'active'))),
    scope.select(challenges, and(eq(challenges.challengeType, 'membership'), eq(challenges.status, 'active'), eq(challenges.approved, true))).orderBy(asc(challenges.position)),
    readParticipantIntegrations(db, program.id),
  ])
  const t = template
  return {
    id: program.id,
    name: program.name,
    public_key: program.publicKey,
    term_points_as: program.termPointsAs,
    term_rewards_as: program.termRewardsAs,
    features: program.features,
    override_enrollment: program.overrideEnrollment,
    program_custom_signin_url: program.programCustomSigninUrl,
    signup_challenge: signup ? { points: signup.points } : null,
    published_program_pages: published.map((p) => ({ id: p.id, slug: p.slug, title: p.title })),
    navigation_menus: menus.map((m) => ({
      id: m.id,
      name: m.name,
      navigation_url: m.navigationUrl,
      show_in_tab: m.showInTab,
      show_on_logout: m.showOnLogout,
    })),
    email_settings: settings.map((s) => ({ id: s.id, description: s.description })),
    program_template_detail: {
      header_text: t?.headerText ?? null,
      header_description: t?.headerDescription ?? null,
      header_background_image: t?.headerBackgroundImage ?? null,
      header_logo: t?.headerLogo ?? null,
      footer_logo: t?.footerLogo ?? null,
      favicon_file: t?.faviconFile ?? null,
      element_css_style: t?.elementCssStyle ?? {},
    },
    earn_points_icon: program.earnPointsIcon,
    current_rewards_icon: program.currentRewardsIcon,
    my_rewards_icon: program.myRewardsIcon,
    prizes_title: program.prizesTitle,
    my_account_title: program.myAccountTitle,
    membership_challenge: unlocking[0] ? { id: unlocking[0].id } : null,
    challenges_with_offer_rewards: unlocking.map((c) => ({ id: c.id, identifier: c.identifier, caption: c.caption, challenge_type: c.challengeType, image: c.image, icon: c.icon })),
    partner_config: program.partnerConfig?.iframe_url ? { iframe_url: program.partnerConfig.iframe_url, title: program.partnerConfig.title ?? program.name } : null,
    turnstile_site_key: program.turnstileSiteKey,
    support_email: program.supportEmail,
    terms: program.terms,
    seo_title: program.seo?.title ?? null,
    ...programCustomCss(program.css),
    widget_host_style: widgetHostStyle(t?.elementCssStyle),
    ...programFonts(t?.elementCssStyle),
    social_network_pages: integrations.socialPages,
    photo_contest: integrations.photoContest ? { external_program_id: integrations.photoContest.externalProgramId } : null,
  }
}

/**
 * getPublicProgram through the app cache (config.cacheTtlMs), by content version: the site chrome is
 * read on every page.
 */
export function cachedPublicProgram(deps: Deps, program: ProgramRow): Promise<PublicProgram> {
  // A row older than the newest this process has seen is not cached under the newer version.
  if (program.contentVersion < contentVersion(deps, program.id)) return getPublicProgram(deps.db, program)
  return appCache<PublicProgram>(deps, 'public-program').get(contentKey(deps, program.id), () => getPublicProgram(deps.db, program))
}

/** A published page with its body, or undefined. */
export async function getPublishedPage(db: Db, programId: number, slug: string) {
  const page = await programScope(db, programId).first(pages, and(eq(pages.slug, slug), eq(pages.status, 'published')))
  return page ? { id: page.id, slug: page.slug, title: page.title, body: page.body } : undefined
}
