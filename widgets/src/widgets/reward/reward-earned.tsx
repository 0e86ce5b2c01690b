import type { Ref } from 'preact'
import type { NftItem, Reward } from '../../../../sdk/contract/rewards'
import { CheckCircleIcon, ExternalIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { formatDate } from '../../ui/date'
import { CopyField } from '../challenge/copy-field'
import { safeHttpUrl } from '../membership/membership-checkout'
import { entriesText, type RewardView, shortenAddress } from './reward-rules'
import './reward-earned.css'

// The reward card's earned state and NFT certificate (reward-card.tsx fetches this module when a card
// shows one of them).

export function Earned({ reward, view, headingRef }: { reward: Reward; view: RewardView; headingRef: Ref<HTMLHeadingElement> }) {
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
export function Certificate({ nft }: { nft: NftItem }) {
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
