import type { Challenge, ChallengeTile } from '../../../../sdk/contract/challenges'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ArrowRightIcon, SparkIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { useSite, useTerms } from '../../widgets/shared/context'
import { isTileShown } from '../../widgets/challenge/challenge-rules'
import { LoadError } from '../../widgets/shared/load-error'
import { writesSettled } from '../../widgets/shared/pending-writes'
import { type LoadState, useLoad } from '../../widgets/shared/use-load'
import { AfterFirstPaint } from '../after-first-paint'
import { takePrimed } from '../primed'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import { Hero } from './hero'
import { RewardsSlot } from './rewards-slot'
import {
  ChallengeTiles,
  CompletedActivities,
  DonationSection,
  HomeSection,
  SocialFeedSection,
} from '../../widgets/tiles/sections'
import '../../widgets/tiles/tiles.css'
import './home.css'

/** Home (/): the visitor's landing page, or the participant's dashboard of challenges. */
export function HomePage() {
  const { session } = useSite()
  return session.signedIn.value ? <ParticipantHome /> : <VisitorHome />
}

function VisitorHome() {
  const { program, client } = useSite()
  const terms = useTerms()
  const detail = program.program_template_detail
  const bonus = program.signup_challenge?.points
  const [tiles, reload] = useLoad(
    () => client.home.activeUncompletedChallenges().then((r) => r.data.filter(isTileShown)),
    'tiles',
    takePrimed<{ data: ChallengeTile[] }>(visitorHomeRoutes.activeUncompleted)?.data.filter(isTileShown),
  )
  return (
    <>
      <Hero>
        {bonus !== undefined && (
          <p class="hero__eyebrow">
            <SparkIcon size={16} />
            Join free and get +{formatNumber(bonus)} {terms.points}
          </p>
        )}
        <h1 id="page-title" class="hero__title">
          {detail.header_text || `Welcome to ${program.name}`}
        </h1>
        {detail.header_description && <p class="hero__description">{detail.header_description}</p>}
        <div class="hero__actions">
          <a href="/signin" class={buttonClass('secondary', 'lg')}>
            Get Started
            <ArrowRightIcon size={18} />
          </a>
        </div>
      </Hero>
      <VisitorSections tiles={tiles} reload={reload} />
    </>
  )
}

/** The visitor home below its hero: the challenge tiles, the featured rewards and the sign-in banner. */
function VisitorSections({ tiles, reload }: { tiles: LoadState<ChallengeTile[]>; reload: () => void }) {
  const terms = useTerms()
  return (
    <>
      <AfterFirstPaint>
        <HomeSection
          id="tiles-title"
          title={`Ways to earn ${terms.points}`}
          subtitle={`Sign in, pick a challenge and watch your ${terms.points} grow.`}
        >
          <ChallengeTiles
            state={tiles}
            reload={reload}
            empty="New challenges are on the way. Check back soon."
            LoadError={LoadError}
          />
        </HomeSection>
      </AfterFirstPaint>
      <AfterFirstPaint>
        <RewardsSlot section="active" />
      </AfterFirstPaint>
      <AfterFirstPaint>
        <section class="container" aria-labelledby="banner-title">
          <div class="signin-banner">
            <div>
              <h2 id="banner-title" class="signin-banner__title">
                Already a member?
              </h2>
              <p class="signin-banner__text">
                Sign in to check your {terms.points}, finish challenges and claim {terms.rewards}.
              </p>
            </div>
            <a href="/signin" class={buttonClass('inverse', 'lg')}>
              Sign In
            </a>
          </div>
        </section>
      </AfterFirstPaint>
    </>
  )
}

type MemberSections = {
  active: ChallengeTile[]
  completed: ChallengeTile[]
  social: Challenge | null
  donation: Challenge | null
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

function ParticipantHome() {
  const { program, client, session } = useSite()
  const terms = useTerms()
  const participant = session.participant.value
  const [sections, reload] = useLoad(() => loadSections(client, program.features), 'sections')
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
      <RewardsSlot section="offers" />
      <RewardsSlot section="current" />
      <RewardsSlot section="claimed" />
      {data && <CompletedActivities challenges={data.completed} />}
    </>
  )
}
