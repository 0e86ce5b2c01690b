import { Hono } from 'hono'
import { participantActionsQuerySchema, updateEmailSettingsRequestSchema } from '../../../../sdk/contract/account'
import type { AppEnv } from '../../env'
import { parseBody, parseQuery } from '../../lib/parse'
import { requireParticipant } from '../../middleware/participant-auth'
import { listParticipantActions, updateEmailSetting } from './account'

/** Account calls (participant-site.md section 7). Mounted at /public. */
export const accountRoutes = new Hono<AppEnv>()
  .get('/participant_actions', requireParticipant, async (c) => {
    const { page, per_page } = parseQuery(c, participantActionsQuerySchema)
    return c.json(await listParticipantActions(c.var.scope, c.var.participant!.id, page, per_page))
  })
  .post('/account/update_email_settings', requireParticipant, async (c) => {
    const input = await parseBody(c, updateEmailSettingsRequestSchema)
    return c.json(await updateEmailSetting(c.var.scope, c.var.deps, c.var.participant!, input))
  })
