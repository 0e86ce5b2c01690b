import { Hono } from 'hono'
import { challengeIdParamsSchema, socialSubmissionQuerySchema, submitChallengeRequestSchema } from '../../../../sdk/contract/challenges'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { siteOriginFor } from '../../lib/origin'
import { parseBody, parseQuery } from '../../lib/parse'
import { idempotent } from '../../middleware/idempotency'
import { requireParticipant } from '../../middleware/participant-auth'
import { findInCatalog, loadChallengeCatalog } from './challenge-catalog'
import { isVisible } from './challenge-status'
import { challengeForParticipant, recordSocialView, submitChallenge } from './challenge-submit'

const socialQuery = socialSubmissionQuerySchema
const idParam = challengeIdParamsSchema.shape.id

/** Challenges (participant-site.md section 7). Mounted at /public/challenges. */
export const challengeRoutes = new Hono<AppEnv>()
  .post('/submit', requireParticipant, idempotent, async (c) => {
    const input = await parseBody(c, submitChallengeRequestSchema)
    const scope = c.get('scope')
    const deps = c.get('deps')
    return c.json(await submitChallenge({ scope, deps, participant: c.get('participant')!, origin: await siteOriginFor(c), write: c.get('idempotentWrite') }, input))
  })
  .post('/:id/unified_social_submission', requireParticipant, async (c) => {
    const { social_network_post_id } = parseQuery(c, socialQuery)
    const scope = c.get('scope')
    const deps = c.get('deps')
    return c.json(await recordSocialView({ scope, deps, participant: c.get('participant')!, origin: await siteOriginFor(c) }, c.req.param('id'), social_network_post_id))
  })
  .get('/:id', async (c) => {
    const id = idParam.parse(c.req.param('id'))
    const scope = c.get('scope')
    const deps = c.get('deps')
    const participant = c.get('participant')
    const challenge = findInCatalog(await loadChallengeCatalog(deps, scope.programId), id)
    if (!challenge || !isVisible(challenge)) throw new AppError('not_found', 404, `id: no challenge "${id.slice(0, 60)}" in this program`, { id: 'not found' })
    c.header('vary', 'Cookie, Authorization')
    if (!participant) c.header('cache-control', 'public, max-age=5')
    return c.json(await challengeForParticipant({ scope, deps, participant, origin: await siteOriginFor(c) }, challenge))
  })
