import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { consoleBootstrap } from './bootstrap'
import { serveShell } from '../site/pages'

/**
 * The console's single-page shell for browser navigations under /admin/v2. Mounted before the JSON
 * API: a page URL and an API path may be the same (`programs/1/dashboard/actions`), and a browser
 * navigation (Accept: text/html) gets the page; the app's own fetches get JSON. Downloads (.csv) are
 * never pages.
 */
export const adminPages = new Hono<AppEnv>().get('/*', async (c, next) => {
  if (!(c.req.header('accept') ?? '').includes('text/html') || c.req.path.endsWith('.csv')) return next()
  const admin = c.var.admin
  return serveShell(c, 'admin', admin ? await consoleBootstrap(c.var.deps.db, admin) : { user: null })
})
