import { type Context, Hono, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { methodOverride } from 'hono/method-override'
import type { Deps } from './deps'
import type { AppEnv } from './env'
import { AppError } from './lib/errors'
import { loadAdmin } from './middleware/admin-auth'
import { csrfProtection } from './middleware/csrf'
import { publicResponseCache } from './middleware/public-cache'
import { renderError } from './middleware/errors'
import { responseHeaders } from './middleware/response-headers'
import { participantApi, participantSite } from './middleware/participant-api'
import { findRequestProgram } from './middleware/program'
import { frameAncestors } from './features/programs/partner-origins'
import { hostnameOf } from './features/programs/programs'
import { adminAuthRoutes } from './features/console/auth'
import { consoleShell } from './features/console/admin'
import type { ConsoleRoute } from './features/console/console-router'
import { dashboardConsole } from './features/dashboard/admin'
import { economicsConsole } from './features/economics/admin'
import { ahoyRoutes } from './features/dashboard/public'
import { organizationConsole } from './features/organization/admin'
import { participantsConsole } from './features/participants/admin'
import { challengesConsole } from './features/challenges/admin'
import { rewardsConsole } from './features/rewards/admin'
import { IMPORT_UPLOAD } from './features/participants/participant-import'
import { adminPages } from './features/console/pages'
import { testCheckoutRoutes } from './features/payments/dev-checkout'
import { devMailboxRoutes, devSeedRoutes } from './features/dev/mailbox'
import { shardsDevRoutes } from './features/shards'
import { paymentWebhookRoutes } from './features/payments/webhook'
import { checkoutRoutes, participantCheckoutRoutes, receiptRoutes } from './features/payments/public'
import { sitePages } from './features/site/pages'
import { accountRoutes } from './features/participants/public'
import { challengeRoutes } from './features/challenges/public'
import { offerRedeemRoutes, offerSearchRoutes } from './features/offers/public'
import { homeChallengeRoutes } from './features/home/public'
import { programRoutes } from './features/programs/public'
import { rewardHomeRoutes, rewardRoutes } from './features/rewards/public'
import { referralPublicRoutes } from './features/referrals/public'
import { signinRoutes } from './features/signin/public'
import { sweepstakesConsole } from './features/sweepstakes/admin'
import { sweepstakePublicRoutes } from './features/sweepstakes/public'
import { collectiblesConsole } from './features/collectibles/admin'
import { tagsConsole } from './features/tags/admin'
import { referralsConsole } from './features/referrals/admin'
import { brandingConsole } from './features/branding/admin'
import { integrationsConsole } from './features/integrations/admin'
import { MEDIA_UPLOAD_PATH, mediaConsole, mediaUploadGate } from './features/media/admin'
import { mediaPublicRoutes } from './features/media/public'
import { settingsConsole } from './features/settings/admin'
import { domainsConsole } from './features/domains/admin'
import { evergreenConsole } from './features/evergreen/admin'
import { feedPostsConsole } from './features/feed-posts/admin'
import { programPagesConsole } from './features/program-pages/admin'
import { layoutConsole } from './features/layout/admin'
import { apiV1Routes } from './features/api-v1/routes'
import { apiDocsRoutes } from './features/api-v1/api-docs'
import { receiptsConsole } from './features/receipts/admin'
import { receiptPublicRoutes } from './features/receipts/public'
import { RECEIPT_UPLOAD_PATH, receiptUploadGate } from './features/receipts/receipt-file'
import { RECEIPT_FILE_PREFIX, receiptFileRoutes } from './features/receipts/signed-url'
import { privacyConsole } from './features/privacy/admin'
import { privacyAccountRoutes } from './features/privacy/public'

export const MAX_BODY_BYTES = 1024 * 1024

/** The console's JSON API, one entry per feature; each declares a permission per route. */
const CONSOLE_FEATURES = [consoleShell, dashboardConsole, economicsConsole, participantsConsole, organizationConsole, challengesConsole, rewardsConsole, sweepstakesConsole, collectiblesConsole, tagsConsole, integrationsConsole, mediaConsole, settingsConsole, domainsConsole, evergreenConsole, feedPostsConsole, programPagesConsole, layoutConsole, brandingConsole, referralsConsole, receiptsConsole, privacyConsole]

/** Every console endpoint with its permission: the permission-matrix test is generated from it. */
export const consoleRouteTable: ConsoleRoute[] = CONSOLE_FEATURES.flatMap((f) => f.table)

/** Paths with their own middleware chain; everything else is the participant site. */
const OWN_PREFIXES = /^\/(api\/v1\/|api\/docs(\/|$)|admin\/v2|public\/|participants\/|payments\/|offers\/|ahoy\/|_dev\/|_checkout\/|healthz$|media\/|receipts-file\/)/

/**
 * Builds the whole HTTP app from injected dependencies. The same app runs on Workers (index.ts) and
 * under Node (node.ts); tests call it with app.request().
 */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()

  // Outermost, so every answer gets them: cached ones, errors (see response-headers.ts).
  app.use((c, next) => {
    c.set('deps', deps)
    return responseHeaders(c, next)
  })
  // Signed-out public reads repeat: answered from a short-lived copy ahead of the chain below.
  app.use('/public/*', publicResponseCache)
  // Embeddable pages may be framed by the program's domain list; securityHeaders reads this.
  app.use('/embed/*', async (c, next) => {
    const program = await findRequestProgram(c)
    if (program) c.set('frameAncestors', (await frameAncestors(deps, program.id)).join(' '))
    await next()
  })
  const tooLarge = () => {
    throw new AppError('payload_too_large', 413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`)
  }
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })
  // The participant import's CSV upload has its own, larger limit and answers past it with its 422.
  const limitUpload = bodyLimit({ maxSize: IMPORT_UPLOAD.maxBodyBytes, onError: IMPORT_UPLOAD.tooLarge })
  // HTML forms send `_method`; hono's methodOverride clones the request twice to look for it, which
  // under Node builds a full Request for every POST: only form bodies can carry it, so only they go in.
  const overrideMethod = methodOverride({ app })
  const maybeOverride = (c: Context<AppEnv>, next: Next) => {
    const type = c.req.header('content-type')
    const form = type?.startsWith('multipart/form-data') || type?.startsWith('application/x-www-form-urlencoded')
    return form ? overrideMethod(c, next) : next()
  }
  // Requests with a body: its size limit, then the form method override. GET and HEAD bodies are never
  // read, and a declared Content-Length is checked from the header (as bodyLimit does): asking for the
  // body stream first makes @hono/node-server build a full Request and read the body through web
  // streams. Streamed bodies still go through bodyLimit.
  app.use(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    // Media uploads: their own gate, then the handler checks the size before it buffers (features/media/admin.ts).
    if (c.req.method === 'POST' && MEDIA_UPLOAD_PATH.test(c.req.path)) return mediaUploadGate(c, next)
    // Receipt uploads likewise (features/receipts/receipt-file.ts).
    if (c.req.method === 'POST' && RECEIPT_UPLOAD_PATH.test(c.req.path)) return receiptUploadGate(c, next)
    const upload = IMPORT_UPLOAD.path.test(c.req.path)
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding')) {
      // The override answers a form post itself (it runs the app again with the form's method).
      let answer: Response | void = undefined
      await (upload ? limitUpload : limitBody)(c, async () => {
        answer = await maybeOverride(c, next)
      })
      return answer
    }
    if (Number.parseInt(length, 10) > (upload ? IMPORT_UPLOAD.maxBodyBytes : MAX_BODY_BYTES)) return upload ? IMPORT_UPLOAD.tooLarge() : tooLarge()
    return maybeOverride(c, next)
  })
  app.onError((err, c) => renderError(err, c))
  app.notFound((c) => renderError(new AppError('not_found', 404, `No route for ${c.req.method} ${c.req.path}`), c))

  app.get('/healthz', (c) => c.json({ ok: true }))

  if (deps.config.environment !== 'production') {
    app.route('/_dev', devMailboxRoutes)
    app.route('/_dev', devSeedRoutes)
    app.route('/_dev', shardsDevRoutes)
    app.use('/_checkout/*', csrfProtection)
    app.route('/_checkout', testCheckoutRoutes)
  }

  // Console: on its own host only in production (ADMIN_HOST), cookie-authenticated, program by path.
  if (deps.config.adminHost) {
    const adminHost = deps.config.adminHost
    const onAdminHost = async (c: Context<AppEnv>, next: Next) => {
      if (hostnameOf(c.req.header('host') ?? new URL(c.req.url).host) !== adminHost) throw new AppError('not_found', 404, `No route for ${c.req.method} ${c.req.path}`)
      await next()
    }
    app.use('/admin/v2/*', onAdminHost)
    app.use('/admin/v2', onAdminHost)
  }
  app.use('/admin/v2/*', loadAdmin, csrfProtection)
  app.use('/admin/v2', loadAdmin)
  app.route('/admin/v2/auth', adminAuthRoutes)
  app.route('/admin/v2', adminPages)
  for (const feature of CONSOLE_FEATURES) app.route('/admin/v2', feature.app)

  // Participant API and site: program from host or public key.
  app.use('/public/*', participantApi)
  app.route('/public/signin', signinRoutes)
  app.use('/participants/*', participantApi)
  app.route('/participants/challenges', participantCheckoutRoutes)
  app.use('/offers/*', participantApi)
  app.route('/offers', offerRedeemRoutes)
  app.route('/public/offers', offerSearchRoutes)
  app.route('/payments', paymentWebhookRoutes)
  // Visit tracking: program by host or key, no session and no cookies (features/dashboard/public.ts).
  app.route('/ahoy', ahoyRoutes)
  app.route('/public', programRoutes)
  app.route('/public/rewards', rewardRoutes)
  app.route('/public/sweepstakes', sweepstakePublicRoutes)
  app.route('/public/referrals', referralPublicRoutes)
  app.route('/public/receipts', receiptPublicRoutes)
  app.route('/public/home', rewardHomeRoutes)
  app.route('/public', accountRoutes)
  app.route('/public/account', privacyAccountRoutes)
  app.route('/public/challenges', challengeRoutes)
  app.route('/public/challenges', checkoutRoutes)
  app.route('/public/home', receiptRoutes)
  app.route('/public/home', homeChallengeRoutes)

  // Server API: program API keys, its own error shape and request log (features/api-v1).
  app.route('/api/v1', apiV1Routes)
  // Its interactive reference, rendered from the same OpenAPI document (features/api-v1/api-docs.ts).
  app.route('/api', apiDocsRoutes)

  // Uploaded files: program and key in the path, served the same on every host.
  app.route('/media', mediaPublicRoutes)
  // Receipt files: only through short-lived signed links (features/receipts/signed-url.ts).
  app.route(RECEIPT_FILE_PREFIX, receiptFileRoutes)

  app.use('*', (c, next) => (OWN_PREFIXES.test(c.req.path) ? next() : participantSite(c, next)))
  app.route('/', sitePages)

  return app
}

export type App = ReturnType<typeof createApp>
