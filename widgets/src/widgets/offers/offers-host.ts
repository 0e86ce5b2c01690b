import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { RedemptionType } from '../../../../sdk/contract/offers'
import type { ParticipantSummary } from '../../../../sdk/contract/participant'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { TesseraClient } from '../../../../sdk/src/index'

/**
 * What the offers screens need from the page that hosts them (the hosted site today, an embed later):
 * kept apart from the site's own context so the widgets do not depend on it.
 */
export type OffersHost = {
  program: PublicProgram
  client: TesseraClient
  /** The signed-in participant: undefined while it loads, null when signed out. */
  participant: ParticipantSummary | null | undefined
  /** Same-site navigation (the client router on the hosted site). */
  navigate: (href: string) => void
  /** A full page load (the payment checkout). */
  go: (url: string) => void
  /** Where 'Join now' and the login link lead for a signed-out visitor, coming back here. */
  signinHref: string
  /** Told after each successful redemption (the embed dispatches tessera:offer-redeemed). */
  onRedeemed?: (endecaKey: string, redemptionType: RedemptionType) => void
}

export const OffersHostContext = createContext<OffersHost | null>(null)

export function useOffersHost(): OffersHost {
  const host = useContext(OffersHostContext)
  if (!host) throw new Error('useOffersHost needs <OffersHostContext.Provider>')
  return host
}
