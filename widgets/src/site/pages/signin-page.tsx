import { SigninWidget } from '../../widgets/signin/signin'
import { redirectFromQuery } from '../../widgets/signin/signin-format'
import { useSite } from '../../widgets/shared/context'
import { currentUrl, loadPage } from '../router'
import { Redirect } from './redirect'

/** /signin: the sign-in widget on a branded backdrop. Signed-in visitors go straight on. */
export function SigninPage() {
  const { program, client, session } = useSite()
  const search = currentUrl.value.search
  const query = new URLSearchParams(search)
  if (session.signedIn.value) return <Redirect to={redirectFromQuery(query)} />
  const backdrop = program.program_template_detail.header_background_image
  return (
    <div class="signin-page">
      <div class="signin-page__backdrop" style={backdrop ? { backgroundImage: `url(${JSON.stringify(backdrop)})` } : undefined} aria-hidden="true" />
      <SigninWidget key={search} program={program} client={client} query={query} go={loadPage} />
    </div>
  )
}
