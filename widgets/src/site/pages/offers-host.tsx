import type { ComponentChildren } from 'preact'
import { OffersHostContext } from '../../widgets/offers/offers-host'
import { useSite } from '../../widgets/shared/context'
import { currentUrl, loadPage, navigate } from '../router'

/** Gives the offers widgets the site's program, client, participant and router. */
export function OffersSiteHost({ children }: { children: ComponentChildren }) {
  const { program, client, session } = useSite()
  const { pathname, search } = currentUrl.value
  const status = session.status.value
  const participant = status === 'loading' ? undefined : (session.participant.value ?? null)
  const here = `${pathname}${search}`
  return (
    <OffersHostContext.Provider
      value={{
        program,
        client,
        participant,
        navigate: (href) => navigate(href),
        go: loadPage,
        signinHref: `/signin?redirect_to=${encodeURIComponent(here)}`,
      }}
    >
      {children}
    </OffersHostContext.Provider>
  )
}
