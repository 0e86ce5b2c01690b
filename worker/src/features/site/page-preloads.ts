import { headingFontFace } from '../../../../sdk/contract/fonts'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { matchSiteRoute, type SiteChunks, type SiteRoute } from '../../../../sdk/contract/site-routes'
import { escapeHtml } from '../../lib/html'

/**
 * The screens that show the program's hero image (its header background): the home page, the sign-in
 * page's backdrop, and the challenge and reward pages, drawn over the home page (signed out, a challenge
 * goes to sign-in). The account, photo and partner pages send a signed-out visitor to sign-in.
 */
const HERO_SCREENS = new Set<SiteRoute['name']>(['home', 'signin', 'challenge', 'reward'])
const SIGNED_IN_SCREENS = new Set<SiteRoute['name']>(['my-account', 'photos', 'partner'])

/** One file a page paints first: preloaded from its `<link rel="preload">` tag and its `Link` header. */
export type Preload = { href: string; as: 'image' | 'font' }

/**
 * What a site page paints first but names only in its script: the page is drawn by the script, so
 * without preloads the browser learns of the hero image (the largest paint of most pages) and of the
 * program's font files only once the script has run (decision 0036).
 * @example pagePreloads(program, '/', false)
 * // [{ href: '/brand/hero.svg', as: 'image' }, { href: '/assets/fonts/poppins-latin-700-normal.woff2', as: 'font' }, { href: '/assets/fonts/inter-latin-wght-normal.woff2', as: 'font' }]
 */
export function pagePreloads(program: PublicProgram, pathname: string, signedIn: boolean): Preload[] {
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
    ...(hero && showsHero && /^(\/(?!\/)|https:\/\/)/.test(hero) ? [{ href: hero, as: 'image' as const }] : []),
    ...fonts.map((f) => ({ href: f.url, as: 'font' as const })),
  ]
}

/**
 * The preloads as tags for the page's head.
 * @example preloadTags([{ href: '/brand/hero.svg', as: 'image' }])
 * // '<link rel="preload" as="image" href="/brand/hero.svg" fetchpriority="high">'
 */
export const preloadTags = (preloads: Preload[]): string =>
  preloads
    .map((p) =>
      p.as === 'image'
        ? `<link rel="preload" as="image" href="${escapeHtml(p.href)}" fetchpriority="high">`
        : `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(p.href)}" crossorigin>`,
    )
    .join('')

/**
 * The same preloads as the answer's `Link` header (RFC 8288), or null when there are none: a browser
 * starts them as the answer's headers arrive, before the page's bytes, and Cloudflare sends a `Link`
 * header's preloads as 103 Early Hints where the zone has them on. A URL that a header could not carry
 * as is (spaces, quotes, angle brackets, commas, non-ASCII) stays in the tags only.
 * @example preloadLinkHeader([{ href: '/brand/hero.svg', as: 'image' }])
 * // '</brand/hero.svg>; rel=preload; as=image; fetchpriority=high'
 */
export function preloadLinkHeader(preloads: Preload[]): string | null {
  const values = preloads
    .filter((p) => /^[\x21-\x7e]+$/.test(p.href) && !/[<>"',;\\]/.test(p.href))
    .map((p) =>
      p.as === 'image'
        ? `<${p.href}>; rel=preload; as=image; fetchpriority=high`
        : `<${p.href}>; rel=preload; as=font; type="font/woff2"; crossorigin`,
    )
  return values.length ? values.join(', ') : null
}

/**
 * The tags that preload a participant page's lazy chunks (PARTICIPANT_PAGE_CHUNKS), from the build's
 * /site-chunks.json: styles, then scripts, each file once. With `crossorigin`, as the site's own
 * script and Vite's loader fetch them, so the loader finds each one already on its way.
 * @example chunkPreloadTags(list, ['participant-home'])
 * // '<link rel="preload" as="style" href="/assets/participant-home-B1.css" crossorigin><link rel="modulepreload" href="/assets/participant-home-C2.js" crossorigin>'
 */
export function chunkPreloadTags(list: SiteChunks, names: readonly string[]): string {
  const css = new Set<string>()
  const js = new Set<string>()
  for (const name of names) {
    const chunk = list.chunks[name]
    if (!chunk) continue
    for (const f of chunk.css) css.add(f)
    for (const f of chunk.js) js.add(f)
  }
  return (
    [...css].map((f) => `<link rel="preload" as="style" href="${escapeHtml(f)}" crossorigin>`).join('') +
    [...js].map((f) => `<link rel="modulepreload" href="${escapeHtml(f)}" crossorigin>`).join('')
  )
}

let kept: SiteChunks | null = null

/**
 * The build's /site-chunks.json for a page whose built HTML is `html`, or null without one: read
 * once per build (kept while the page's script is the entry it names).
 */
export async function readSiteChunks(assets: { fetch(request: Request): Promise<Response> }, url: string, html: string): Promise<SiteChunks | null> {
  const current = (list: SiteChunks | null) => (list && html.includes(`src="${list.entry}"`) ? list : null)
  if (current(kept)) return kept
  const res = await assets.fetch(new Request(new URL('/site-chunks.json', url)))
  if (!res.ok) {
    await res.body?.cancel()
    return null
  }
  kept = (await res.json()) as SiteChunks
  return current(kept)
}
