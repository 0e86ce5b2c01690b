import type { ComponentChildren } from 'preact'
import type { RefObject } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import type { NftItem, Reward } from '../../../../sdk/contract/rewards'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { newIdempotencyKey } from '../../../../sdk/src/transport'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { CalendarIcon, CheckCircleIcon, ChevronDownIcon, ExternalIcon, GiftIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { RichText } from '../../ui/rich-text'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/time'
import { showToast } from '../../ui/toast'
import { CopyField } from '../challenge/copy-field'
import { useSite, useTerms } from '../shared/context'
import { checkoutFailed, goToCheckout } from '../membership/membership'
import { safeHttpUrl } from '../membership/membership-checkout'
import {
  claimErrorToast,
  claimSuccessToast,
  entriesText,
  type RewardAction,
  type RewardView,
  rewardKindLabel,
  rewardView,
  shortenAddress,
} from './reward-rules'
import './reward.css'

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
  // After a claim, focus moves to the earned state ('Congrats'), the next thing to read (not <body>).
  const earnedHeading = useRef<HTMLHeadingElement>(null)
  const focusEarned = useRef(false)
  useEffect(() => {
    if (!focusEarned.current || !view.earned) return
    focusEarned.current = false
    earnedHeading.current?.focus()
  }, [reward, view.earned])
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

function Earned({ reward, view, headingRef }: { reward: Reward; view: RewardView; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const date = formatDate(reward.earned_by_current_participant_on)
  const sweepstake = view.kind === 'sweepstake'
  return (
    <section class="reward-earned" aria-labelledby="reward-earned-title">
      <CheckCircleIcon size={24} class="reward-earned__icon" />
      <div class="reward-earned__body">
        <h3 id="reward-earned-title" class="reward-earned__title" tabIndex={-1} ref={headingRef}>
          Congrats
        </h3>
        <p>{sweepstake ? entriesText(view.entries ?? 0) : "You've earned this reward."}</p>
        {date && (
          <p class="reward-earned__date">
            {sweepstake ? 'Latest entry on' : 'Earned on'} {date}
          </p>
        )}
        {reward.coupon_code && <CopyField label="Your code" value={reward.coupon_code} what="Code" />}
        {reward.redemption_details && <p class="reward-earned__details">{reward.redemption_details}</p>}
        {reward.redemption_image && (
          <Img src={reward.redemption_image.public_url} alt="" class="reward-earned__image" />
        )}
      </div>
    </section>
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
      else showToast(claimSuccessToast(res))
      onClaimed(res.reward)
    } catch (err) {
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

/** Where a blockchain explorer link leads, for the powered-by line ('polygonscan.com'). */
function explorerHost(nft: NftItem): string | null {
  for (const raw of [nft.explorer_token_url, nft.explorer_mint_url, nft.owner_explorer_url]) {
    try {
      if (raw) return new URL(raw).hostname.replace(/^www\./, '')
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null
}

function ExplorerLink({ href, children }: { href: string | null; children: string }) {
  const url = safeHttpUrl(href, location.origin)
  if (!url) return <span class="cert__label">{children}</span>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" class="cert__link">
      {children}
      <ExternalIcon size={14} />
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

/** 'Certified on Blockchain': the achievement's collectible with its explorer links. */
function Certificate({ nft }: { nft: NftItem }) {
  const host = explorerHost(nft)
  return (
    <section class="cert" aria-labelledby="cert-title">
      <div class="cert__head">
        <ChainMark />
        <h3 id="cert-title" class="cert__title">
          Certified on Blockchain
        </h3>
      </div>
      <ul class="cert__list">
        {nft.explorer_mint_url && (
          <li class="cert__row">
            <ExplorerLink href={nft.explorer_mint_url}>See transaction</ExplorerLink>
          </li>
        )}
        {nft.address && (
          <li class="cert__row">
            <ExplorerLink href={nft.explorer_token_url}>NFT Token Address</ExplorerLink>
            <code class="cert__address" title={nft.address}>
              {shortenAddress(nft.address)}
            </code>
          </li>
        )}
        {nft.owner_address && (
          <li class="cert__row">
            <ExplorerLink href={nft.owner_explorer_url}>Your Wallet Address</ExplorerLink>
            <code class="cert__address" title={nft.owner_address}>
              {shortenAddress(nft.owner_address)}
            </code>
          </li>
        )}
      </ul>
      <p class="cert__powered">
        Powered by <ChainMark small />
        <span>{host ?? 'the blockchain'}</span>
      </p>
    </section>
  )
}

/** A small chain-link hexagon: the certificate's mark (decorative). */
function ChainMark({ small }: { small?: boolean }) {
  const size = small ? 16 : 28
  return (
    <svg
      class="cert__mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M16 2 28 9v14l-12 7-12-7V9z" fill="currentColor" opacity="0.15" />
      <path
        d="M16 2 28 9v14l-12 7-12-7V9z"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linejoin="round"
      />
      <path d="M12 13.5 16 11l4 2.5v5L16 21l-4-2.5z" fill="currentColor" />
    </svg>
  )
}
