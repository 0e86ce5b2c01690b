import { useEffect, useRef } from 'preact/hooks'
import { buttonClass } from '../../ui/button'
import { SigninWidget } from '../../widgets/signin/signin'
import { useEmbed } from '../mount'
import { signinFormsOf } from '../signin-forms'
import './signin.css'

type InlineSigninProps = {
  /** A short line above the form saying why signing in is needed ("Sign in to claim this reward"). */
  reason?: string
  /** Called once the participant is signed in (after tessera:signed-in was dispatched). */
  onSignedIn?: () => void
  /** Focus the e-mail field when the form appears (it was opened on request: 'Sign in to join'). */
  autoFocus?: boolean
}

/** The partner page without its fragment: where a magic link of this sign-in returns (docs/embedding.md). */
export function returnToOf(href: string): string {
  const url = new URL(href)
  url.hash = ''
  return url.href
}

/**
 * The hosted site's e-mail code flow inside an element: same state machine and screens, with the
 * token-mode client. A successful code stores the session token (the client's onSessionToken) and,
 * instead of the site's page load, the element dispatches tessera:signed-in and shows its content.
 *
 * One page shows one full form per program (signin-forms.ts): the first such element in document
 * order draws it, the others a compact 'Sign in to join' that brings the visitor to it.
 */
export function InlineSignin({ reason, onSignedIn, autoFocus = false }: InlineSigninProps) {
  const { runtime, program, host, attrs } = useEmbed()
  const box = useRef<HTMLDivElement>(null)
  const forms = signinFormsOf(runtime)

  useEffect(
    () =>
      forms.register(host, () => {
        // The step's first field (the e-mail, the code), else its heading (the link-sent screen).
        const form = box.current
        const field = form?.querySelector<HTMLElement>('input:not([type="hidden"])') ?? form?.querySelector<HTMLElement>('[tabindex="-1"]')
        field?.focus()
      }),
    [forms, host],
  )

  const query = new URLSearchParams()
  const referral = attrs['referral-code']
  if (referral) query.set('referral_code', referral)
  // Magic-link programs: the link returns to this partner page, which the element then signs in.
  // Only on a partner page (the iframe page is Tessera's own and its links open the hosted site).
  if (!program.features.otp_login && runtime.apiBase) query.set('return_to', returnToOf(location.href))

  function go(url: string) {
    if (runtime.client.transport.sessionToken) {
      void runtime.completeSignIn(host).then(() => {
        // The form is gone: focus the element's next meaningful content instead of <body> (the helper,
        // fetched now, waits for that content to render anyway).
        const root = host.shadowRoot
        if (root) void import('../../widgets/signin/after-signin').then((m) => m.focusAfterSignin(root, root))
        onSignedIn?.()
      })
      return
    }
    // Programs that enroll elsewhere send the visitor to their own sign-up page.
    location.assign(url)
  }

  const owner = forms.owner.value
  if (owner && owner !== host) {
    // As signin-prompt.tsx draws it for a membership or donation element (kept apart so that neither
    // element's first view fetches the other's chunk).
    return (
      <div class="tw-signin tw-signin--compact" ref={box}>
        {reason && <p class="tw-signin__reason">{reason}</p>}
        <button type="button" class={buttonClass('primary', 'md')} onClick={() => forms.focusOwner()}>
          Sign in to join
        </button>
      </div>
    )
  }

  return (
    <div class="tw-signin" ref={box}>
      {reason && <p class="tw-signin__reason">{reason}</p>}
      <SigninWidget
        program={program}
        client={runtime.client}
        query={query}
        go={go}
        closeHref={null}
        autoFocus={autoFocus}
        origin={runtime.apiBase || location.origin}
        pageHref={(slug) => runtime.siteUrl(`/${slug}`)}
      />
    </div>
  )
}

/**
 * When another element of the page shows the program's full form, brings the visitor to it and answers
 * true ('Sign in to join' of an element whose own form is not drawn: embed/views/signin-prompt.tsx).
 */
export function focusOtherForm(runtime: object, host: HTMLElement): boolean {
  const forms = signinFormsOf(runtime)
  const owner = forms.owner.value
  if (!owner || owner === host || !owner.isConnected) return false
  forms.focusOwner()
  return true
}
