import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { setSecureCookie } from '../../lib/cookies'
import { AppError } from '../../lib/errors'
import { escapeHtml, jsonForHtml, simplePage } from '../../lib/html'
import { siteOriginFor } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { ensureCsrfToken } from '../../middleware/csrf'
import { consumeMagicLink, peekMagicLink } from '../signin/participant-signin'
import { safeRedirect } from '../../../../sdk/contract/redirect'
import { cachedPublicProgram } from '../programs/programs'
import { PARTICIPANT_SESSION_TTL_MS, createParticipantSession } from '../signin/sessions'

/**
 * Serves a built front end's index.html with the CSRF token and bootstrap data injected, so the page
 * needs no extra round trip and no inline script (the bootstrap is a JSON data block).
 */
export async function serveShell(c: Context<AppEnv>, shell: 'site' | 'admin' | 'embed', bootstrap: unknown): Promise<Response> {
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
  const head = `<meta name="csrf-token" content="${escapeHtml(csrf)}"><script type="application/json" id="tessera-bootstrap">${jsonForHtml(bootstrap)}</script>`
  c.header('cache-control', 'no-store')
  return c.html(html.replace('</head>', `${head}</head>`))
}

const magicLinkForm = z.object({ token: z.string().min(10).max(200) })

/** Participant site pages and the magic-link confirmation (a GET never signs in). */
export const sitePages = new Hono<AppEnv>()
  .get('/signin/magic', async (c) => {
    const token = c.req.query('token') ?? ''
    const { program, scope, deps } = c.var
    const csrf = await ensureCsrfToken(c)
    const peek = token ? await peekMagicLink({ scope, program, deps, origin: await siteOriginFor(c) }, token) : { usable: false, email: null }
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    if (!peek.usable) {
      return c.html(
        simplePage({
          title: `${program.name}: link expired`,
          body: `<main><h1>This login link can't be used</h1><p>It is invalid, already used or older than 20 minutes.</p><a class="button" href="/signin">Get a new link</a></main>`,
        }),
        410,
      )
    }
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
      return c.redirect(safeRedirect(redirectTo) ?? '/', 303)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return c.html(
        simplePage({
          title: `${program.name}: link expired`,
          body: `<main><h1>This login link can't be used</h1><p>${escapeHtml(err.message)}</p><a class="button" href="/signin">Get a new link</a></main>`,
        }),
        410,
      )
    }
  })
  // Iframe mode: one widget alone, framable only by the program's domain list (issue 4, embedding).
  .get('/embed/:widget', async (c) => {
    const { deps, program, participant } = c.var
    return serveShell(c, 'embed', {
      program: await cachedPublicProgram(deps, program),
      signed_in: Boolean(participant),
      widget: c.req.param('widget'),
      params: c.req.query(),
    })
  })
  .get('*', async (c, next) => {
    // Browser navigations get the participant site; other GETs fall through to 404.
    if (!(c.req.header('accept') ?? '').includes('text/html')) return next()
    const { deps, program, participant } = c.var
    return serveShell(c, 'site', {
      program: await cachedPublicProgram(deps, program),
      signed_in: Boolean(participant),
    })
  })
