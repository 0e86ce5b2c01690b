import type { PublicProgram } from '../../../../sdk/contract/program'
import { referralInvitation } from '../../../../sdk/contract/referral-invitation'
import type { Referrer } from '../../../../sdk/contract/referrals'
import { fontFaceCss } from '../../../../sdk/contract/fonts'
import { matchSiteRoute, type SiteRoute } from '../../../../sdk/contract/site-routes'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { acceptedTypes } from '../../lib/accept'
import { escapeHtml } from '../../lib/html'
import { findInCatalog, loadChallengeCatalog } from '../challenges/challenge-catalog'
import { effectiveStatus, isVisible } from '../challenges/challenge-status'
import { getPublishedPage } from '../programs/programs'
import { loadRewardCatalog } from '../rewards/reward-catalog'
import { rewardStatus } from '../rewards/rewards-state'

/**
 * Whether a request gets a page rather than JSON: every Accept but one that names JSON types only
 * (`application/json`, `application/problem+json`). No Accept, curl's `*\/*`, a browser's and the
 * link-preview bots' (Slackbot, facebookexternalhit, Twitterbot, WhatsApp, Googlebot) all get HTML.
 */
export function acceptsHtml(accept: string | undefined | null): boolean {
  const types = acceptedTypes(accept)
  return types.length === 0 || !types.every((t) => t === 'application/json' || t.endsWith('+json'))
}

/** What a page's share preview says (title, description, image, canonical path), and its status. */
export type SharePreview = {
  status: 200 | 404
  title: string
  description: string
  /** An absolute URL or a path on the site; null for none. */
  image: string | null
  /** The page's own path, without query: the canonical URL and og:url. */
  path: string
  type: 'website' | 'article'
  noindex: boolean
}

const MAX_DESCRIPTION = 200

/** Plain text from stored rich text: tags dropped, entities of the editor decoded, spaces folded, cut at a word. */
export function plainText(value: string | null | undefined, max = MAX_DESCRIPTION): string {
  const text = String(value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`
}

const titled = (name: string, program: PublicProgram) => `${name} | ${program.name}`

/** The program's own words: its header description, else what the site is for. */
function programDescription(program: PublicProgram): string {
  return (
    plainText(program.program_template_detail.header_description) ||
    `Complete challenges, earn ${program.term_points_as} and claim ${program.term_rewards_as} with ${program.name}.`
  )
}

const programImage = (program: PublicProgram) =>
  program.program_template_detail.header_background_image ?? program.program_template_detail.header_logo ?? null

const SCREEN_TITLES: Partial<Record<SiteRoute['name'], string>> = {
  'my-account': 'My account',
  'my-offers': 'Offers near you',
  photos: 'Photos',
  signin: 'Sign in',
}

/**
 * The share preview of a site path, from the cached program and, for an item page, one read (the
 * cached challenge and reward catalogs, a published page, a merchant). Signed-out visibility decides:
 * a preview never shows what a visitor could not open. An unknown path or item is a 404.
 */
export async function sharePreview(
  deps: Deps,
  row: ProgramRow,
  program: PublicProgram,
  pathname: string,
  query: { referral_code?: string | undefined; referrer?: Referrer | null },
): Promise<SharePreview> {
  const route = matchSiteRoute(pathname, program.published_program_pages)
  // The program's SEO settings (console settings/seo) take precedence for its home and its default image.
  const seo = row.seo ?? {}
  const base = { status: 200 as const, image: seo.image || programImage(program), type: 'website' as const, noindex: false }
  const home: SharePreview = {
    ...base,
    title: seo.title || (program.program_template_detail.header_text ? titled(plainText(program.program_template_detail.header_text, 80), program) : program.name),
    description: seo.description ? plainText(seo.description) : programDescription(program),
    path: '/',
  }
  const notFound: SharePreview = { ...home, status: 404, title: titled('Page not found', program), path: pathname, noindex: true }
  const now = deps.clock.now()
  switch (route.name) {
    case 'home':
      return home
    case 'challenge': {
      const challenge = findInCatalog(await loadChallengeCatalog(deps, row.id), route.identifier)
      if (!challenge || !isVisible(challenge)) return notFound
      const path = `/challenge/${encodeURIComponent(challenge.identifier)}`
      const open = effectiveStatus(challenge, now) === 'active'
      return {
        ...base,
        type: 'article',
        title: titled(challenge.name, program),
        description: plainText(challenge.description) || plainText(challenge.caption) || programDescription(program),
        image: challenge.image ?? base.image,
        path,
        noindex: !open,
      }
    }
    case 'reward': {
      const id = /^\d+$/.test(route.id) ? Number(route.id) : Number.NaN
      const reward = (await loadRewardCatalog(deps, row.id)).byId.get(id)
      if (!reward) return notFound
      const path = `/reward/${reward.id}`
      // Only featured, active rewards are shown to visitors; others keep the program's preview.
      if (!reward.featured || rewardStatus(reward, now) !== 'active') return { ...home, title: titled(program.term_rewards_as, program), path, noindex: true }
      return {
        ...base,
        type: 'article',
        title: titled(reward.name, program),
        description: plainText(reward.description) || programDescription(program),
        image: reward.image ?? base.image,
        path,
      }
    }
    case 'fairness': {
      // A sweepstake's draw fairness page: public for a published sweepstake visitors may see.
      const reward = (await loadRewardCatalog(deps, row.id)).byId.get(Number(route.id))
      if (!reward || reward.selection !== 'sweepstake' || !reward.featured) return notFound
      return { ...home, title: titled(`${reward.name}: draw fairness`, program), path: `/sweepstakes/${reward.id}/fairness`, noindex: true }
    }
    case 'merchant': {
      if (!program.features.offers_reward) return notFound
      const merchant = await deps.offers.findMerchant({ slug: route.slug, origin: null })
      if (!merchant) return notFound
      const offer = merchant.offers[0]
      return {
        ...base,
        type: 'article',
        title: titled(merchant.merchantName, program),
        description: plainText(merchant.stubCopy) || plainText(offer?.offerTextShort) || programDescription(program),
        image: merchant.logoPath ?? base.image,
        path: `/my-offers/${encodeURIComponent(merchant.slug)}`,
      }
    }
    case 'page': {
      const page = await getPublishedPage(deps.db, row.id, route.page.slug)
      if (!page) return notFound
      return {
        ...base,
        type: 'article',
        title: titled(page.title, program),
        description: plainText(page.body) || programDescription(program),
        path: `/${encodeURIComponent(page.slug)}`,
      }
    }
    case 'signin': {
      if (query.referral_code) {
        // 'Ada invited you: join and get 100 points', the landing's own words, when the code is known.
        const bonus = program.signup_challenge?.points ?? 0
        const { referrer } = query
        const lead = referrer
          ? `${referralInvitation(referrer.first_name, program.name, bonus, program.term_points_as)}. `
          : bonus
            ? `Join ${program.name} and get ${bonus} ${program.term_points_as}. `
            : `Join ${program.name}. `
        return {
          ...base,
          // Without a bonus the shared wording is the title itself: 'Ada invited you to join {program}'.
          title: referrer ? referralInvitation(referrer.first_name, program.name, 0, program.term_points_as) : `You're invited to join ${program.name}`,
          description: `${lead}${programDescription(program)}`,
          path: '/signin',
          noindex: true,
        }
      }
      return { ...home, title: titled('Sign in', program), path: '/signin' }
    }
    case 'my-offers':
      if (!program.features.offers_reward) return notFound
      return { ...home, title: titled(SCREEN_TITLES['my-offers']!, program), path: '/my-offers' }
    case 'partner':
      if (!program.partner_config) return notFound
      return { ...home, title: titled(program.partner_config.title, program), path: '/partner' }
    case 'my-account':
    case 'photos':
      return { ...home, title: titled(SCREEN_TITLES[route.name]!, program), path: `/${route.name}`, noindex: true }
    case 'not-found':
      return notFound
  }
}

/** An absolute URL on the configured site origin (never the request's host) for a path or URL. */
export function absoluteUrl(origin: string, value: string | null | undefined): string | null {
  if (!value) return null
  if (/^https:\/\//i.test(value) || /^http:\/\//i.test(value)) return value
  if (value.startsWith('/') && !value.startsWith('//')) return `${origin}${value}`
  return null
}

const ICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg' }
const extension = (url: string) => /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''

/** The default icons shipped in widgets/public. */
export const DEFAULT_ICON = '/favicon.svg'
export const DEFAULT_TOUCH_ICON = '/apple-touch-icon.png'
export const DEFAULT_LARGE_ICON = '/icon-512.png'

/** The program's icons: its favicon, else the default; a PNG of its own for home screens, else the default. */
export function programIcons(program: PublicProgram) {
  const own = program.program_template_detail.favicon_file
  const icon = own && ICON_TYPES[extension(own)] ? own : DEFAULT_ICON
  const touch = own && extension(own) === 'png' ? own : DEFAULT_TOUCH_ICON
  return { icon, iconType: ICON_TYPES[extension(icon)]!, touch }
}

/** The program's theme colour (header, else primary), when it is a plain CSS colour. */
export function themeColor(program: PublicProgram, key: 'perk-header-color' | 'perk-body-background' = 'perk-header-color'): string | null {
  const style = program.program_template_detail.element_css_style
  const value = (style[key] ?? (key === 'perk-header-color' ? style['perk-primary'] : undefined))?.trim()
  return value && /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%/]+\))$/i.test(value) ? value : null
}

/**
 * The `@font-face` rules of the program's curated fonts and their fallbacks (its `font_faces` and
 * `font_fallbacks`), as a `<style>` (empty when it uses none).
 */
export function fontFaceStyle(program: PublicProgram): string {
  const css = fontFaceCss(program)
  return css ? `<style id="tessera-fonts">${css}</style>` : ''
}

/**
 * The program's branding as the page's own style (`:root`: its CSS variables and colour scheme, the
 * declarations widgets get as their host style), so the first paint has the program's colours and
 * fonts without the site's script computing them (issue 29). The declarations hold no `<`, braces or
 * semicolons of their own (contract/branding.ts cssVariableValue).
 */
export function brandingStyle(program: PublicProgram): string {
  return program.widget_host_style ? `<style id="tessera-branding">:root{${program.widget_host_style}}</style>` : ''
}

/** Every head tag of a site page: title, description, canonical, Open Graph, Twitter card, icons, manifest, fonts, branding. */
export function previewHead(preview: SharePreview, program: PublicProgram, origin: string): string {
  const url = `${origin}${preview.path}`
  const image = absoluteUrl(origin, preview.image)
  const { icon, iconType, touch } = programIcons(program)
  const theme = themeColor(program)
  const e = escapeHtml
  const tags = [
    `<title>${e(preview.title)}</title>`,
    `<meta name="description" content="${e(preview.description)}">`,
    preview.noindex ? `<meta name="robots" content="noindex">` : `<link rel="canonical" href="${e(url)}">`,
    `<meta property="og:site_name" content="${e(program.name)}">`,
    `<meta property="og:type" content="${preview.type}">`,
    `<meta property="og:title" content="${e(preview.title)}">`,
    `<meta property="og:description" content="${e(preview.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    image ? `<meta property="og:image" content="${e(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(preview.title)}">`,
    `<meta name="twitter:description" content="${e(preview.description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : '',
    `<link rel="icon" type="${iconType}" href="${e(icon)}">`,
    `<link rel="apple-touch-icon" href="${e(touch)}">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    theme ? `<meta name="theme-color" content="${e(theme)}">` : '',
    fontFaceStyle(program),
  ]
  return tags.filter(Boolean).join('')
}

/** The web app manifest of the program's site. */
export function webManifest(program: PublicProgram) {
  const { icon, iconType, touch } = programIcons(program)
  const icons = [
    { src: icon, type: iconType, sizes: iconType === 'image/svg+xml' ? 'any' : '192x192' },
    ...(touch === DEFAULT_TOUCH_ICON ? [{ src: DEFAULT_TOUCH_ICON, type: 'image/png', sizes: '180x180' }, { src: DEFAULT_LARGE_ICON, type: 'image/png', sizes: '512x512' }] : [{ src: touch, type: 'image/png', sizes: '180x180' }]),
  ]
  return {
    name: program.name,
    short_name: program.name.length > 12 ? program.name.split(/\s+/)[0]!.slice(0, 12) : program.name,
    description: programDescription(program),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    icons,
    theme_color: themeColor(program) ?? '#4f46e5',
    background_color: themeColor(program, 'perk-body-background') ?? '#ffffff',
  }
}

const xml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)

/** The program's public pages: home, open challenges, featured active rewards, published pages. */
export async function sitemapXml(deps: Deps, row: ProgramRow, program: PublicProgram, origin: string): Promise<string> {
  const now = deps.clock.now()
  const [challenges, rewards] = await Promise.all([loadChallengeCatalog(deps, row.id), loadRewardCatalog(deps, row.id)])
  const paths = [
    '/',
    ...challenges.list.filter((c) => isVisible(c) && c.challengeType !== 'signup' && effectiveStatus(c, now) === 'active').map((c) => `/challenge/${encodeURIComponent(c.identifier)}`),
    ...rewards.list.filter((r) => r.featured && rewardStatus(r, now) === 'active').map((r) => `/reward/${r.id}`),
    ...program.published_program_pages.map((p) => `/${encodeURIComponent(p.slug)}`),
  ]
  const urls = paths.map((p) => `<url><loc>${xml(`${origin}${p}`)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** robots.txt: the public pages are crawlable; the account, embeds and the console are not. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /my-account', 'Disallow: /embed/', 'Disallow: /admin/', 'Disallow: /signin/magic', 'Disallow: /_dev/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}
