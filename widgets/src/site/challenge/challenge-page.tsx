import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Challenge, SubmitChallengeResponse } from '../../../../sdk/contract/challenges'
import { TesseraError } from '../../../../sdk/src/errors'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ArrowLeftIcon, CalendarIcon, CheckCircleIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { RichText } from '../../ui/rich-text'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/time'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../../widgets/shared/context'
import { Redirect } from '../pages/redirect'
import { currentUrl, navigate } from '../router'
import { useLoad } from '../../widgets/shared/use-load'
import { storedAnswerLines } from '../../widgets/challenge/answers'
import { collectType, isChallengeCompleted, isRepeatable, typeName } from '../../widgets/challenge/challenge-rules'
import { CollectForm } from '../../widgets/challenge/collect-form'
import { PaymentModal } from './payment-modal'
import { ReferralPanel, SharePanel } from '../../widgets/challenge/share-panel'
import { SocialViewer } from '../../widgets/challenge/social-viewer'
import type { Submit, SubmitResult } from '../../widgets/challenge/submit'
import { VideoPanel } from '../../widgets/challenge/video-panel'
import { ArticlePanel, VisitPanel } from '../../widgets/challenge/visit-panel'
import '../../widgets/challenge/challenge.css'

export const DEFAULT_SUCCESS_MESSAGE = 'Challenge Submitted successfully!'

/** /challenge/{identifier}: signed-out visitors sign in first and come back here. */
export function ChallengePage({ identifier, backdrop }: { identifier: string; backdrop: ComponentChildren }) {
  const { session } = useSite()
  const { pathname, search } = currentUrl.value
  if (!session.signedIn.value)
    return <Redirect to={`/signin?redirect_to=${encodeURIComponent(pathname + search)}`} />
  return <ChallengeLoader key={identifier} identifier={identifier} backdrop={backdrop} />
}

function ChallengeLoader({ identifier, backdrop }: { identifier: string; backdrop: ComponentChildren }) {
  const { client, program } = useSite()
  const [state, reload, setChallenge] = useLoad(() => client.challenges.retrieve(identifier), identifier)
  const leaving = useRef(false)

  useEffect(() => {
    if (leaving.current) return
    if (state.status === 'error') {
      leaving.current = true
      showToast({ tone: 'error', title: 'Error loading challenge' })
      navigate('/', { replace: true })
    } else if (state.status === 'ready' && state.data.status !== 'active') {
      leaving.current = true
      showToast({ tone: 'error', title: 'Challenge is not active' })
      navigate('/', { replace: true })
    }
  }, [state])

  const title = state.status === 'ready' ? state.data.name : null
  useEffect(() => {
    if (title) document.title = `${title} | ${program.name}`
  }, [title, program.name])

  if (state.status !== 'ready' || state.data.status !== 'active') return <ChallengeSkeleton />
  const challenge = state.data
  if (challenge.challenge_type === 'membership' || challenge.challenge_type === 'donation') {
    return (
      <>
        {backdrop}
        <PaymentModal challenge={challenge} onPaid={() => reload(true)} />
      </>
    )
  }
  return <ChallengeView challenge={challenge} onChange={setChallenge} />
}

function ChallengeView({ challenge, onChange }: { challenge: Challenge; onChange: (c: Challenge) => void }) {
  const { client, session } = useSite()
  const terms = useTerms()
  const [success, setSuccess] = useState<Pick<
    SubmitChallengeResponse,
    'message' | 'points' | 'score'
  > | null>(null)
  const completed = isChallengeCompleted(challenge)
  const type = challenge.challenge_type
  const postId = Number(new URLSearchParams(currentUrl.value.search).get('post_id'))

  const submit: Submit = async (input) => {
    try {
      const response = await client.challenges.submit(input)
      onChange(response.challenge)
      void session.load()
      // Video challenges confirm with a toast instead of the success screen.
      if (type !== 'video') setSuccess(response)
      return { ok: true, response }
    } catch (err) {
      const error =
        err instanceof TesseraError
          ? err
          : { code: 'internal_error', message: '', fields: undefined, body: {} }
      if (error.code === 'challenge_inactive') {
        showToast({ tone: 'error', title: 'Challenge is not active' })
        navigate('/')
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

  const isVideoOrSocial = type === 'video' || type === 'unified_social'
  return (
    <article class="challenge" aria-labelledby="page-title">
      <ChallengeBand challenge={challenge} />
      <div class="container challenge__body">
        <div class="challenge-card">
          {success ? (
            <SuccessScreen
              message={success.message || challenge.success_message || DEFAULT_SUCCESS_MESSAGE}
              points={success.points}
              score={success.score}
              term={terms.points}
            />
          ) : (
            <>
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
                  (completed ? (
                    <StoredAnswers challenge={challenge} />
                  ) : (
                    <CollectForm challenge={challenge} submit={submit} />
                  ))}
                {type === 'video' && (
                  <VideoPanel challenge={challenge} submit={submit} completed={completed} />
                )}
                {type === 'article' && (
                  <ArticlePanel challenge={challenge} submit={submit} completed={completed} />
                )}
                {type === 'referral' && !completed && <ReferralPanel challenge={challenge} />}
                {type === 'share' && !completed && <SharePanel challenge={challenge} submit={submit} />}
                {(type === 'link' || type === 'call_action' || type === 'engage') && !completed && (
                  <VisitPanel challenge={challenge} submit={submit} />
                )}
                {type === 'unified_social' && (
                  <SocialViewer
                    challenge={challenge}
                    postId={Number.isInteger(postId) && postId > 0 ? postId : null}
                    onCompleted={() => {
                      void session.load()
                      setSuccess({
                        message: challenge.success_message || DEFAULT_SUCCESS_MESSAGE,
                        points: challenge.points,
                        score: null,
                      })
                    }}
                  />
                )}
                {completed && type !== 'unified_social' && type !== 'video' && (
                  <div class="challenge__more">
                    <a href="/" class={buttonClass('primary', 'lg')}>
                      Earn More
                    </a>
                  </div>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </article>
  )
}

function ChallengeBand({ challenge }: { challenge: Challenge }) {
  const terms = useTerms()
  return (
    <div class="page-band challenge-band">
      <div class="container challenge-band__inner">
        <a href="/" class="challenge-band__back">
          <ArrowLeftIcon size={16} />
          All challenges
        </a>
        <div class="challenge-band__meta">
          <span class="chip chip--inverse">{typeName(challenge)}</span>
          {challenge.points > 0 && (
            <span class="chip chip--points">
              +{formatNumber(challenge.points)} {terms.points}
            </span>
          )}
          {challenge.finish && (
            <span class="challenge-band__ends">
              <CalendarIcon size={16} />
              Ends {formatDate(challenge.finish)}
            </span>
          )}
        </div>
        <h1 id="page-title" class="page-band__title challenge-band__title">
          {challenge.name}
        </h1>
        {challenge.caption && <p class="challenge-band__caption">{challenge.caption}</p>}
      </div>
    </div>
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
}: {
  message: string
  points: number
  score: number | null
  term: string
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
      <a href="/" class={buttonClass('primary', 'lg')}>
        Earn More
      </a>
    </div>
  )
}

function ChallengeSkeleton() {
  return (
    <div class="challenge" aria-busy="true">
      <div class="page-band challenge-band">
        <div class="container challenge-band__inner">
          <Skeleton width={120} height={16} class="skeleton--inverse" />
          <Skeleton width="min(520px, 80%)" height={40} class="skeleton--inverse" />
          <Skeleton width="min(360px, 60%)" height={20} class="skeleton--inverse" />
        </div>
      </div>
      <div class="container challenge__body">
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
      </div>
    </div>
  )
}
