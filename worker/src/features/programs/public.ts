import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError, unauthenticated } from '../../lib/errors'
import { ensureCsrfToken } from '../../middleware/csrf'
import { cachedPublicProgram, getPublishedPage } from './programs'
import { participantSummaryJson } from '../participants/participants'

/** Program, signed-in participant and CSRF token. Mounted at /public. */
export const programRoutes = new Hono<AppEnv>()
  .get('/program', async (c) => c.json(await cachedPublicProgram(c.get('deps'), c.get('program'))))
  .get('/participant', async (c) => {
    const participant = c.get('participant')
    if (!participant) throw unauthenticated()
    return c.body(await participantSummaryJson(c.get('scope'), c.get('deps'), participant), 200, { 'content-type': 'application/json' })
  })
  .get('/pages/:slug', async (c) => {
    const slug = c.req.param('slug')
    const page = await getPublishedPage(c.get('deps').db, c.get('program').id, slug)
    if (!page) throw new AppError('not_found', 404, `slug: no published page "${slug.slice(0, 60)}"`, { slug: 'not found' })
    return c.json(page)
  })
  .get('/csrf', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json({ csrf_token: await ensureCsrfToken(c) })
  })
