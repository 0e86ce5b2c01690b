import type { PublicProgram } from '../../../../sdk/contract/program'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ArrowRightIcon, GiftIcon, SparkIcon, StarIcon, TrophyIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { useSite, useTerms } from '../context'

const backgroundOf = (program: PublicProgram) => {
  const image = program.program_template_detail.header_background_image
  return image ? { backgroundImage: `url(${JSON.stringify(image)})` } : undefined
}

/** Home (/): a hero and sign-in prompts for visitors, a welcome with the balance for participants. */
export function HomePage() {
  const { session } = useSite()
  return session.signedIn.value ? <WelcomeHero /> : <VisitorHome />
}

function VisitorHome() {
  const { program } = useSite()
  const terms = useTerms()
  const detail = program.program_template_detail
  const bonus = program.signup_challenge?.points
  return (
    <>
      <section class="hero" style={backgroundOf(program)} aria-labelledby="page-title">
        <div class="container hero__inner">
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
        </div>
      </section>
      <section class="container steps" aria-labelledby="steps-title">
        <h2 id="steps-title" class="section-title">
          How it works
        </h2>
        <ol class="steps__list">
          <li class="step-card">
            <span class="step-card__icon">
              <StarIcon size={22} />
            </span>
            <h3 class="step-card__title">Join in seconds</h3>
            <p class="step-card__text">
              Sign up with your email. No password to remember
              {bonus !== undefined ? `, and +${formatNumber(bonus)} ${terms.points} to start.` : '.'}
            </p>
          </li>
          <li class="step-card">
            <span class="step-card__icon">
              <TrophyIcon size={22} />
            </span>
            <h3 class="step-card__title">Complete challenges</h3>
            <p class="step-card__text">Watch, read, share and take part to earn {terms.points} along the way.</p>
          </li>
          <li class="step-card">
            <span class="step-card__icon">
              <GiftIcon size={22} />
            </span>
            <h3 class="step-card__title">Claim {terms.rewards}</h3>
            <p class="step-card__text">
              Turn your {terms.points} into {terms.rewards} from {program.name}.
            </p>
          </li>
        </ol>
      </section>
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
    </>
  )
}

function WelcomeHero() {
  const { program, session } = useSite()
  const terms = useTerms()
  const participant = session.participant.value
  return (
    <section class="hero hero--welcome" style={backgroundOf(program)} aria-labelledby="page-title">
      <div class="container hero__inner hero__inner--split">
        <div class="hero__text">
          <h1 id="page-title" class="hero__title">
            {participant ? `Welcome back, ${participant.first_name}!` : `Welcome to ${program.name}!`}
          </h1>
          <p class="hero__description">
            Complete challenges to earn more {terms.points} and claim {terms.rewards}.
          </p>
        </div>
        <div class="balance-card">
          <p class="balance-card__label">Available {terms.points}</p>
          {participant ? (
            <p class="balance-card__value">{formatNumber(participant.unused_points)}</p>
          ) : (
            <Skeleton width={120} height={44} />
          )}
          <p class="balance-card__meta">
            {participant ? `${formatNumber(participant.points)} ${terms.points} earned all time` : <Skeleton width={160} height={14} />}
          </p>
          <a href="/my-account" class={buttonClass('primary', 'md', 'btn--block')}>
            My Account
          </a>
        </div>
      </div>
    </section>
  )
}
