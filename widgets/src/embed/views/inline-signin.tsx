import { SigninWidget } from '../../widgets/signin/signin'
import { useEmbed } from '../mount'
import './signin.css'

type InlineSigninProps = {
  /** A short line above the form saying why signing in is needed ("Sign in to claim this reward"). */
  reason?: string
  /** Called once the participant is signed in (after tessera:signed-in was dispatched). */
  onSignedIn?: () => void
}

/**
 * The hosted site's e-mail code flow inside an element: same state machine and screens, with the
 * token-mode client. A successful code stores the session token (the client's onSessionToken) and,
 * instead of the site's page load, the element dispatches tessera:signed-in and shows its content.
 */
export function InlineSignin({ reason, onSignedIn }: InlineSigninProps) {
  const { runtime, program, host, attrs } = useEmbed()
  const query = new URLSearchParams()
  const referral = attrs['referral-code']
  if (referral) query.set('referral_code', referral)

  function go(url: string) {
    if (runtime.client.transport.sessionToken) {
      void runtime.completeSignIn(host).then(() => onSignedIn?.())
      return
    }
    // Programs that enroll elsewhere send the visitor to their own sign-up page.
    location.assign(url)
  }

  return (
    <div class="tw-signin">
      {reason && <p class="tw-signin__reason">{reason}</p>}
      <SigninWidget
        program={program}
        client={runtime.client}
        query={query}
        go={go}
        closeHref={null}
        autoFocus={false}
        origin={runtime.apiBase || location.origin}
        pageHref={(slug) => runtime.siteUrl(`/${slug}`)}
      />
    </div>
  )
}
