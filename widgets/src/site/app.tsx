import type { ComponentChildren } from 'preact'
import { useEffect, useErrorBoundary, useRef } from 'preact/hooks'
import { activeIn } from '../ui/focus'
import { Toaster } from '../ui/toast'
import { ToastItem } from '../ui/toast-item'
import { useSite } from '../widgets/shared/context'
import { Footer } from './layout/footer'
import { Header } from './layout/header'
import { ErrorPage } from './pages/error-page'
import { FlashModal } from './flash/flash-modal'
import { HomePage } from './home/home-page'
import { LazyPage } from './lazy-page'
import { challengePage, fairnessPage, myAccountPage, photosPage, programPage } from './lazy-pages'
import { offersMerchantPage, offersPage } from './pages/offers-lazy'
import { PartnerPage } from './pages/partner-page'
import { AfterFirstPaint } from './after-first-paint'
import { previewLandmarkLabel } from './preview-mode'
import { SigninPage } from './pages/signin-page'
import { rewardPage } from './reward/reward-lazy'
import { PARTICIPANT_SCREENS } from '../../../sdk/contract/site-routes'
import { currentUrl, navigate } from './router'
import { matchRoute, type Route, withStickyParams } from './routes'
import './site.css'

const titleOf = (route: Route, program: { partner_config: { title: string } | null }): string | null => {
  switch (route.name) {
    case 'home':
      return null
    case 'signin':
      return 'Sign in'
    case 'my-account':
      return 'My Account'
    case 'challenge':
      return 'Challenge'
    case 'my-offers':
      return 'Explore Perks and Benefits'
    case 'merchant':
      return 'Merchant offers'
    case 'reward':
      return 'Reward'
    case 'fairness':
      return 'Sweepstakes fairness'
    case 'page':
      return route.page.title
    case 'photos':
      return 'Photos'
    case 'partner':
      return program.partner_config?.title ?? 'Partner'
    case 'not-found':
      return 'Page not found'
  }
}

/**
 * On a participant's home, fetch the screens opened next (a challenge, a reward, the account) once the page is
 * idle. The app does it, not the home page: pages never import each other.
 */
function usePreloadFromHome(route: Route) {
  const { session } = useSite()
  const home = route.name === 'home' && session.signedIn.value
  useEffect(() => {
    if (!home) return
    const timers = [
      setTimeout(() => void challengePage.preload().catch(() => {}), 1500),
      setTimeout(() => void rewardPage.preload().catch(() => {}), 2000),
      setTimeout(() => void myAccountPage.preload().catch(() => {}), 2500),
    ]
    return () => timers.forEach(clearTimeout)
  }, [home])
}

function RouteView({ route, search }: { route: Route; search: string }) {
  const { program } = useSite()
  usePreloadFromHome(route)
  switch (route.name) {
    case 'home':
      return <HomePage />
    case 'signin':
      return <SigninPage search={search} />
    case 'my-account':
      return <LazyPage loader={myAccountPage} props={{}} />
    case 'challenge':
      return <LazyPage loader={challengePage} props={{ identifier: route.identifier, backdrop: <HomePage /> }} />
    case 'my-offers':
      return <LazyPage loader={offersPage} props={{}} />
    case 'merchant':
      return <LazyPage loader={offersMerchantPage} props={{ slug: route.slug }} />
    case 'reward':
      return <LazyPage loader={rewardPage} props={{ id: route.id, backdrop: <HomePage /> }} />
    case 'fairness':
      return <LazyPage loader={fairnessPage} props={{ id: route.id }} />
    case 'page':
      return <LazyPage loader={programPage} props={{ page: route.page }} />
    case 'photos':
      return <LazyPage loader={photosPage} props={{}} />
    case 'partner':
      return <PartnerPage />
    case 'not-found':
      return <ErrorPage program={program} title="Page not found." message="The page you are looking for doesn't exist or has moved." />
  }
}

/** Shows the error page instead of whatever failed to render below it. */
export function ErrorBoundary({ children }: { children: ComponentChildren }) {
  const { program } = useSite()
  const [error] = useErrorBoundary((err) => console.error(err))
  return error ? <ErrorPage program={program} /> : children
}

/** The hosted participant site: header, the current route's screen, footer, toasts. */
export function App() {
  const { program, session } = useSite()
  const { pathname, search } = currentUrl.value
  const matched = matchRoute(pathname, program.published_program_pages)
  // A visitor of a participant's screen gets the sign-in page at once, before that screen's script is
  // fetched, and its address after: the first render is the sign-in screen the server drew, whose
  // elements it takes over (main.tsx), so that screen's first paint stays its largest (issue 29). Its
  // query is the sign-in address's from the start, so the address change draws nothing again.
  const signinAt = PARTICIPANT_SCREENS.has(matched.name) && !session.signedIn.value ? withStickyParams(`/signin?redirect_to=${encodeURIComponent(pathname + search)}`, search) : null
  const route: Route = signinAt ? { name: 'signin' } : matched
  useEffect(() => {
    if (signinAt) navigate(signinAt, { replace: true })
  }, [signinAt])
  const main = useRef<HTMLElement>(null)
  const firstRender = useRef(true)

  const screenTitle = titleOf(route, program)
  const documentTitle = screenTitle ? `${screenTitle} | ${program.name}` : program.seo_title || program.name

  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])

  // After a client-side navigation, move focus to the new screen as a page load would.
  useEffect(() => {
    if (firstRender.current) firstRender.current = false
    // A screen that opened a dialog (a reward, a payment) keeps focus in it.
    else if (pathname && main.current && !activeIn(main.current)?.closest('[role="dialog"]'))
      main.current?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <div class="site">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} class="site-main" aria-label={previewLandmarkLabel('site content')}>
        {/* Keyed by path: a failed screen recovers once the visitor goes elsewhere. */}
        <ErrorBoundary key={signinAt ? '/signin' : pathname}>
          <RouteView route={route} search={signinAt ? new URL(signinAt, location.href).search : search} />
        </ErrorBoundary>
      </main>
      {/* After the first screen: it would show below a short first render, then move down. */}
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
      <FlashModal />
      <Toaster item={ToastItem} />
    </div>
  )
}
