import { lazyView, type ViewLoader } from './lazy-view'
import { defineWidgetElement } from './mount'
import { InlineSignin } from './views/signin-lazy'

/**
 * Tiles that open challenges, and the sign-in form, inside the element. The tiles come first; the
 * challenge panels and the sign-in form are fetched when a tile or the sign-in link is opened.
 */
const ChallengeTilesElement: ViewLoader = () =>
  import('./views/challenge-tiles-view').then(({ ChallengeTilesView }) => {
    const inline = {
      Challenge: lazyView(() => import('./views/challenge-view').then((m) => m.ChallengeView)),
      Signin: InlineSignin,
    }
    return function ChallengeTilesElement() {
      return <ChallengeTilesView inline={inline} />
    }
  })

/**
 * The element registry: tag -> how to fetch its view and the attributes it reads (besides `program`,
 * which every element takes). Each view is its own chunk, fetched when an element with that tag first
 * connects, so a page downloads only the elements it uses (bench/size.ts measures each). The loader
 * (embed.js) and the iframe page (/embed/{widget}) both go through this one table; docs/embedding.md
 * lists it.
 */
export const ELEMENTS: Record<string, { load: ViewLoader; attributes: readonly string[] }> = {
  'tessera-challenge-tiles': { load: ChallengeTilesElement, attributes: ['limit'] },
  'tessera-reward': {
    load: () => import('./views/reward-view').then((m) => m.RewardView),
    attributes: ['reward-id'],
  },
  'tessera-signin': {
    load: () => import('./views/signin-view').then((m) => m.SigninView),
    attributes: ['referral-code'],
  },
  'tessera-account': {
    load: () => import('./views/account-view').then((m) => m.AccountView),
    attributes: ['referral-code'],
  },
  'tessera-offers': {
    load: () => import('./views/offers-view').then((m) => m.OffersView),
    attributes: ['referral-code'],
  },
  'tessera-membership': {
    load: () => import('./views/payment-view').then((m) => m.MembershipView),
    attributes: ['challenge-id', 'referral-code'],
  },
  'tessera-donation': {
    load: () => import('./views/payment-view').then((m) => m.DonationView),
    attributes: ['challenge-id', 'referral-code'],
  },
  'tessera-receipt-upload': {
    load: () => import('./views/receipt-upload-view').then((m) => m.ReceiptUploadView),
    attributes: [],
  },
}

export function defineElements(elements: typeof ELEMENTS = ELEMENTS) {
  for (const [tag, { load, attributes }] of Object.entries(elements)) defineWidgetElement(tag, load, attributes)
}
