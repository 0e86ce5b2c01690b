import { Hono } from 'hono'
import * as z from 'zod'
import {
  adminAuthStartRequestSchema,
  adminAuthVerifyRequestSchema,
  adminSignInRequestSchema,
} from '../../../../sdk/contract/auth'
import type { AppEnv } from '../../env'
import { clearCookie, setSecureCookie } from '../../lib/cookies'
import { escapeHtml, simplePage } from '../../lib/html'
import { clientIp } from '../../lib/client-ip'
import { consoleOrigin } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { ensureCsrfToken } from '../../middleware/csrf'
import {
  consumeAdminSigninLink,
  deleteAdminSession,
  sendAdminSigninLink,
  startAdminSignin,
  verifyAdminCode,
} from './admin-auth'
import { ADMIN_SESSION_TTL_MS, createAdminSession } from '../signin/sessions'

const linkForm = z.object({ token: z.string().min(10).max(200) })

const expiredLinkPage = () =>
  simplePage({
    title: 'Tessera Console',
    body: `<main><h1>This sign-in link can't be used</h1><p>It is invalid, already used or older than 20 minutes.</p><a class="button" href="/admin/v2/auth/sign_in">Sign in again</a></main>`,
  })

/** Console sign-in (admin-console-part-a.md, Sign-in and section 7 Auth). Mounted at /admin/v2/auth. */
export const adminAuthRoutes = new Hono<AppEnv>()
  .post('/start', async (c) => {
    const { email } = await parseBody(c, adminAuthStartRequestSchema)
    const { browserToken } = await startAdminSignin(c.var.deps, email, clientIp(c))
    return c.json({ success: true as const, data: { browser_token: browserToken } })
  })
  .post('/verify', async (c) => {
    const { otp, browser_token } = await parseBody(c, adminAuthVerifyRequestSchema)
    const { deps } = c.var
    const admin = await verifyAdminCode(deps, otp, browser_token, clientIp(c))
    if (c.var.adminSessionId) await deleteAdminSession(deps.db, c.var.adminSessionId)
    setSecureCookie(c, 'admin', await createAdminSession(deps.db, admin.id, deps.clock.now()), ADMIN_SESSION_TTL_MS / 1000)
    return c.json({ success: true as const, redirect_to: '/admin/v2' })
  })
  .post('/sign_in', async (c) => {
    const { email } = await parseBody(c, adminSignInRequestSchema)
    await sendAdminSigninLink(c.var.deps, email, consoleOrigin(c.var.deps.config), clientIp(c))
    return c.json({ success: true as const, message: 'If this e-mail belongs to an admin, a sign-in link is on its way.' })
  })
  .get('/link', async (c) => {
    const token = c.req.query('token') ?? ''
    const admin = token ? await consumeAdminSigninLink(c.var.deps, token, false) : null
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    if (!admin) return c.html(expiredLinkPage(), 410)
    const csrf = await ensureCsrfToken(c)
    return c.html(
      simplePage({
        title: 'Tessera Console',
        csrfToken: csrf,
        body: `<main><h1>Sign in to the Tessera Console</h1><p>Continue as <strong>${escapeHtml(admin.email)}</strong>.</p>
<form method="post" action="/admin/v2/auth/link"><input type="hidden" name="authenticity_token" value="${escapeHtml(csrf)}">
<input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Sign in</button></form></main>`,
      }),
    )
  })
  .post('/link', async (c) => {
    const { token } = await parseBody(c, linkForm)
    const { deps } = c.var
    const admin = await consumeAdminSigninLink(deps, token, true)
    if (!admin) return c.html(expiredLinkPage(), 410)
    if (c.var.adminSessionId) await deleteAdminSession(deps.db, c.var.adminSessionId)
    setSecureCookie(c, 'admin', await createAdminSession(deps.db, admin.id, deps.clock.now()), ADMIN_SESSION_TTL_MS / 1000)
    return c.redirect('/admin/v2', 303)
  })
  // The console posts `_method=delete` (method override) or sends DELETE.
  .on(['POST', 'DELETE'], '/sign_out', async (c) => {
    if (c.var.adminSessionId) await deleteAdminSession(c.var.deps.db, c.var.adminSessionId)
    clearCookie(c, 'admin')
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
    return wantsHtml ? c.redirect('/admin/v2/auth/sign_in', 303) : c.json({ success: true, redirect_to: '/admin/v2/auth/sign_in' })
  })
