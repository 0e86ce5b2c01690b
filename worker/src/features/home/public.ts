import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { siteOriginFor } from '../../lib/origin'
import { activeUncompletedChallengesJson, carousel, completedChallengesJson, donationChallenge, extendedProfileChallenge, type HomeContext, socialFeedChallenge } from './home'

const ctx = async (c: Context<AppEnv>): Promise<HomeContext> => ({
  scope: c.get('scope'),
  deps: c.get('deps'),
  program: c.get('program'),
  participant: c.get('participant'),
  origin: await siteOriginFor(c),
})

const JSON_TYPE = { 'content-type': 'application/json' }

/** Home sections (participant-site.md section 7). Mounted at /public/home; each answers { data }. */
export const homeChallengeRoutes = new Hono<AppEnv>()
  .get('/carousel', async (c) => c.json({ data: await carousel(c.get('scope')) }))
  // The two lists answer ChallengeTile items, serialized by the service from cached fragments.
  .get('/active_uncompleted_challenges', async (c) => c.body(await activeUncompletedChallengesJson(await ctx(c)), 200, JSON_TYPE))
  .get('/completed_challenges', async (c) => c.body(await completedChallengesJson(await ctx(c)), 200, JSON_TYPE))
  .get('/extended_profile_challenge', async (c) => c.json({ data: await extendedProfileChallenge(await ctx(c)) }))
  .get('/social_feed_challenge', async (c) => c.json({ data: await socialFeedChallenge(await ctx(c)) }))
  .get('/donation_challenge', async (c) => c.json({ data: await donationChallenge(await ctx(c)) }))
