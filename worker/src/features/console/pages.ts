import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { consoleBootstrap } from './bootstrap'
import { serveShell } from '../site/pages'

/** The console's single-page shell for browser navigations under /admin/v2. */
export const adminPages = new Hono<AppEnv>().get('/*', async (c, next) => {
  if (!(c.req.header('accept') ?? '').includes('text/html')) return next()
  const admin = c.var.admin
  return serveShell(c, 'admin', admin ? await consoleBootstrap(c.var.deps.db, admin) : { user: null })
})
