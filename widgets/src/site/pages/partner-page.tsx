import { useSite } from '../../widgets/shared/context'
import { Redirect } from './redirect'

/**
 * The partner page: the program's partner site in an iframe. Without a partner config it goes home;
 * signed out, to sign-in and back.
 */
export function PartnerPage() {
  const { program, session } = useSite()
  const config = program.partner_config
  if (!config) return <Redirect to="/" />
  if (!session.signedIn.value) return <Redirect to="/signin?redirect_to=%2Fpartner" />
  return (
    <section aria-labelledby="partner-title" class="partner-page">
      <div class="container">
        <h1 id="partner-title" class="page-band__title partner-page__title">
          {config.title}
        </h1>
        <iframe class="partner-page__frame" src={config.iframe_url} title={config.title} loading="lazy" referrerpolicy="no-referrer" />
      </div>
    </section>
  )
}
