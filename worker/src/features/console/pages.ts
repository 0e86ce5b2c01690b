import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { consoleBootstrap } from './bootstrap'
import { serveShell, varyAccept } from '../site/pages'
import { acceptsHtml } from '../site/share-preview'

/** The console's pages that are never also an API path: its root and its sign-in screens. */
const ENTRY_PAGES = /^\/admin\/v2(\/(auth\/sign_in|login|magic-login))?\/?$/

/**
 * The console's single-page shell for browser navigations under /admin/v2. Mounted before the JSON
 * API: a page URL and an API path may be the same (`programs/1/dashboard/actions`), and a browser
 * navigation (Accept: text/html) gets the page; the app's own fetches get JSON. Downloads (.csv) are
 * never pages.
 */
export const adminPages = new Hono<AppEnv>().get('/*', async (c, next) => {
  varyAccept(c)
  const accept = c.req.header('accept') ?? ''
  // The console's entry pages have no API twin: any client but a JSON-only one gets them (curl, bots).
  const page = ENTRY_PAGES.test(c.req.path) ? acceptsHtml(accept) : accept.includes('text/html')
  if (!page || c.req.path.endsWith('.csv')) return next()
  const admin = c.var.admin
  // The admin's programs, organization and grants live on control, whichever shard serves the page (decision 0041).
  return serveShell(c, 'admin', admin ? await consoleBootstrap(c.var.deps.control ?? c.var.deps.db, admin) : { user: null })
})
