import type { Merchant } from '../../../../sdk/contract/offers'
import { ArrowRightIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { Skeleton } from '../../ui/skeleton'
import {
  categoryName,
  distanceText,
  formatDollars,
  merchantValue,
  moreOffersText,
  SKELETON_CARDS,
} from './offers-format'
import { StoreIcon, TagIcon } from './offers-icons'
import { requestFocus } from './offers-state'

/** The merchant's logo, or a neutral tile when it has none or it fails to load. */
export function MerchantLogo({
  merchant,
  size,
}: {
  merchant: Pick<Merchant, 'logoPath' | 'merchantName'>
  size: 48 | 56 | 96
}) {
  return (
    <span class={`merchant-logo merchant-logo--${size}`}>
      <Img
        src={merchant.logoPath}
        alt=""
        width={size}
        height={size}
        class="merchant-logo__img"
        fallback={<StoreIcon size={Math.round(size / 2.4)} />}
      />
    </span>
  )
}

/** A results card: logo, name, the first two short offer texts, '+ N more offers' and the dollar value. */
export function MerchantCard({ merchant, href }: { merchant: Merchant; href: string }) {
  const more = moreOffersText(merchant.offers.length)
  const category = categoryName(merchant.firstCategory)
  const distance = distanceText(merchant.distance)
  return (
    <li class="merchant-card">
      <a
        class="merchant-card__link"
        href={href}
        onClick={(e) => {
          if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) requestFocus('merchant')
        }}
      >
        <div class="merchant-card__head">
          <MerchantLogo merchant={merchant} size={56} />
          <div class="merchant-card__who">
            <h3 class="merchant-card__name">{merchant.merchantName}</h3>
            <p class="merchant-card__meta">{[category, distance].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
        <ul class="merchant-card__offers">
          {merchant.offers.slice(0, 2).map((offer) => (
            <li key={offer.endecaKey}>
              <TagIcon size={16} class="merchant-card__tag" />
              <span>{offer.offerTextShort}</span>
            </li>
          ))}
        </ul>
        {more && <p class="merchant-card__more">{more}</p>}
        <div class="merchant-card__foot">
          <span class="merchant-card__value">
            <strong>{formatDollars(merchantValue(merchant))}</strong> Value
          </span>
          <span class="merchant-card__go" aria-hidden="true">
            <ArrowRightIcon size={18} />
          </span>
        </div>
      </a>
    </li>
  )
}

/** Six placeholder cards while merchants load (participant-site.md section 9). */
export function MerchantCardSkeletons({ count = SKELETON_CARDS }: { count?: number }) {
  return (
    <ul class="merchant-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // placeholders
        <li key={i} class="merchant-card merchant-card--skeleton">
          <div class="merchant-card__link">
            <div class="merchant-card__head">
              <Skeleton width={56} height={56} />
              <div class="merchant-card__who">
                <Skeleton width="70%" height={20} />
                <Skeleton width="40%" height={14} />
              </div>
            </div>
            <div class="merchant-card__offers">
              <Skeleton width="90%" height={16} />
              <Skeleton width="75%" height={16} />
            </div>
            <div class="merchant-card__foot">
              <Skeleton width={96} height={28} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
