import { useEffect, useRef } from 'preact/hooks'
import { NotFoundError } from '../../../../sdk/src/errors'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { isChallengeCompleted } from '../../widgets/challenge/challenge-completion'
import { useLoad } from '../../widgets/shared/use-load'
import { LoadError } from '../../widgets/shared/load-error-lazy'
import { PaymentChallenge } from '../../widgets/membership/payment-challenge'
import { Skeleton } from '../../ui/skeleton'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { useSiteLinks } from '../links'
import { useEmbed } from '../mount'
import { SigninPrompt } from './signin-prompt'
import { lazyView } from '../lazy-view'
import './payment.css'

type Kind = 'membership' | 'donation'

/** The membership and donation forms, fetched once signed in (signed out, the card offers 'Sign in to join'). */
const Membership = lazyView(() => import('../../widgets/membership/membership').then((m) => m.Membership))
const Donation = lazyView(() => import('../../widgets/donation/donation').then((m) => m.Donation))

/** <tessera-membership challenge-id="..">: the membership challenge with Become a member. */
export function MembershipView() {
  return <PaymentView kind="membership" />
}

/** <tessera-donation challenge-id="..">: the donation challenge with its causes and amounts. */
export function DonationView() {
  return <PaymentView kind="donation" />
}

/**
 * A membership or donation challenge inside an element: the hosted site's payment card
 * (widgets/membership/payment-challenge) under the challenge's name.
 * Signed-out visitors see the plans or causes with 'Sign in to join', which opens the sign-in form inside
 * the element (signin-prompt.tsx); the checkout opens in the partner's top window
 * (Stripe Checkout cannot be framed) after tessera:checkout-started.
 */
function PaymentView({ kind }: { kind: Kind }) {
  const { runtime, attrs, host } = useEmbed()
  const id = attrs['challenge-id']?.trim() ?? ''
  const signedIn = runtime.session.signedIn.value
  // A challenge the program does not have stays unknown after a sign-in: no second request for it.
  const unknown = useRef<{ id: string; error: unknown } | null>(null)
  const [state, reload] = useLoad(() => {
    if (!id) return Promise.reject(new Error('no id'))
    if (unknown.current?.id === id) return Promise.reject(unknown.current.error)
    return runtime.client.challenges.retrieve(id).catch((error: unknown) => {
      if (error instanceof NotFoundError) unknown.current = { id, error }
      throw error
    })
  }, `${id}:${signedIn}`)
  const tag = `tessera-${kind}`
  const problem = !id
    ? `Tessera: <${tag}> needs a challenge-id attribute (the id or identifier of a ${kind} challenge)`
    : state.status === 'error' && state.error instanceof NotFoundError
      ? `Tessera: <${tag} challenge-id="${id}">: program "${runtime.programKey}" has no challenge with that id; check the challenge-id attribute`
      : state.status === 'ready' && state.data.challenge_type !== kind
        ? `Tessera: <${tag} challenge-id="${id}">: that challenge is not a ${kind} challenge`
        : null
  // Told once per element and problem (a sign-in renders the same error again).
  const logged = useRef(new Set<string>())
  useEffect(() => {
    if (!problem || logged.current.has(problem)) return
    logged.current.add(problem)
    console.error(problem, host)
  }, [problem, host])
  if (!id) return <p class="tw-notice">Set the challenge-id attribute to a {kind} challenge's id.</p>
  if (state.status === 'loading') return <PaymentSkeleton />
  if (state.status === 'error' || state.data.challenge_type !== kind || state.data.status !== 'active') {
    return state.status === 'error' && !(state.error instanceof NotFoundError) ? (
      <LoadError class="tw-notice" message="Error loading challenge" retry={reload} />
    ) : (
      <LoadError class="tw-notice" message="This challenge is not available." />
    )
  }
  return <PaymentCard challenge={state.data} kind={kind} signedIn={signedIn} />
}

function PaymentCard({ challenge, kind, signedIn }: { challenge: Challenge; kind: Kind; signedIn: boolean }) {
  const { runtime, host } = useEmbed()
  const completed = isChallengeCompleted(challenge)
  const box = useRef<HTMLElement>(null)
  // 'See my offers' and the like open the hosted site.
  useSiteLinks(box, runtime.siteUrl, () => false)
  // After the checkout call answered: the checkout helpers come with it (embed/checkout.ts).
  const onCheckout = (res: CheckoutSessionResponse) =>
    void import('../checkout').then((m) => m.openCheckout(res, runtime.apiBase, host, { challenge_id: challenge.id, kind }))
  return (
    <article ref={box} class="tw-card tw-pay" aria-labelledby="pay-title">
      <h2 id="pay-title" class="tw-pay__title">
        {challenge.name}
      </h2>
      <PaymentChallenge challenge={challenge}>
        {!signedIn ? (
          <SigninPrompt reason={kind === 'membership' ? 'Sign in to become a member.' : 'Sign in to give.'} />
        ) : kind === 'membership' ? (
          <Membership challenge={challenge} completed={completed} onCheckout={onCheckout} />
        ) : (
          <Donation challenge={challenge} completed={completed} onCheckout={onCheckout} />
        )}
      </PaymentChallenge>
    </article>
  )
}

function PaymentSkeleton() {
  return (
    <div class="tw-card tw-pay" aria-busy="true">
      <p class="visually-hidden" role="status">
        Loading, please wait...
      </p>
      <Skeleton width="60%" height={28} />
      <Skeleton width="100%" height={160} />
      <Skeleton width="90%" height={16} />
    </div>
  )
}
