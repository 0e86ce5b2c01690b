import type { Context } from 'hono'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import type { AppEnv } from '../../env'
import { siteOriginFor } from '../../lib/origin'
import { activeUncompletedChallengesJson, carousel } from '../home/home'
import { listActiveRewards } from '../rewards/rewards'

const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : new TextDecoder().decode(body))

/**
 * The answers a visitor's home asks for first (the carousel, the challenge tiles, the featured
 * rewards), by API path, for the page's bootstrap: the site draws the whole first screen from the
 * page, without three round trips and the renders that followed each (issue 29). Each is the same
 * answer its GET gives a signed-out caller (the same services, called the same way).
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
    [visitorHomeRoutes.activeUncompleted]: JSON.parse(text(tiles)) as unknown,
    [visitorHomeRoutes.activeRewards]: { data: rewards },
  }
}
