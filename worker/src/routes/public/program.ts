import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { unauthenticated } from '../../lib/errors'
import { ensureCsrfToken } from '../../middleware/csrf'
import { cachedPublicProgram } from '../../services/programs'
import { toParticipantSummary } from '../../services/participants'

/** Program, signed-in participant and CSRF token. Mounted at /public. */
export const programRoutes = new Hono<AppEnv>()
  .get('/program', async (c) => c.json(await cachedPublicProgram(c.var.deps, c.var.program)))
  .get('/participant', async (c) => {
    const participant = c.var.participant
    if (!participant) throw unauthenticated()
    return c.json(await toParticipantSummary(c.var.scope, participant))
  })
  .get('/csrf', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json({ csrf_token: await ensureCsrfToken(c) })
  })
