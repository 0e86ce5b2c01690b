import type { ComponentType } from 'preact'
import { defineWidgetElement } from './mount'
import { AccountView } from './views/account-view'
import { ChallengeView } from './views/challenge-view'
import { ChallengeTilesView } from './views/challenge-tiles-view'
import { InlineSignin } from './views/inline-signin'
import { OffersView } from './views/offers-view'
import { DonationView, MembershipView } from './views/payment-view'
import { RewardView } from './views/reward-view'
import { SigninView } from './views/signin-view'

const inline = { Challenge: ChallengeView, Signin: InlineSignin }

/** Tiles that open challenges, and the sign-in form, inside the element. */
function ChallengeTilesElement() {
  return <ChallengeTilesView inline={inline} />
}

/**
 * The element registry: tag -> view and the attributes it reads (besides `program`, which every
 * element takes). docs/embedding.md lists them; the iframe page maps /embed/{widget} onto the same.
 */
export const ELEMENTS: Record<string, { view: ComponentType; attributes: readonly string[] }> = {
  'tessera-challenge-tiles': { view: ChallengeTilesElement, attributes: ['limit'] },
  'tessera-reward': { view: RewardView, attributes: ['reward-id'] },
  'tessera-signin': { view: SigninView, attributes: ['referral-code'] },
  'tessera-account': { view: AccountView, attributes: ['referral-code'] },
  'tessera-offers': { view: OffersView, attributes: ['referral-code'] },
  'tessera-membership': { view: MembershipView, attributes: ['challenge-id', 'referral-code'] },
  'tessera-donation': { view: DonationView, attributes: ['challenge-id', 'referral-code'] },
}

export function defineElements(elements: typeof ELEMENTS = ELEMENTS) {
  for (const [tag, { view, attributes }] of Object.entries(elements))
    defineWidgetElement(tag, view, attributes)
}
