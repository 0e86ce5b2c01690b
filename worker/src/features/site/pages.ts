import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '../../env'
import { setSecureCookie } from '../../lib/cookies'
import { AppError } from '../../lib/errors'
import { escapeHtml, jsonForHtml, simplePage } from '../../lib/html'
import { siteOriginFor } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { ensureCsrfToken } from '../../middleware/csrf'
import { consumeMagicLink, createHandoff, peekMagicLink } from '../signin/participant-signin'
import { signinReturnHosts } from '../programs/partner-origins'
import { participantIntegrations } from '../integrations/settings'
import { safeRedirect } from '../../../../sdk/contract/redirect'
import { cachedPublicProgram } from '../programs/programs'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { customCssStyle } from '../branding/program-css'
import { lookupReferrer } from '../referrals/public'
import { PARTICIPANT_SESSION_TTL_MS, createParticipantSession } from '../signin/sessions'
import { matchSiteRoute, PARTICIPANT_PAGE_CHUNKS, PARTICIPANT_SCREENS, SERVER_PATHS } from '../../../../sdk/contract/site-routes'
import { acceptsHtml, brandingStyle, fontFaceStyle, previewHead, programIcons, robotsTxt, sharePreview, sitemapXml, webManifest } from './share-preview'
import { chunkPreloadTags, pagePreloads, preloadLinkHeader, preloadTags, readSiteChunks } from './page-preloads'
import { participantPrimed, visitorHomePrimed } from './primed'
import { type FirstScreen, type FirstScreenSlide, firstScreenHtml } from './first-screen'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'

/**
 * Serves a built front end's index.html with the CSRF token and bootstrap data injected, so the page
 * needs no extra round trip and no inline script (the bootstrap is a JSON data block). `head` replaces
 * the built page's `<title>` (the share preview, icons and fonts of a site page); `status` is the
 * answer's (404 for an unknown path: the same page, which shows its not-found screen).
 */
export async function serveShell(
  c: Context<AppEnv>,
  shell: 'site' | 'admin' | 'embed',
  bootstrap: unknown,
  opts: { head?: string; status?: 200 | 404; styles?: string; app?: string; chunks?: readonly string[] } = {},
): Promise<Response> {
  const csrf = await ensureCsrfToken(c)
  const path = { site: '/index.html', admin: '/admin/v2/index.html', embed: '/embed.html' }[shell]
  let html: string | undefined
  const assets = c.var.deps.assets
  if (assets) {
    const res = await assets.fetch(new Request(new URL(path, c.req.url)))
    if (res.ok) html = await res.text()
  }
  if (!html) {
    html = simplePage({
      title: 'Tessera',
      body: `<main><h1>Front end not built</h1><p>Run <code>npm run build</code> (npm start does it for you).</p></main>`,
    })
  }
  // A participant page's lazy chunks (PARTICIPANT_PAGE_CHUNKS), preloaded beside the site's script.
  const chunks = opts.chunks?.length && assets && html ? await readSiteChunks(assets, c.req.url, html) : null
  if (chunks) opts = { ...opts, head: (opts.head ?? '') + chunkPreloadTags(chunks, opts.chunks!) }
  if (opts.head) {
    const title = /<title>[^<]*<\/title>/
    html = title.test(html) ? html.replace(title, () => opts.head!) : html.replace('</head>', () => `${opts.head}</head>`)
  }
  // `styles` (the program's custom CSS) last in the head: after the built page's own stylesheets.
  const head = `<meta name="csrf-token" content="${escapeHtml(csrf)}"><script type="application/json" id="tessera-bootstrap">${jsonForHtml(bootstrap)}</script>${opts.styles ?? ''}`
  // `app`: the page's first screen, painted before the script loads, whose first render takes it over (first-screen.ts).
  if (opts.app) html = html.replace('<div id="app"></div>', () => `<div id="app">${opts.app}</div>`)
  c.header('cache-control', 'no-store')
  return c.html(html.replace('</head>', () => `${head}</head>`), opts.status ?? 200)
}

/**
 * The program for a site page's bootstrap: without the two styles the page's head already carries (the
 * branding's declarations and the fonts' fallback faces), which only partner pages' widgets read from
 * the program. The site's script gives them the schema's defaults (widgets/src/site/bootstrap.ts).
 */
const withoutHeadStyles = ({ widget_host_style: _style, font_fallbacks: _fallbacks, ...program }: PublicProgram) => program

/** Page answers depend on Accept (HTML, or a JSON 404 for a JSON-only client): caches must know. */
export const varyAccept = (c: Context<AppEnv>) => c.header('vary', 'Accept', { append: true })

const magicLinkForm = z.object({ token: z.string().min(10).max(200) })

/**
 * A same-site path that keeps the program the request named by `?program=` (localhost and shared
 * hosts pick the program that way), so the visitor stays in it through the whole sign-in.
 */
function keepProgram(c: Context<AppEnv>, path: string): string {
  const key = c.req.query('program')
  if (!key) return path
  const url = new URL(path, 'https://origin.invalid')
  if (!url.searchParams.has('program')) url.searchParams.set('program', key)
  return `${url.pathname}${url.search}${url.hash}`
}

const linkUnusable = (c: Context<AppEnv>, name: string, message: string) =>
  c.html(
    simplePage({
      title: `${name}: link expired`,
      body: `<main><h1>This login link can't be used</h1><p>${escapeHtml(message)}</p><a class="button" href="${escapeHtml(keepProgram(c, '/signin'))}">Get a new link</a></main>`,
    }),
    410,
  )

/** Participant site pages and the magic-link confirmation (a GET never signs in). */
export const sitePages = new Hono<AppEnv>()
  .get('/signin/magic', async (c) => {
    const token = c.req.query('token') ?? ''
    const { program, scope, deps } = c.var
    const csrf = await ensureCsrfToken(c)
    const peek = token ? await peekMagicLink({ scope, program, deps, origin: await siteOriginFor(c) }, token) : { usable: false, email: null }
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    if (!peek.usable) return linkUnusable(c, program.name, 'It is invalid, already used or older than 20 minutes.')
    return c.html(
      simplePage({
        title: `Sign in to ${program.name}`,
        csrfToken: csrf,
        body: `<main><h1>Welcome back to ${escapeHtml(program.name)}!</h1><p>Continue as <strong>${escapeHtml(peek.email ?? '')}</strong>.</p>
<form method="post" action="/signin/magic?program=${encodeURIComponent(program.publicKey)}">
<input type="hidden" name="authenticity_token" value="${escapeHtml(csrf)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in to ${escapeHtml(program.name)}</button></form></main>`,
      }),
    )
  })
  .post('/signin/magic', async (c) => {
    const { token } = await parseBody(c, magicLinkForm)
    const { program, scope, deps } = c.var
    try {
      const { participant, redirectTo } = await consumeMagicLink({ scope, program, deps, origin: await siteOriginFor(c) }, token)
      const session = await createParticipantSession(deps.db, {
        programId: program.id,
        participantId: participant.id,
        kind: 'cookie',
        now: deps.clock.now(),
        replaceSessionId: c.var.participantSessionId,
      })
      setSecureCookie(c, 'participant', session, PARTICIPANT_SESSION_TTL_MS / 1000)
      // An embedded sign-in returns to its partner page (re-checked against the domain list) with a
      // one-time handoff the element exchanges for its own session (docs/embedding.md).
      const partnerPage = redirectTo ? safeRedirect(redirectTo, { allowHosts: await signinReturnHosts(deps, program.id) }) : null
      if (partnerPage && !partnerPage.startsWith('/')) {
        const handoff = await createHandoff({ scope, program, deps }, participant)
        const target = `${partnerPage}#${new URLSearchParams({ tessera_signin: handoff, tessera_program: program.publicKey })}`
        // Not a 303: the page's CSP (form-action 'self') stops a form's redirect to another origin.
        // A refresh after the POST is a plain navigation, with a link for browsers that ignore it.
        c.header('cache-control', 'no-store')
        c.header('referrer-policy', 'no-referrer')
        c.header('refresh', `0;url=${target}`)
        const host = new URL(partnerPage).host
        return c.html(
          simplePage({
            title: `Signed in to ${program.name}`,
            body: `<main><h1>You're signed in</h1><p>Taking you back to ${escapeHtml(host)}.</p><a class="button" href="${escapeHtml(target)}">Continue to ${escapeHtml(host)}</a></main>`,
          }),
        )
      }
      // An active offers reward with "redirect magic link" lands a link without its own target on the offers.
      const landing = (await participantIntegrations(deps, program.id)).offersReward?.redirectMagicLink ? '/my-offers' : '/'
      return c.redirect(keepProgram(c, safeRedirect(redirectTo) ?? landing), 303)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return linkUnusable(c, program.name, err.message)
    }
  })
  // Iframe mode: one widget alone, framable only by the program's domain list (issue 4, embedding).
  .get('/embed/:widget', async (c) => {
    const { deps, program, participant } = c.var
    const publicProgram = await cachedPublicProgram(deps, program)
    return serveShell(
      c,
      'embed',
      { program: publicProgram, signed_in: Boolean(participant), widget: c.req.param('widget'), params: c.req.query() },
      { head: `<title>${escapeHtml(publicProgram.name)}</title>${fontFaceStyle(publicProgram)}` },
    )
  })
  .get('/robots.txt', async (c) => {
    c.header('cache-control', 'public, max-age=300')
    return c.text(robotsTxt(await siteOriginFor(c)))
  })
  .get('/sitemap.xml', async (c) => {
    const { deps, program } = c.var
    const xml = await sitemapXml(deps, program, await cachedPublicProgram(deps, program), await siteOriginFor(c))
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' })
  })
  .get('/manifest.webmanifest', async (c) => {
    const manifest = webManifest(await cachedPublicProgram(c.var.deps, c.var.program))
    return c.body(JSON.stringify(manifest), 200, { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=300' })
  })
  // Browsers and bots ask for /favicon.ico whatever the page links: the program's icon, else ours.
  .get('/favicon.ico', async (c) => {
    const { icon } = programIcons(await cachedPublicProgram(c.var.deps, c.var.program))
    c.header('cache-control', 'public, max-age=300')
    return c.redirect(icon, 302)
  })
  .get('*', async (c, next) => {
    // Every client but a JSON-only one gets the participant site (browsers, curl, link-preview bots);
    // the worker's own paths (APIs, console, dev tools) fall through to their JSON 404.
    if (SERVER_PATHS.test(c.req.path)) return next()
    varyAccept(c)
    if (!acceptsHtml(c.req.header('accept'))) return next()
    const { deps, program, participant } = c.var
    const publicProgram = await cachedPublicProgram(deps, program)
    const referralCode = c.req.query('referral_code')
    // A referral landing's preview names the friend (the public lookup's answer and its per-address
    // limit; over the limit, the preview without the name).
    const referrer = referralCode && c.req.path === '/signin' ? await lookupReferrer(c, referralCode).catch(() => null) : null
    const preview = await sharePreview(deps, program, publicProgram, c.req.path, { referral_code: referralCode, referrer })
    // A visitor's home comes with the answers of its first screen, a participant's page with their
    // summary and their home with its first reads (primed.ts); a visitor's home or sign-in page with its
    // first screen drawn (first-screen.ts).
    const route = matchSiteRoute(c.req.path, publicProgram.published_program_pages).name
    const screen = preview.status === 200 && !participant ? route : null
    const primed =
      screen === 'home'
        ? await visitorHomePrimed(c)
        : participant
          ? await participantPrimed(c, participant, preview.status === 200 ? route : 'not-found', publicProgram.features)
          : undefined
    const first: FirstScreen | null =
      screen === 'home'
        ? { screen: 'home', slides: (primed?.[visitorHomeRoutes.carousel] as { data: FirstScreenSlide[] } | undefined)?.data ?? [] }
        : screen === 'signin' || (screen && PARTICIPANT_SCREENS.has(screen))
          ? { screen: 'signin' }
          : null
    const preloads = pagePreloads(publicProgram, c.req.path, Boolean(participant))
    const link = preloadLinkHeader(preloads)
    if (link) c.header('link', link)
    return serveShell(
      c,
      'site',
      { program: withoutHeadStyles(publicProgram), signed_in: Boolean(participant), ...(primed && { primed }) },
      {
        head: previewHead(preview, publicProgram, await siteOriginFor(c)) + preloadTags(preloads),
        status: preview.status,
        // After the built stylesheet, whose :root holds the defaults; the program's custom CSS last.
        styles: brandingStyle(publicProgram) + customCssStyle(publicProgram.custom_css),
        app: first ? firstScreenHtml(publicProgram, first) : undefined,
        chunks: participant ? PARTICIPANT_PAGE_CHUNKS[route] : undefined,
      },
    )
  })
