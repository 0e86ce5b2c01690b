import { useEmbed } from '../mount'
import { lazyView } from '../lazy-view'
import { InlineSignin } from './signin-lazy'

/** The account card, fetched once signed in: a signed-out page downloads only the sign-in form. */
const Account = lazyView(() => import('./account-card').then((m) => m.Account))

/** <tessera-account>: balance, lifetime points, completed challenges and the latest activity. */
export function AccountView() {
  const { runtime } = useEmbed()
  if (!runtime.session.signedIn.value) return <InlineSignin reason="Sign in to see your account." />
  return <Account />
}
