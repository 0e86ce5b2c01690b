import type { ChallengeCard } from '../../../../sdk/contract/challenges'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ArrowRightIcon, SparkIcon } from '../../ui/icons'
import { useSite, useTerms } from '../../widgets/shared/context'
import { isTileShown } from '../../widgets/challenge/challenge-rules'
import { LoadError } from '../../widgets/shared/load-error'
import { type LoadState, useLoad } from '../../widgets/shared/use-load'
import { AfterFirstPaint } from '../after-first-paint'
import { LazyPage } from '../lazy-page'
import { participantHomePage } from '../lazy-pages'
import { takePrimed } from '../primed'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import { Hero } from './hero'
import { RewardsSlot } from './rewards-slot'
import { ChallengeTiles, HomeSection } from '../../widgets/tiles/sections'
import '../../widgets/tiles/tiles.css'
import './home.css'

/**
 * Home (/): the visitor's landing page, or the participant's dashboard of challenges. The dashboard
 * is a chunk of its own (participant-home.tsx): a visitor's first page does not carry it, and a
 * participant's page preloads it (worker/src/features/site/page-preloads.ts).
 */
export function HomePage() {
  const { session } = useSite()
  return session.signedIn.value ? <LazyPage loader={participantHomePage} props={{}} /> : <VisitorHome />
}

function VisitorHome() {
  const { program, client } = useSite()
  const terms = useTerms()
  const detail = program.program_template_detail
  const bonus = program.signup_challenge?.points
  const [tiles, reload] = useLoad<ChallengeCard[]>(
    () => client.home.activeUncompletedChallenges().then((r) => r.data.filter(isTileShown)),
    'tiles',
    takePrimed<{ data: ChallengeCard[] }>(visitorHomeRoutes.activeUncompleted)?.data.filter(isTileShown),
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
function VisitorSections({ tiles, reload }: { tiles: LoadState<ChallengeCard[]>; reload: () => void }) {
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
