import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import type { Reward } from '../../../../sdk/contract/rewards'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { newIdempotencyKey } from '../../../../sdk/src/transport'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { CalendarIcon, ChevronDownIcon, GiftIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { lazy } from '../../ui/lazy'
import { LazyRichText as RichText } from '../../ui/lazy-rich-text'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/date'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../shared/context'
import { safeHttpUrl } from '../membership/membership-checkout'
import {
  entriesText,
  type RewardAction,
  type RewardView,
  rewardKindLabel,
  rewardView,
} from './reward-rules'
import './reward.css'

/**
 * The earned state (its code's copy field) and the NFT certificate, fetched when a card shows them:
 * a visitor who has not earned the reward downloads neither (reward-earned.tsx).
 */
const Earned = lazy(() => import('./reward-earned').then((m) => m.Earned))
const Certificate = lazy(() => import('./reward-earned').then((m) => m.Certificate))

/** The checkout redirect and its failure toast, fetched when a checkout answers (or fails). */
const goToCheckout = (res: CheckoutSessionResponse) =>
  void import('../membership/checkout-redirect').then((m) => m.goToCheckout(res))
const checkoutFailed = (err: unknown) =>
  void import('../membership/checkout-redirect').then((m) => m.checkoutFailed(err))

export function RewardLoading() {
  return (
    <div class="reward" aria-busy="true">
      <p class="reward__loading" role="status">
        Loading, please wait...
      </p>
      <Skeleton width="100%" height={200} />
      <Skeleton width="70%" height={24} />
      <Skeleton width="90%" height={16} />
    </div>
  )
}

export type RewardCardProps = {
  reward: Reward
  onChange: (r: Reward) => void
  reload: () => void
  /**
   * Runs after a successful claim, once the card shows the earned state (and the code), to re-read the
   * balance. Default: the session's participant is loaded again; an element also dispatches its event.
   */
  onClaimed?: (reward: Reward) => void
  /**
   * Sends the browser to a payment page: the membership checkout (`challengeId`, the membership
   * challenge) or a claim's payment page (null). Default: this window; an element opens the top window.
   */
  onCheckout?: (res: CheckoutSessionResponse, challengeId: number | null) => void
  /** The name as the card's heading (an element); in a dialog its title names the card instead. */
  heading?: boolean
  /** Shown in place of the action when a signed-out visitor asks for it (an element's sign-in form). */
  signin?: ComponentChildren
  /**
   * Runs when a signed-out visitor asks for the action and the surface signs in elsewhere (the site's
   * sign-in page, which brings them back to this reward). Ignored when `signin` is given.
   */
  onSignin?: () => void
}

/**
 * A reward's card: image, details, and its action (claim, become a member, see offers). A claim
 * turns the card earned in place ('Congrats', the date, the coupon code): nothing navigates or closes.
 */
export function RewardCard({ reward, onChange, reload, onClaimed, onCheckout, heading, signin, onSignin }: RewardCardProps) {
  const { program, session } = useSite()
  const terms = useTerms()
  const nameId = `r${useId()}`
  const participant = session.participant.value
  const view = rewardView(reward, participant, {
    pointsTerm: terms.points,
    membershipChallengeId: program.membership_challenge?.id ?? null,
  })
  const finish = formatDate(reward.finish)
  // After a claim, focus moves to the earned state ('Congrats'), the next thing to read (not <body>),
  // once it has rendered (its code arrives with the first earned card).
  const focusEarned = useRef(false)
  const earnedHeading = (el: HTMLHeadingElement | null) => {
    if (!el || !focusEarned.current) return
    focusEarned.current = false
    el.focus()
  }
  const signedOut = !session.signedIn.value
  return (
    <article class="reward" aria-labelledby={heading ? nameId : undefined}>
      <header class="reward__head">
        <p class="reward__kind">{rewardKindLabel(reward.selection)}</p>
        {heading ? (
          <h2 id={nameId} class="reward__name">
            {reward.name}
          </h2>
        ) : (
          // The dialog is named by its (visually hidden) title: this visible copy stays out of the tree.
          <p class="reward__name" aria-hidden="true">
            {reward.name}
          </p>
        )}
      </header>
      <div class="reward__media">
        <Img
          src={view.image}
          alt=""
          loading="eager"
          class="reward__image"
          fallback={
            <span class="reward__image reward__image--empty">
              <GiftIcon size={48} />
            </span>
          }
        />
      </div>
      {reward.description && <p class="reward__description">{reward.description}</p>}
      {view.earned ? (
        <Earned reward={reward} view={view} headingRef={earnedHeading} />
      ) : (
        finish && (
          <p class="reward__expires">
            <CalendarIcon size={18} />
            Expires on <strong>{finish}</strong>
          </p>
        )
      )}
      {view.certificate && <Certificate nft={view.certificate} />}
      {view.action && (
        <Action
          reward={reward}
          action={view.action}
          onChange={onChange}
          reload={reload}
          onClaimed={onClaimed ?? (() => void session.load())}
          onCheckout={onCheckout ?? goToCheckout}
          onClaim={() => {
            focusEarned.current = true
          }}
          signin={signedOut ? signin : undefined}
          onSignin={signedOut && signin === undefined ? onSignin : undefined}
        />
      )}
      <DetailsBox reward={reward} view={view} />
    </article>
  )
}

type ActionProps = {
  reward: Reward
  action: RewardAction
  onChange: (r: Reward) => void
  reload: () => void
  onClaimed: (reward: Reward) => void
  onCheckout: (res: CheckoutSessionResponse, challengeId: number | null) => void
  /** Runs just before a successful claim's reward replaces the card's (the card then focuses 'Congrats'). */
  onClaim: () => void
  /** Signed out: the button asks for this first. */
  signin: ComponentChildren | undefined
  /** Signed out, on a surface that signs in elsewhere: the button runs this. */
  onSignin: (() => void) | undefined
}

function Action({ reward, action, onChange, reload, onClaimed, onCheckout, onClaim, signin, onSignin }: ActionProps) {
  const { client } = useSite()
  const terms = useTerms()
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  // Spending points asks first: 'Use 750 points?' with Confirm and Cancel.
  const [confirming, setConfirming] = useState(false)
  // One key per attempt: a double click or a retried request is answered once by the server.
  const [key, setKey] = useState(newIdempotencyKey)
  const noteId = `n${useId()}`
  const questionId = `q${useId()}`
  const box = useRef<HTMLDivElement>(null)
  // Where focus goes when the question opens (Confirm) and when it closes (the claim button).
  const focusNext = useRef<'confirm' | 'claim' | null>(null)
  useEffect(() => {
    const target = focusNext.current
    if (!target || !box.current) return
    focusNext.current = null
    box.current.querySelector<HTMLButtonElement>(target === 'confirm' ? '.reward-confirm__yes' : '.reward__claim')?.focus()
  })

  if (action.type === 'offers') {
    return (
      <div class="reward__actions">
        <a href="/my-offers" class={buttonClass('primary', 'lg', 'btn--block')}>
          See my offers
        </a>
      </div>
    )
  }

  const label = action.type === 'membership' ? 'Become a member' : action.label
  if (onSignin) {
    return (
      <div class="reward__actions">
        <Button size="lg" block onClick={onSignin} aria-describedby={noteId}>
          {label}
        </Button>
        <p id={noteId} class="reward__note">
          Sign in or join to claim this reward: you come back here after.
        </p>
      </div>
    )
  }
  if (signin !== undefined) {
    return (
      <div class="reward__actions">
        {asking ? (
          signin
        ) : (
          <Button size="lg" block onClick={() => setAsking(true)}>
            {label}
          </Button>
        )}
      </div>
    )
  }

  if (action.type === 'membership') {
    return (
      <div class="reward__actions">
        <Button
          size="lg"
          block
          loading={busy}
          onClick={async () => {
            setBusy(true)
            try {
              onCheckout(await client.challenges.createMembershipCheckout(action.challengeId), action.challengeId)
            } catch (err) {
              checkoutFailed(err)
            } finally {
              setBusy(false)
            }
          }}
        >
          {label}
        </Button>
      </div>
    )
  }

  async function claim() {
    setBusy(true)
    try {
      const res = await client.rewards.claim(reward.id, { idempotencyKey: key })
      if ((res as { success?: boolean }).success === false) throw res
      setConfirming(false)
      // The card turns earned in place: 'Congrats', the date and, for a coupon, the code.
      onClaim()
      onChange(res.reward)
      const payment = safeHttpUrl(res.stripe_url, location.origin)
      if (payment) onCheckout({ url: payment }, null)
      else void import('./reward-claim-toasts').then((m) => showToast(m.claimSuccessToast(res)))
      onClaimed(res.reward)
    } catch (err) {
      const { claimErrorToast } = await import('./reward-claim-toasts')
      const { toast, reload: stale } = claimErrorToast(err)
      showToast(toast)
      if (confirming) focusNext.current = 'claim'
      setConfirming(false)
      if (stale) reload()
    } finally {
      setKey(newIdempotencyKey())
      setBusy(false)
    }
  }

  const short = action.shortBy > 0
  // A free entry spends nothing: it needs no question.
  const spends = reward.threshold > 0
  if (confirming) {
    return (
      <div class="reward__actions" ref={box}>
        <div class="reward-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} class="reward-confirm__question">
            Use {formatNumber(reward.threshold)} {terms.points}?
          </p>
          <div class="reward-confirm__buttons">
            <Button size="lg" class="reward-confirm__yes" loading={busy} onClick={claim}>
              Confirm
            </Button>
            <Button
              size="lg"
              variant="outline"
              disabled={busy}
              onClick={() => {
                focusNext.current = 'claim'
                setConfirming(false)
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      </div>
    )
  }
  return (
    <div class="reward__actions" ref={box}>
      <Button
        size="lg"
        block
        class="reward__claim"
        loading={busy}
        disabled={short}
        onClick={() => {
          if (!spends) return void claim()
          focusNext.current = 'confirm'
          setConfirming(true)
        }}
        aria-describedby={short ? noteId : undefined}
      >
        {label}
      </Button>
      {short && (
        <p id={noteId} class="reward__note">
          You need {formatNumber(action.shortBy)} more {terms.points}. Complete challenges to earn them.
        </p>
      )}
    </div>
  )
}

function DetailsBox({ reward, view }: { reward: Reward; view: RewardView }) {
  const [open, setOpen] = useState(false)
  const panelId = `t${useId()}`
  const showEntries = view.kind === 'sweepstake' && !view.earned
  if (!reward.description_details && !showEntries && !reward.terms_conditions) return null
  return (
    <section class="reward-details" aria-labelledby="reward-details-title">
      <h3 id="reward-details-title" class="reward-details__title">
        Details
      </h3>
      {reward.description_details && (
        <RichText html={reward.description_details} class="reward-details__text" />
      )}
      {showEntries && <p class="reward-details__entries">{entriesText(view.entries ?? 0)}</p>}
      {reward.terms_conditions && (
        <div class={['reward-terms', open && 'reward-terms--open'].filter(Boolean).join(' ')}>
          <button
            type="button"
            class="reward-terms__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            Terms and Conditions
            <ChevronDownIcon size={18} class="reward-terms__chevron" />
          </button>
          <div id={panelId} class="reward-terms__panel" hidden={!open}>
            <RichText html={reward.terms_conditions} />
          </div>
        </div>
      )}
    </section>
  )
}
