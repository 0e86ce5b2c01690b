import { useEffect, useRef } from 'preact/hooks'
import { ChallengeBody, ChallengeLoading } from '../../widgets/challenge/challenge-body'
import { inactiveNotice, isChallengeCompleted, typeName } from '../../widgets/challenge/challenge-rules'
import { useLoad } from '../../widgets/shared/use-load'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ExternalIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { showToast } from '../../ui/toast'
import { emit } from '../events'
import { useEmbed } from '../mount'
import { BackButton } from './back-button'
import './challenge-view.css'

type ChallengeViewProps = { identifier: string; onBack: () => void }

/**
 * One challenge inside an element: a back button and the challenge's header over the hosted site's
 * challenge card (widgets/challenge/challenge-body). A completion dispatches
 * tessera:challenge-completed on the element and refreshes the participant's points everywhere on the
 * page; 'Earn More' and an inactive challenge go back to the list.
 */
export function ChallengeView({ identifier, onBack }: ChallengeViewProps) {
  const { runtime, program, host } = useEmbed()
  const [state, , setChallenge] = useLoad(() => runtime.client.challenges.retrieve(identifier), identifier)
  const heading = useRef<HTMLHeadingElement>(null)
  const ready = state.status === 'ready'
  const points = program.term_points_as || 'points'

  useEffect(() => {
    if (state.status === 'error' || (state.status === 'ready' && state.data.status !== 'active')) {
      showToast({
        tone: 'error',
        ...(state.status === 'error' ? { title: 'Error loading challenge' } : inactiveNotice(state.data)),
      })
      onBack()
    }
  }, [state, onBack])
  // Opening a challenge moves focus to its title, as a page load would.
  useEffect(() => {
    if (ready) heading.current?.focus({ preventScroll: true })
  }, [ready])

  if (state.status !== 'ready') {
    return (
      <article class="tw-challenge" aria-busy="true">
        <BackButton onBack={onBack} />
        <Skeleton width="70%" height={28} />
        <ChallengeLoading />
      </article>
    )
  }
  const challenge = state.data
  const type = challenge.challenge_type
  const paid = type === 'membership' || type === 'donation'
  return (
    <article class="tw-challenge">
      <BackButton onBack={onBack} />
      <header class="tw-challenge__head">
        <p class="tw-challenge__meta">
          <span class="chip">{typeName(challenge)}</span>
          {challenge.points > 0 && (
            <span class="tw-challenge__points">
              +{formatNumber(challenge.points)} {points}
            </span>
          )}
        </p>
        <h2 ref={heading} tabIndex={-1} class="tw-challenge__title">
          {challenge.name}
        </h2>
        {challenge.caption && <p class="tw-challenge__caption">{challenge.caption}</p>}
      </header>
      <ChallengeBody
        challenge={challenge}
        onChange={setChallenge}
        onCompleted={(earned) => {
          emit(host, 'tessera:challenge-completed', { challenge_id: challenge.id, points: earned })
          runtime.refresh()
        }}
        onInactive={onBack}
        onEarnMore={onBack}
      >
        {/* Card payments run on the hosted site (its checkout returns there). */}
        {paid && !isChallengeCompleted(challenge) && (
          <a
            class={buttonClass('primary', 'lg')}
            href={runtime.siteUrl(`/challenge/${encodeURIComponent(challenge.identifier)}`)}
            target="_blank"
            rel="noopener"
          >
            Continue on {program.name}
            <ExternalIcon size={18} />
            <span class="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </ChallengeBody>
    </article>
  )
}
