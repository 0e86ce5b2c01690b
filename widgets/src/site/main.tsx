import { render } from 'preact'
import type { ParticipantSummary } from '../../../sdk/contract/participant'
import { programRoutes } from '../../../sdk/contract/paths'
import type { PublicProgram } from '../../../sdk/contract/program'
import { createClient } from '../../../sdk/src/index'
import { Toaster } from '../ui/toast'
import { ToastItem } from '../ui/toast-item'
import { App, ErrorBoundary } from './app'
import { readBootstrap } from './bootstrap'
import { setPrimed, takePrimed } from './primed'
import { isBrandingPreview } from './preview-mode'
import { SiteContext } from '../widgets/shared/context'
import { ErrorPage } from './pages/error-page'
import { startRouter } from './router'
import { createSession } from '../widgets/shared/session'
import { trackVisit } from '../widgets/shared/track-visit'
import { focusAfterSignin, takeFocusAfterSigninMark } from '../widgets/signin/after-signin'
import { participantHomePage } from './lazy-pages'
import { matchRoute } from './routes'

function setFavicon(href: string | null) {
  if (!href) return
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
  // The page came with the program's icon: setting it again fetched it again.
  if (link && link.getAttribute('href') !== href) {
    link.href = href
    if (!href.endsWith('.svg')) link.removeAttribute('type')
  }
}

/** Runs `task` in its own task once the page's load event has passed. */
function afterLoad(task: () => void) {
  const later = () => setTimeout(task, 0)
  if (document.readyState === 'complete') later()
  else addEventListener('load', later, { once: true })
}

function renderFailure(root: HTMLElement) {
  render(
    <main id="main" class="site-main">
      <ErrorPage program={null} />
      <Toaster item={ToastItem} />
    </main>,
    root,
  )
}

/**
 * Starts the site from the bootstrap the worker put in the page. Without one (a page opened from a
 * plain static server) the program is fetched instead.
 */
async function start() {
  const root = document.getElementById('app')!
  const bootstrap = readBootstrap(document)
  let program: PublicProgram
  let signedIn = bootstrap?.signed_in ?? false
  if (bootstrap) program = bootstrap.program
  else {
    try {
      program = await createClient({ auth: 'cookie' }).program.retrieve()
      signedIn = true // the participant call below settles it
    } catch {
      renderFailure(root)
      return
    }
  }

  // The program key pins API calls to this program (it matters on localhost, where ?program= picks it).
  const client = createClient({ auth: 'cookie', programKey: program.public_key })
  setPrimed(bootstrap?.primed)
  const session = createSession(client, signedIn)
  // A participant's page comes with their summary (worker/src/features/site/primed.ts): the first
  // render draws their name and points, with no load first.
  const known = signedIn ? takePrimed<ParticipantSummary>(programRoutes.participant) : undefined
  if (known) {
    session.participant.value = known
    session.status.value = 'ready'
  }
  // The page carries the program's branding in its head (features/site/share-preview.ts brandingStyle);
  // a page without the bootstrap takes the same declarations from the program.
  if (!bootstrap) document.documentElement.style.cssText += program.widget_host_style
  setFavicon(program.program_template_detail.favicon_file)
  startRouter()
  if (!known) void session.load()
  const preview = isBrandingPreview()
  // Once per page load: later navigations inside the site are the same page load. The console's
  // branding preview is no visit. Posted once the page has loaded: the first paint does not wait on it.
  if (!preview) afterLoad(() => trackVisit('', program.public_key, 'site'))

  const draw = (shown: PublicProgram) =>
    render(
      <SiteContext.Provider value={{ program: shown, client, session }}>
        {/* Last resort: if the header or footer fails, the error page still shows. */}
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </SiteContext.Provider>,
      root,
    )
  // A participant's home is a chunk of its own, which their page preloads beside this script
  // (worker/src/features/site/page-preloads.ts): the first draw waits for it rather than showing a
  // loading band for the moment it takes (a failed load is LazyPage's to show).
  if (signedIn && matchRoute(location.pathname, program.published_program_pages).name === 'home')
    await participantHomePage.preload().catch(() => undefined)
  // The page's first screen as the worker drew it (features/site/first-screen.ts) becomes the app's own
  // in the same task: Preact's first render into a filled element takes over the elements it finds
  // there (same tag, attributes and text set to the app's), and removes the rest.
  draw(program)
  // Framed by the console's branding settings: the unsaved theme it posts, drawn as it comes (its code
  // loads only there).
  if (preview)
    void import('./branding-preview').then(({ listenForBrandingPreview }) =>
      listenForBrandingPreview(program, (shown) => {
        setFavicon(shown.program_template_detail.favicon_file)
        draw(shown)
      }),
    )
  // Signed in a moment ago (the sign-in page loads the next one): focus its content, not <body>.
  if (takeFocusAfterSigninMark() && signedIn) focusAfterSignin(() => document.getElementById('main'), document)
}

void start()
