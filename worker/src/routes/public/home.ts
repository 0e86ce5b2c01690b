import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { requestOrigin } from '../../lib/origin'
import { activeUncompletedChallenges, carousel, completedChallenges, donationChallenge, extendedProfileChallenge, type HomeContext, socialFeedChallenge } from '../../services/home'

const ctx = (c: { var: AppEnv['Variables'] } & Parameters<typeof requestOrigin>[0]): HomeContext => ({
  scope: c.var.scope,
  deps: c.var.deps,
  program: c.var.program,
  participant: c.var.participant,
  origin: requestOrigin(c),
})

/** Home sections (participant-site.md section 7). Mounted at /public/home; each answers { data }. */
export const homeChallengeRoutes = new Hono<AppEnv>()
  .get('/carousel', async (c) => c.json({ data: await carousel(c.var.scope) }))
  .get('/active_uncompleted_challenges', async (c) => c.json({ data: await activeUncompletedChallenges(ctx(c)) }))
  .get('/completed_challenges', async (c) => c.json({ data: await completedChallenges(ctx(c)) }))
  .get('/extended_profile_challenge', async (c) => c.json({ data: await extendedProfileChallenge(ctx(c)) }))
  .get('/social_feed_challenge', async (c) => c.json({ data: await socialFeedChallenge(ctx(c)) }))
  .get('/donation_challenge', async (c) => c.json({ data: await donationChallenge(ctx(c)) }))
