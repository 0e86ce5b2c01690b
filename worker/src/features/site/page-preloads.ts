import { headingFontFace } from '../../../../sdk/contract/fonts'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { matchSiteRoute, type SiteRoute } from '../../../../sdk/contract/site-routes'
import { escapeHtml } from '../../lib/html'

/**
 * The screens that show the program's hero image (its header background): the home page, the sign-in
 * page's backdrop, and the challenge and reward pages, drawn over the home page (signed out, a challenge
 * goes to sign-in). The account, photo and partner pages send a signed-out visitor to sign-in.
 */
const HERO_SCREENS = new Set<SiteRoute['name']>(['home', 'signin', 'challenge', 'reward'])
const SIGNED_IN_SCREENS = new Set<SiteRoute['name']>(['my-account', 'photos', 'partner'])

/**
 * `<link rel="preload">` tags for what a site page paints first but names only in its script: the
 * page is drawn by the script, so without them the browser learns of the hero image (the largest
 * paint of most pages) and of the program's font files only once the script has run (decision 0036).
 * @example pagePreloads(program, '/', false)
 * // '<link rel="preload" as="image" href="/brand/hero.svg" fetchpriority="high"><link rel="preload" as="font" type="font/woff2" href="/assets/fonts/poppins-latin-700-normal.woff2" crossorigin><link rel="preload" as="font" ... inter-latin-wght-normal.woff2 ...>'
 */
export function pagePreloads(program: PublicProgram, pathname: string, signedIn: boolean): string {
  const screen = matchSiteRoute(pathname, program.published_program_pages).name
  const hero = program.program_template_detail.header_background_image
  const showsHero = HERO_SCREENS.has(screen) || (!signedIn && SIGNED_IN_SCREENS.has(screen))
  const faces = program.font_faces ?? []
  const heading = headingFontFace(program.program_template_detail.element_css_style, faces)
  // The headings' file first (the largest text), then the text font's: a file that came after the
  // first layout swapped in and laid the whole page out again (a 36 ms task on a desktop, 4x that on
  // Lighthouse's phone: issue 29).
  const fonts = heading ? [heading, ...faces.filter((f) => f.url !== heading.url)] : []
  return [
    hero && showsHero && /^(\/(?!\/)|https:\/\/)/.test(hero) ? `<link rel="preload" as="image" href="${escapeHtml(hero)}" fetchpriority="high">` : '',
    ...fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(f.url)}" crossorigin>`),
  ].join('')
}
