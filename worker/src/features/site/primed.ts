import type { Context } from 'hono'
import { challengeCard, type ChallengeTile } from '../../../../sdk/contract/challenges'
import { participantHomeRoutes, programRoutes, visitorHomeRoutes } from '../../../../sdk/contract/paths'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { SiteRoute } from '../../../../sdk/contract/site-routes'
import { rewardCard } from '../../../../sdk/contract/rewards'
import type { AppEnv, ParticipantRow } from '../../env'
import { siteOriginFor } from '../../lib/origin'
import { activeUncompletedChallengesJson, carousel, completedChallengesJson, donationChallenge, type HomeContext, socialFeedChallenge } from '../home/home'
import { participantSummaryJson } from '../participants/participants'
import { getOffersReward, listActiveRewards, listClaimedRewards, listCurrentRewards } from '../rewards/rewards'

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
 * with no round trip first and no layout shift when it lands. Their home also comes with its first
 * reads (participantHomeRoutes: the slides and the dashboard's sections), as those GETs answer them: one
 * request in place of nine, each of which looked the session up again.
 */
export async function participantPrimed(
  c: Context<AppEnv>,
  participant: ParticipantRow,
  screen: SiteRoute['name'],
  features: PublicProgram['features'],
): Promise<Record<string, unknown>> {
  const { scope, deps, program } = c.var
  const summary = participantSummaryJson(scope, deps, participant)
  if (screen !== 'home') return { [programRoutes.participant]: JSON.parse(text(await summary)) as unknown }
  const home: HomeContext = { scope, deps, program, participant, origin: await siteOriginFor(c) }
  const viewer = { scope, now: deps.clock.now(), participant }
  const [me, slides, active, completed, social, donation, offers, current, claimed] = await Promise.all([
    summary,
    carousel(scope),
    activeUncompletedChallengesJson(home),
    completedChallengesJson(home),
    features.social_network_posts ? socialFeedChallenge(home) : undefined,
    features.donation_challenge ? donationChallenge(home) : undefined,
    features.offers_reward ? getOffersReward(viewer, program) : undefined,
    listCurrentRewards(viewer),
    listClaimedRewards(viewer),
  ])
  return {
    [programRoutes.participant]: JSON.parse(text(me)) as unknown,
    [participantHomeRoutes.carousel]: { data: slides },
    [participantHomeRoutes.activeUncompleted]: JSON.parse(text(active)) as unknown,
    [participantHomeRoutes.completed]: JSON.parse(text(completed)) as unknown,
    ...(social !== undefined && { [participantHomeRoutes.socialFeed]: { data: social } }),
    ...(donation !== undefined && { [participantHomeRoutes.donation]: { data: donation } }),
    ...(offers !== undefined && { [participantHomeRoutes.offersReward]: { data: offers } }),
    [participantHomeRoutes.currentRewards]: { data: current },
    [participantHomeRoutes.claimedRewards]: { data: claimed },
  }
}
