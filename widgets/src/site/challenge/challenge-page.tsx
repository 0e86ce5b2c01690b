import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { formatNumber } from '../../ui/format'
import { ArrowLeftIcon, CalendarIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/time'
import { showToast } from '../../ui/toast'
import { ChallengeBody, ChallengeLoading } from '../../widgets/challenge/challenge-body'
import { inactiveNotice, typeName } from '../../widgets/challenge/challenge-rules'
import { useSite, useTerms } from '../../widgets/shared/context'
import { useLoad } from '../../widgets/shared/use-load'
import { currentUrl, navigate } from '../router'
import { PaymentModal } from './payment-modal'
import './challenge-page.css'

/** /challenge/{identifier}, for a participant (the app sends visitors to sign in first: app.tsx). */
export function ChallengePage({ identifier, backdrop }: { identifier: string; backdrop: ComponentChildren }) {
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
      showToast({ tone: 'error', ...inactiveNotice(state.data) })
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

/** The page: the band (back link, type, points, end date, title) over the challenge's card. */
function ChallengeView({ challenge, onChange }: { challenge: Challenge; onChange: (c: Challenge) => void }) {
  const { session } = useSite()
  const postId = Number(new URLSearchParams(currentUrl.value.search).get('post_id'))
  return (
    <article class="challenge" aria-labelledby="page-title">
      <ChallengeBand challenge={challenge} />
      <div class="container challenge__body">
        <ChallengeBody
          challenge={challenge}
          onChange={onChange}
          onCompleted={() => void session.load()}
          onInactive={() => navigate('/')}
          postId={Number.isInteger(postId) && postId > 0 ? postId : null}
        />
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

/**
 * While the challenge loads: as tall as the lazy page's loading band (.page-loading), so the footer
 * stays below the fold until the challenge replaces it (it rose into view and went down again: a CLS
 * of 0.097 on a phone).
 */
function ChallengeSkeleton() {
  return (
    <div class="challenge page-loading" aria-busy="true">
      <div class="page-band challenge-band">
        <div class="container challenge-band__inner">
          <Skeleton width={120} height={16} class="skeleton--inverse" />
          <Skeleton width="min(520px, 80%)" height={40} class="skeleton--inverse" />
          <Skeleton width="min(360px, 60%)" height={20} class="skeleton--inverse" />
        </div>
      </div>
      <div class="container challenge__body">
        <ChallengeLoading />
      </div>
    </div>
  )
}
