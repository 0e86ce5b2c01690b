import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Challenge, SubmitChallengeCompleted } from '../../../../sdk/contract/challenges'
import { TesseraError } from '../../../../sdk/src/errors'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { CheckCircleIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { RichText } from '../../ui/rich-text'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/date'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../shared/context'
import { storedAnswerLines } from './answers'
import { collectType, isChallengeCompleted, isRepeatable } from './challenge-rules'
import { CollectForm } from './collect-form'
import { ReferralPanel, SharePanel } from './share-panel'
import { SocialViewer } from './social-viewer'
import type { Submit, SubmitResult } from './submit'
import { VideoPanel } from './video-panel'
import { ArticlePanel, VisitPanel } from './visit-panel'
import './challenge.css'

export const DEFAULT_SUCCESS_MESSAGE = 'Challenge Submitted successfully!'

type Success = Pick<SubmitChallengeCompleted, 'message' | 'points' | 'score'>

export type ChallengeBodyProps = {
  challenge: Challenge
  onChange: (challenge: Challenge) => void
  /**
   * After a submit (or the last social post viewed) completed the challenge, with the points it
   * earned: re-read the balance. The site reloads its session; an element also dispatches its event.
   */
  onCompleted: (points: number) => void
  /** The server says the challenge is no longer active (after the toast): the site goes home, an element back to its list. */
  onInactive: () => void
  /** 'Earn More' as a button running this (an element goes back to its list); without it, a link home. */
  onEarnMore?: () => void
  /** The social post to show first (the site's ?post_id=). */
  postId?: number | null
  /** Shown after the type's panel: an element's way on for a payment challenge. */
  children?: ComponentChildren
}

/**
 * A challenge's content card, the same on the hosted site and in an element (participant-site.md
 * section 2, "Challenge"): image, description, content, the completed note and the type's panel (form,
 * video, article, share, referral, links, social posts); a submit shows the success screen ('Earn
 * More'), or the video's toast. The surface around it (the site's band, an element's header) names it.
 */
export function ChallengeBody({ challenge, onChange, onCompleted, onInactive, onEarnMore, postId = null, children }: ChallengeBodyProps) {
  const { client } = useSite()
  const terms = useTerms()
  const [success, setSuccess] = useState<Success | null>(null)
  const completed = isChallengeCompleted(challenge)
  const type = challenge.challenge_type

  const submit: Submit = async (input) => {
    try {
      const response = await client.challenges.submit(input)
      // A quiz under its pass score: nothing was recorded; the form shows the server's words.
      if (!response.success) return { ok: false, quizFailed: response }
      onChange(response.challenge)
      onCompleted(response.points)
      // Video challenges confirm with a toast (the panel's) instead of the success screen.
      if (type !== 'video') setSuccess(response)
      return { ok: true, response }
    } catch (err) {
      const error =
        err instanceof TesseraError
          ? err
          : { code: 'internal_error', message: '', fields: undefined, body: {} }
      if (error.code === 'challenge_inactive') {
        showToast({ tone: 'error', title: 'Challenge is not active' })
        onInactive()
      } else {
        // Answer errors show next to their questions; the server's summary names fields, not people.
        const byQuestion =
          error.code === 'answers_invalid' &&
          Object.keys(error.fields ?? {}).some((k) => k.startsWith('questions['))
        const message = byQuestion
          ? 'Please check the highlighted answers.'
          : error.message || 'Please try again'
        showToast({ tone: 'error', title: 'Something went wrong', message })
      }
      return { ok: false, error } satisfies SubmitResult
    }
  }

  if (success) {
    return (
      <div class="challenge-card">
        <SuccessScreen
          message={success.message || challenge.success_message || DEFAULT_SUCCESS_MESSAGE}
          points={success.points}
          score={success.score}
          term={terms.points}
          onEarnMore={onEarnMore}
        />
      </div>
    )
  }

  const isVideoOrSocial = type === 'video' || type === 'unified_social'
  return (
    <div class="challenge-card">
      {challenge.image && !isVideoOrSocial && (
        <div class="challenge-card__media">
          <Img src={challenge.image} alt="" class="challenge-card__image" loading="eager" />
        </div>
      )}
      <div class="challenge-card__body">
        {challenge.description && <p class="challenge__description">{challenge.description}</p>}
        {challenge.content && type !== 'article' && (
          <RichText html={challenge.content} class="challenge__content" />
        )}
        {completed && type !== 'unified_social' && <CompletedNote challenge={challenge} />}
        {type === 'collect' &&
          (completed ? <StoredAnswers challenge={challenge} /> : <CollectForm challenge={challenge} submit={submit} />)}
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
            postId={postId}
            onCompleted={() => {
              onCompleted(challenge.points)
              setSuccess({
                message: challenge.success_message || DEFAULT_SUCCESS_MESSAGE,
                points: challenge.points,
                score: null,
              })
            }}
          />
        )}
        {children}
        {completed && type !== 'unified_social' && type !== 'video' && (
          <div class="challenge__more">
            <EarnMore onClick={onEarnMore} />
          </div>
        )}
      </div>
    </div>
  )
}

/** The card's placeholder while the challenge loads. */
export function ChallengeLoading() {
  return (
    <div class="challenge-card">
      <div class="challenge-card__body">
        <p class="visually-hidden" role="status">
          Loading, please wait...
        </p>
        <Skeleton width="100%" height={220} />
        <Skeleton width="90%" height={18} />
        <Skeleton width="70%" height={18} />
      </div>
    </div>
  )
}

function EarnMore({ onClick }: { onClick: (() => void) | undefined }) {
  if (onClick)
    return (
      <Button size="lg" onClick={onClick}>
        Earn More
      </Button>
    )
  return (
    <a href="/" class={buttonClass('primary', 'lg')}>
      Earn More
    </a>
  )
}

const AGAIN: Record<string, string> = { daily: 'tomorrow', weekly: 'next week', monthly: 'next month' }

function CompletedNote({ challenge }: { challenge: Challenge }) {
  const date = formatDate(challenge.completed_by_current_participant_on)
  const repeat =
    typeof challenge.parameters.repeat === 'string' ? AGAIN[challenge.parameters.repeat] : undefined
  let note = 'Nice work! Find more ways to earn on the home page.'
  if (isRepeatable(challenge))
    note = repeat ? `Come back ${repeat} to earn again.` : "You've completed this as many times as it allows."
  return (
    <div class="completed-note" role="status">
      <CheckCircleIcon size={24} />
      <div>
        <p class="completed-note__title">
          Completed{date && <span class="completed-note__date"> on {date}</span>}
        </p>
        <p class="completed-note__text">{note}</p>
      </div>
    </div>
  )
}

function StoredAnswers({ challenge }: { challenge: Challenge }) {
  if (collectType(challenge) === 'quiz') return null
  const lines = storedAnswerLines(challenge.questions, challenge.participant_answers)
  if (!lines.length) return null
  return (
    <section class="answers" aria-labelledby="answers-title">
      <h2 id="answers-title" class="panel__title">
        Your answers
      </h2>
      <dl class="answers__list">
        {lines.map((line) => (
          <div key={line.title} class="answers__row">
            <dt>{line.title}</dt>
            <dd>{line.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function SuccessScreen({
  message,
  points,
  score,
  term,
  onEarnMore,
}: {
  message: string
  points: number
  score: number | null
  term: string
  onEarnMore: (() => void) | undefined
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <div class="success">
      <span class="success__icon" aria-hidden="true">
        <CheckCircleIcon size={40} />
      </span>
      <h2 ref={heading} tabIndex={-1} class="success__title">
        {message}
      </h2>
      {points > 0 && (
        <p class="success__points">
          +{formatNumber(points)} {term} added to your balance
        </p>
      )}
      {score !== null && <p class="success__score">Your score: {score}%</p>}
      <EarnMore onClick={onEarnMore} />
    </div>
  )
}
