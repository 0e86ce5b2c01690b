import type { Context } from 'hono'
import { challengeCard, type ChallengeTile } from '../../../../sdk/contract/challenges'
import { programRoutes, visitorHomeRoutes } from '../../../../sdk/contract/paths'
import { rewardCard } from '../../../../sdk/contract/rewards'
import type { AppEnv, ParticipantRow } from '../../env'
import { siteOriginFor } from '../../lib/origin'
import { activeUncompletedChallengesJson, carousel } from '../home/home'
import { participantSummaryJson } from '../participants/participants'
import { listActiveRewards } from '../rewards/rewards'

const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : new TextDecoder().decode(body))

/**
 * The answers a visitor's home asks for first (the carousel, the challenge tiles, the featured
 * rewards), by API path, for the page's bootstrap: the site draws the whole first screen from the
 * page, without three round trips and the renders that followed each (issue 29). Each is the answer
 * its GET gives a signed-out caller (the same services, called the same way), the lists cut to what
 * their tiles draw (challengeCard, rewardCard): the whole answer is a reload away.
 */
export async function visitorHomePrimed(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const { scope, deps, program } = c.var
  const [slides, tiles, rewards] = await Promise.all([
    carousel(scope),
    activeUncompletedChallengesJson({ scope, deps, program, participant: null, origin: await siteOriginFor(c) }),
    listActiveRewards({ scope, now: deps.clock.now(), participant: null }),
  ])
  return {
    [visitorHomeRoutes.carousel]: { data: slides },
    [visitorHomeRoutes.activeUncompleted]: { data: (JSON.parse(text(tiles)) as { data: ChallengeTile[] }).data.map(challengeCard) },
    [visitorHomeRoutes.activeRewards]: { data: rewards.map(rewardCard) },
  }
}

/**
 * What every page of a signed-in participant comes with: their summary, as GET /public/participant
 * answers it. The header's points and the home's greeting and balance are drawn in the first render,
 * with no round trip first and no layout shift when it lands.
 */
export async function participantPrimed(c: Context<AppEnv>, participant: ParticipantRow): Promise<Record<string, unknown>> {
  const { scope, deps } = c.var
  return { [programRoutes.participant]: JSON.parse(text(await participantSummaryJson(scope, deps, participant))) as unknown }
}
