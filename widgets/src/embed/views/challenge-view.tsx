import type { RefObject } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { TesseraError } from '../../../../sdk/src/errors'
import { CollectForm } from '../../widgets/challenge/collect-form'
import { isChallengeCompleted, typeName } from '../../widgets/challenge/challenge-rules'
import { ReferralPanel, SharePanel } from '../../widgets/challenge/share-panel'
import { SocialViewer } from '../../widgets/challenge/social-viewer'
import type { Submit } from '../../widgets/challenge/submit'
import { VideoPanel } from '../../widgets/challenge/video-panel'
import { ArticlePanel, VisitPanel } from '../../widgets/challenge/visit-panel'
import { useLoad } from '../../widgets/shared/use-load'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ArrowLeftIcon, CheckCircleIcon, ExternalIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { RichText } from '../../ui/rich-text'
import { Skeleton } from '../../ui/skeleton'
import { showToast } from '../../ui/toast'
import '../../widgets/challenge/challenge.css'
import { emit } from '../events'
import { useEmbed } from '../mount'
import './challenge-view.css'

const DEFAULT_SUCCESS_MESSAGE = 'Challenge Submitted successfully!'

type ChallengeViewProps = { identifier: string; onBack: () => void }

/**
 * One challenge inside an element, with the hosted site's panels (forms, video, article, share,
 * links, social posts). A completion dispatches tessera:challenge-completed on the element and
 * refreshes the participant's points everywhere on the page.
 */
export function ChallengeView({ identifier, onBack }: ChallengeViewProps) {
  const { runtime } = useEmbed()
  const [state, , setChallenge] = useLoad(() => runtime.client.challenges.retrieve(identifier), identifier)
  const heading = useRef<HTMLHeadingElement>(null)
  const ready = state.status === 'ready'

  useEffect(() => {
    if (state.status === 'error' || (state.status === 'ready' && state.data.status !== 'active')) {
      showToast({
        tone: 'error',
        title: state.status === 'error' ? 'Error loading challenge' : 'Challenge is not active',
      })
      onBack()
    }
  }, [state, onBack])
  // Opening a challenge moves focus to its title, as a page load would.
  useEffect(() => {
    if (ready) heading.current?.focus({ preventScroll: true })
  }, [ready])

  return (
    <article class="tw-challenge" aria-busy={ready ? undefined : 'true'}>
      <button type="button" class="tw-back" onClick={onBack}>
        <ArrowLeftIcon size={16} />
        All challenges
      </button>
      {state.status === 'ready' ? (
        <ChallengeBody challenge={state.data} onChange={setChallenge} headingRef={heading} onBack={onBack} />
      ) : (
        <div class="tw-challenge__loading">
          <p class="visually-hidden" role="status">
            Loading, please wait...
          </p>
          <Skeleton width="70%" height={28} />
          <Skeleton width="100%" height={180} />
          <Skeleton width="90%" height={16} />
        </div>
      )}
    </article>
  )
}

type BodyProps = {
  challenge: Challenge
  onChange: (challenge: Challenge) => void
  headingRef: RefObject<HTMLHeadingElement | null>
  onBack: () => void
}

function ChallengeBody({ challenge, onChange, headingRef, onBack }: BodyProps) {
  const { runtime, program, host } = useEmbed()
  const points = program.term_points_as || 'points'
  const [success, setSuccess] = useState<{ message: string; points: number; score: number | null } | null>(
    null,
  )
  const completed = isChallengeCompleted(challenge)
  const type = challenge.challenge_type

  const completedNow = (earned: number) => {
    emit(host, 'tessera:challenge-completed', { challenge_id: challenge.id, points: earned })
    runtime.refresh()
  }

  const submit: Submit = async (input) => {
    try {
      const response = await runtime.client.challenges.submit(input)
      onChange(response.challenge)
      completedNow(response.points)
      if (type === 'video') showToast({ tone: 'success', title: 'Challenge Submitted!' })
      else
        setSuccess({
          message: response.message || challenge.success_message || DEFAULT_SUCCESS_MESSAGE,
          points: response.points,
          score: response.score,
        })
      return { ok: true, response }
    } catch (err) {
      const error =
        err instanceof TesseraError
          ? err
          : { code: 'internal_error', message: '', fields: undefined, body: {} }
      if (error.code === 'challenge_inactive') {
        showToast({ tone: 'error', title: 'Challenge is not active' })
        onBack()
      } else
        showToast({
          tone: 'error',
          title: 'Something went wrong',
          message: error.message || 'Please try again',
        })
      return { ok: false, error }
    }
  }

  if (success) {
    return (
      <div class="success tw-success">
        <span class="success__icon" aria-hidden="true">
          <CheckCircleIcon size={40} />
        </span>
        <h2 ref={headingRef} tabIndex={-1} class="success__title">
          {success.message}
        </h2>
        {success.points > 0 && (
          <p class="success__points">
            +{formatNumber(success.points)} {points} added to your balance
          </p>
        )}
        {success.score !== null && <p class="success__score">Your score: {success.score}%</p>}
        <Button size="lg" onClick={onBack}>
          Earn More
        </Button>
      </div>
    )
  }

  const paid = type === 'membership' || type === 'donation'
  const media = challenge.image && type !== 'video' && type !== 'unified_social'
  return (
    <>
      <header class="tw-challenge__head">
        <p class="tw-challenge__meta">
          <span class="chip">{typeName(challenge)}</span>
          {challenge.points > 0 && (
            <span class="tw-challenge__points">
              +{formatNumber(challenge.points)} {points}
            </span>
          )}
        </p>
        <h2 ref={headingRef} tabIndex={-1} class="tw-challenge__title">
          {challenge.name}
        </h2>
        {challenge.caption && <p class="tw-challenge__caption">{challenge.caption}</p>}
      </header>
      {media && <Img src={challenge.image} alt="" class="tw-challenge__image" loading="eager" />}
      <div class="tw-challenge__body">
        {challenge.description && <p class="challenge__description">{challenge.description}</p>}
        {challenge.content && type !== 'article' && (
          <RichText html={challenge.content} class="challenge__content" />
        )}
        {completed && type !== 'unified_social' && (
          <p class="tw-done" role="status">
            <CheckCircleIcon size={20} />
            You've completed this challenge.
          </p>
        )}
        {type === 'collect' && !completed && <CollectForm challenge={challenge} submit={submit} />}
        {type === 'video' && <VideoPanel challenge={challenge} submit={submit} completed={completed} />}
        {type === 'article' && <ArticlePanel challenge={challenge} submit={submit} completed={completed} />}
        {type === 'referral' && !completed && <ReferralPanel challenge={challenge} />}
        {type === 'share' && !completed && <SharePanel challenge={challenge} submit={submit} />}
        {(type === 'link' || type === 'call_action' || type === 'engage') && !completed && (
          <VisitPanel challenge={challenge} submit={submit} />
        )}
        {type === 'unified_social' && (
          <SocialViewer
            challenge={challenge}
            postId={null}
            onCompleted={() => {
              completedNow(challenge.points)
              setSuccess({
                message: challenge.success_message || DEFAULT_SUCCESS_MESSAGE,
                points: challenge.points,
                score: null,
              })
            }}
          />
        )}
        {/* Card payments run on the hosted site (its checkout returns there). */}
        {paid && !completed && (
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
      </div>
    </>
  )
}
