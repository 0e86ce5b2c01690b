import { useEffect, useState } from 'preact/hooks'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { Button, buttonClass } from '../../ui/button'
import { Carousel } from '../../ui/carousel'
import { formatNumber } from '../../ui/format'
import { ArrowRightIcon, SparkIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { useLoad } from '../shared/use-load'
import { challengeTypeLabel, COUNTER, counterLabel, counterValue } from './offers-format'
import { useOffersHost } from './offers-host'
import { savedLocation } from './offers-state'
import { resolveLocation } from './offers-storage'
import { LockIcon } from './offers-icons'

const reducedMotion = () =>
  typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches

/** Counts from 0 to `to` over 3500 ms (at once when the visitor asked for less motion). */
export function useCounter(to: number): number {
  const [value, setValue] = useState<number>(COUNTER.from)
  useEffect(() => {
    if (reducedMotion()) {
      setValue(to)
      return
    }
    let frame = 0
    const start = performance.now()
    const tick = (now: number) => {
      const next = counterValue(now - start, { ...COUNTER, to })
      setValue(next)
      if (next < to) frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [to])
  return value
}

/**
 * The offers near the visitor's saved location (the search's totalOffers), for the counter; null
 * until known, or when no location is saved (the counter is then left out rather than invented).
 */
function useOffersNear(): { count: number; near: string | null } | null {
  const { client } = useOffersHost()
  const location = resolveLocation({ zip_code: '', latitude: undefined, longitude: undefined }, savedLocation.value)
  const key = JSON.stringify(location)
  const [state] = useLoad(
    () => (location ? client.offers.search({ ...location, page: 1 }) : Promise.resolve(null)),
    key,
  )
  if (state.status !== 'ready' || !state.data || !location) return null
  return { count: state.data.totalOffers, near: location.zip_code ?? null }
}

type UnlockChallenge = PublicProgram['challenges_with_offer_rewards'][number]

type PremiumPromptProps = {
  /** Signed out (Join now signs up) or signed in without offers (Join now buys the membership). */
  mode: 'authentication' | 'authorization'
  onJoin: () => void
  /** The membership checkout is being created. */
  joining?: boolean
  /** Signed out: the login link. */
  loginHref: string
  /** Signed in: whether a paid membership exists to join. */
  canJoin: boolean
  /** Signed in: challenges whose completion unlocks offers. */
  challenges: readonly UnlockChallenge[]
}

/**
 * 'Premium Access Required' (participant-site.md section 2): the animated count of offers near the
 * visitor (labelled, from the real search), Join now,
 * a login link for visitors, and the carousel of challenges that unlock offers for participants.
 */
export function PremiumPrompt({ mode, onJoin, joining, loginHref, canJoin, challenges }: PremiumPromptProps) {
  const offers = useOffersNear()
  return (
    <div class="premium">
      <div class="premium__counter">
        <span class="premium__lock" aria-hidden="true">
          <LockIcon size={22} />
        </span>
        {offers && offers.count > 0 && <OffersCounter count={offers.count} near={offers.near} />}
        <p class="premium__phrase">
          Members unlock discounts at restaurants, shops, attractions and hotels.
        </p>
      </div>

      {mode === 'authentication' ? (
        <>
          <p class="premium__text">Join now to start saving on the offers near you.</p>
          <Button size="lg" block onClick={onJoin}>
            Join now
          </Button>
          <p class="premium__login">
            Already a member? <a href={loginHref}>Log in</a>
          </p>
        </>
      ) : (
        <>
          <p class="premium__text">
            Your account does not include offers yet.{' '}
            {canJoin
              ? 'Become a member to redeem this offer.'
              : 'Complete a challenge below to redeem this offer.'}
          </p>
          {canJoin && (
            <Button size="lg" block onClick={onJoin} loading={joining}>
              {joining ? 'Opening checkout...' : 'Join now'}
            </Button>
          )}
          {challenges.length > 0 && (
            <div class="premium__unlock">
              <h3 class="premium__unlock-title">
                {canJoin ? 'Or unlock offers with a challenge' : 'Unlock offers with a challenge'}
              </h3>
              <Carousel
                items={challenges}
                label="Challenges that unlock offers"
                itemKey={(c) => c.id}
                class="premium__carousel"
                renderItem={(c) => <UnlockCard challenge={c} />}
              />
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** The animated number with what it counts; screen readers get the final figure at once. */
function OffersCounter({ count, near }: { count: number; near: string | null }) {
  const value = useCounter(count)
  const label = counterLabel(count, near)
  return (
    <p class="premium__number">
      <span aria-hidden="true">{formatNumber(value)}</span>
      <span class="visually-hidden">{`${formatNumber(count)} `}</span>
      <span class="premium__number-label">{label}</span>
    </p>
  )
}

function UnlockCard({ challenge }: { challenge: UnlockChallenge }) {
  const type = challengeTypeLabel(challenge.challenge_type)
  return (
    <a class="unlock-card" href={`/challenge/${encodeURIComponent(challenge.identifier)}`}>
      <span class="unlock-card__media">
        <Img
          src={challenge.image}
          alt=""
          class="unlock-card__image"
          fallback={<span class="unlock-card__image unlock-card__image--empty" />}
        />
        <span class="unlock-card__type">{type}</span>
      </span>
      <span class="unlock-card__body">
        <span class="unlock-card__icon" aria-hidden="true">
          <Img src={challenge.icon} alt="" width={28} height={28} fallback={<SparkIcon size={18} />} />
        </span>
        <span class="unlock-card__caption">{challenge.caption}</span>
        <span class={buttonClass('ghost', 'sm', 'unlock-card__cta')} aria-hidden="true">
          <ArrowRightIcon size={18} />
        </span>
      </span>
    </a>
  )
}
