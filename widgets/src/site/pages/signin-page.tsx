import { SigninWidget } from '../../widgets/signin/signin'
import { redirectFromQuery } from '../../widgets/signin/signin-format'
import { useSite } from '../../widgets/shared/context'
import { currentUrl, loadPage } from '../router'
import { markFocusAfterSignin } from '../../widgets/signin/after-signin'
import { ReferralBanner } from './referral-banner'
import { Redirect } from './redirect'
import { AfterFirstPaint } from '../after-first-paint'

/** Signed in: the next page focuses its content (site/main.tsx), as focus would otherwise start at <body>. */
function goSignedIn(url: string) {
  markFocusAfterSignin()
  loadPage(url)
}

/**
 * /signin: the sign-in widget on a branded backdrop. Signed-in visitors go straight on. `search`: the
 * page's query (a visitor sent here from a participant's screen has the sign-in address's before the
 * address itself changes).
 */
export function SigninPage({ search = currentUrl.value.search }: { search?: string }) {
  const { program, client, session } = useSite()
  const query = new URLSearchParams(search)
  if (session.signedIn.value) return <Redirect to={redirectFromQuery(query)} />
  const backdrop = program.program_template_detail.header_background_image
  const referral = query.get('referral_code')?.trim()
  return (
    <div class="signin-page">
      <div class="signin-page__backdrop" style={backdrop ? { backgroundImage: `url(${JSON.stringify(backdrop)})` } : undefined} aria-hidden="true" />
      {referral && <ReferralBanner key={referral} code={referral} />}
      {/* The server drew the backdrop (features/site/first-screen.ts); the form comes in the next task,
          so the page's first task draws no more than the first screen. */}
      <AfterFirstPaint>
        <SigninWidget key={search} program={program} client={client} query={query} go={goSignedIn} />
      </AfterFirstPaint>
    </div>
  )
}
