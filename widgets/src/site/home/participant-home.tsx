import type { Challenge, ChallengeTile } from '../../../../sdk/contract/challenges'
import { formatNumber } from '../../ui/format'
import { ArrowRightIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { useSite, useTerms } from '../../widgets/shared/context'
import { isTileShown } from '../../widgets/challenge/challenge-rules'
import { LoadError } from '../../widgets/shared/load-error'
import { writesSettled } from '../../widgets/shared/pending-writes'
import { useLoad } from '../../widgets/shared/use-load'
import { ChallengeTiles, HomeSection } from '../../widgets/tiles/sections'
import { CompletedActivities, DonationSection, SocialFeedSection } from '../../widgets/tiles/member-sections'
import { participantHomeRoutes } from '../../../../sdk/contract/paths'
import { takePrimed } from '../primed'
import { Hero } from './hero'
import { OffersSection } from './offers-section'
import { RewardsSlot } from './rewards-slot'
import './participant-home.css'

type MemberSections = {
  active: ChallengeTile[]
  completed: ChallengeTile[]
  social: Challenge | null
  donation: Challenge | null
}

/** The sections the page came with (worker/src/features/site/primed.ts), if it came with all of them. */
function primedSections(features: { social_network_posts: boolean; donation_challenge: boolean }): MemberSections | undefined {
  const active = takePrimed<{ data: ChallengeTile[] }>(participantHomeRoutes.activeUncompleted)
  const completed = takePrimed<{ data: ChallengeTile[] }>(participantHomeRoutes.completed)
  const social = features.social_network_posts ? takePrimed<{ data: Challenge | null }>(participantHomeRoutes.socialFeed) : { data: null }
  const donation = features.donation_challenge ? takePrimed<{ data: Challenge | null }>(participantHomeRoutes.donation) : { data: null }
  if (!active || !completed || !social || !donation) return undefined
  return { active: active.data, completed: completed.data, social: social.data, donation: donation.data }
}

async function loadSections(
  client: ReturnType<typeof useSite>['client'],
  features: { social_network_posts: boolean; donation_challenge: boolean },
): Promise<MemberSections> {
  const none = Promise.resolve({ data: null })
  // A post view recorded while leaving the viewer must land before the feed is read.
  await writesSettled()
  const [active, completed, social, donation] = await Promise.all([
    client.home.activeUncompletedChallenges(),
    client.home.completedChallenges(),
    features.social_network_posts ? client.home.socialFeedChallenge() : none,
    features.donation_challenge ? client.home.donationChallenge() : none,
  ])
  return { active: active.data, completed: completed.data, social: social.data, donation: donation.data }
}

/** A participant's home (/): their balance, the challenges left, their rewards and what they completed. */
export function ParticipantHome() {
  const { program, client, session } = useSite()
  const terms = useTerms()
  const participant = session.participant.value
  const [sections, reload] = useLoad(() => loadSections(client, program.features), 'sections', primedSections(program.features))
  const data = sections.data
  // Challenges with their own section are not repeated as tiles.
  const featured = new Set([data?.social?.id, data?.donation?.id])
  const tiles =
    sections.status === 'ready'
      ? {
          status: 'ready' as const,
          data: sections.data.active.filter((c) => isTileShown(c) && !featured.has(c.id)),
        }
      : sections
  return (
    <>
      <Hero welcome>
        <h1 id="page-title" class="hero__title">
          {participant ? `Welcome back, ${participant.first_name}!` : `Welcome to ${program.name}!`}
        </h1>
        <p class="hero__description">
          Complete challenges to earn more {terms.points} and claim {terms.rewards}.
        </p>
        <div class="hero__balance">
          <span class="hero__balance-label">Available {terms.points}</span>
          <span class="hero__balance-value">
            {participant ? (
              formatNumber(participant.unused_points)
            ) : (
              <Skeleton width={96} height={32} class="skeleton--inverse" />
            )}
          </span>
          <a href="/my-account" class="hero__balance-link">
            My Account
            <ArrowRightIcon size={16} />
          </a>
        </div>
      </Hero>
      {data?.social && <SocialFeedSection challenge={data.social} />}
      <HomeSection id="tiles-title" title={`Earn more ${terms.points}`}>
        <ChallengeTiles
          state={tiles}
          reload={() => reload()}
          empty="You've done them all! New challenges are on the way."
          LoadError={LoadError}
        />
      </HomeSection>
      {data?.donation && <DonationSection challenge={data.donation} />}
      {program.features.offers_reward && <OffersSection />}
      <RewardsSlot section="current" />
      <RewardsSlot section="claimed" />
      {data && <CompletedActivities challenges={data.completed} />}
    </>
  )
}
