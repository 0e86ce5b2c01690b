import { createRoute, redirect } from '@tanstack/react-router'
import { LinkSignIn } from '../../features/auth/components/link-sign-in'
import { OtpSignIn } from '../../features/auth/components/otp-sign-in'
import { SignOutPage } from '../../features/auth/components/sign-out-page'
import { isSignedIn } from '../../lib/bootstrap'
import { readBootstrap } from '../../lib/use-bootstrap'
import { rootRoute } from './root'

/** The signed-out pages; a signed-in user is sent to the console instead. */
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  beforeLoad: ({ context }) => {
    if (isSignedIn(readBootstrap(context.queryClient))) throw redirect({ to: '/', replace: true })
  },
})

const signInRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'auth/sign_in',
  component: LinkSignIn,
  staticData: { title: 'auth.signIn.title' },
})

/** The one-time-code variant, at both of the spec's paths. */
const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'login',
  component: OtpSignIn,
  staticData: { title: 'auth.otp.title' },
})
const magicLoginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'magic-login',
  component: OtpSignIn,
  staticData: { title: 'auth.otp.title' },
})

const signOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/sign_out',
  component: SignOutPage,
  staticData: { title: 'auth.signOut.title' },
})

export const authRoutes = [authLayout.addChildren([signInRoute, loginRoute, magicLoginRoute]), signOutRoute] as const
