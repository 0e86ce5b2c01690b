import { type ComponentChildren, Fragment } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { TesseraClient } from '../../../../sdk/src/index'
import { Button, buttonClass } from '../../ui/button'
import { ArrowLeftIcon, CloseIcon, MailIcon } from '../../ui/icons'
import { Checkbox, TextField } from '../../ui/input'
import { showToast } from '../../ui/toast'
import { formatCountdown, maskEmail, termsPages } from './signin-format'
import type { SigninState } from './signin-machine'
import { createSigninStore, type SigninStore } from './signin-state'
import { Turnstile } from './turnstile'
import './signin.css'

export type SigninWidgetProps = {
  program: PublicProgram
  client: TesseraClient
  /** The page's query: redirect target, referral_code and anything else forwarded to the server. */
  query: URLSearchParams
  /** A full page load; defaults to location.assign. */
  go?: (url: string) => void
  /** Where the close button leads; null hides it (embedded widgets have nowhere to close to). */
  closeHref?: string | null
  /** The URL of a program page (the terms links); the hosted site's `/{slug}` by default. */
  pageHref?: (slug: string) => string
  /** Resolves a relative enrollment redirect; the page's origin by default. */
  origin?: string
  /** Focus the e-mail field on first render (the sign-in page); embedded widgets must not steal focus. */
  autoFocus?: boolean
}

/** Sign in or sign up by e-mail code or magic link (participant-site.md sections 2 and 4). */
export function SigninWidget({
  program,
  client,
  query,
  go,
  closeHref = '/',
  pageHref,
  origin,
  autoFocus = true,
}: SigninWidgetProps) {
  // One store per mounted widget, made on first render: the page remounts it when the query changes.
  const [store] = useState(() =>
    createSigninStore({
      program,
      client,
      query,
      origin: origin ?? location.origin,
      go: go ?? ((url) => location.assign(url)),
      toast: ({ title, message }) => showToast({ tone: 'error', title, message }),
    }),
  )
  useEffect(() => () => store.dispose(), [store])
  const state = store.state.value

  return (
    <section class="signin" aria-labelledby="signin-title">
      <div class="signin__bar">
        {state.step === 'new_participant' ? (
          <button
            type="button"
            class="signin__back"
            onClick={() => store.dispatch({ type: 'back' })}
            disabled={Boolean(state.pending)}
          >
            <ArrowLeftIcon size={18} />
            Back
          </button>
        ) : (
          <span />
        )}
        {closeHref !== null && (
          <a href={closeHref} class="icon-btn signin__close" aria-label="Close" title="Close">
            <CloseIcon />
          </a>
        )}
      </div>
      {state.step === 'initial' && (
        <InitialStep program={program} store={store} state={state} autoFocus={autoFocus} />
      )}
      {state.step === 'new_participant' && (
        <SignupStep program={program} store={store} state={state} pageHref={pageHref} />
      )}
      {state.step === 'otp_verification' && <CodeStep store={store} state={state} />}
      {state.step === 'magic_link_sent' && <LinkSentStep state={state} closeHref={closeHref} />}
    </section>
  )
}

type StepProps = { program: PublicProgram; store: SigninStore; state: SigninState }

/** Moves focus into a step when it appears, so keyboard and screen reader users land on it. */
function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null)
  // only the first render decides
  useEffect(() => {
    if (enabled) ref.current?.focus()
  }, [])
  return ref
}

/**
 * A step's form: submits through the machine and, when it answers with errors, moves focus to the
 * first invalid field so the message is read out and can be fixed at once.
 */
function StepForm({
  store,
  errors,
  children,
}: {
  store: SigninStore
  errors: SigninState['errors']
  children: ComponentChildren
}) {
  const form = useRef<HTMLFormElement>(null)
  // Only errors that answer a submit move focus; clearing one while typing must not.
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitted.current || !Object.keys(errors).length) return
    submitted.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])
  return (
    <form
      ref={form}
      class="signin__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted.current = true
        store.dispatch({ type: 'submit' })
      }}
    >
      {children}
    </form>
  )
}

function StepHeading({ children, lead }: { children: ComponentChildren; lead?: ComponentChildren }) {
  return (
    <div class="signin__heading">
      <h1 id="signin-title" class="signin__title" tabIndex={-1}>
        {children}
      </h1>
      {lead && <p class="signin__lead">{lead}</p>}
    </div>
  )
}

function InitialStep({ program, store, state, autoFocus }: StepProps & { autoFocus: boolean }) {
  // Coming back from the sign-up step always moves focus here; the first render only when asked.
  const [focusFirst] = useState(() => autoFocus || state.email !== '')
  const email = useFocusOnMount<HTMLInputElement>(focusFirst)
  const otp = program.features.otp_login
  return (
    <StepForm store={store} errors={state.errors}>
      <StepHeading
        lead={`Sign in or create your account. We'll email you a ${otp ? 'one-time code' : 'secure link'}, no password needed.`}
      >
        Welcome to {program.name}!
      </StepHeading>
      <TextField
        inputRef={email}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
        value={state.email}
        error={state.errors.email}
        onValue={(value) => store.dispatch({ type: 'edit', field: 'email', value })}
      />
      <Button type="submit" size="lg" block loading={state.pending !== null}>
        {otp ? 'Continue to get your login code' : 'Continue to get your login link'}
      </Button>
    </StepForm>
  )
}

function TermsText({
  program,
  pageHref = (slug) => `/${slug}`,
}: {
  program: PublicProgram
  pageHref?: ((slug: string) => string) | undefined
}) {
  const pages = termsPages(program.published_program_pages)
  if (!pages.length) return <>I agree to the program's terms and conditions.</>
  return (
    <>
      I agree to the program's{' '}
      {pages.map((page, i) => (
        <Fragment key={page.id}>
          {i > 0 && (i === pages.length - 1 ? ' and ' : ', ')}
          <a href={pageHref(page.slug)} target="_blank" rel="noopener">
            {page.title}
            <span class="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Fragment>
      ))}
      .
    </>
  )
}

function SignupStep({
  program,
  store,
  state,
  pageHref,
}: StepProps & { pageHref: ((slug: string) => string) | undefined }) {
  const firstName = useFocusOnMount<HTMLInputElement>()
  const points = program.signup_challenge?.points
  const edit = (field: 'first_name' | 'last_name' | 'postal') => (value: string) =>
    store.dispatch({ type: 'edit', field, value })
  return (
    <StepForm store={store} errors={state.errors}>
      <StepHeading
        lead={
          <>
            Creating an account for <strong class="signin__email">{state.email}</strong>
          </>
        }
      >
        Join {program.name} and start earning {program.term_rewards_as}!
      </StepHeading>
      <div class="signin__row">
        <TextField
          inputRef={firstName}
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
          value={state.first_name}
          error={state.errors.first_name}
          onValue={edit('first_name')}
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
          value={state.last_name}
          error={state.errors.last_name}
          onValue={edit('last_name')}
        />
      </div>
      <TextField
        label="Zip Code"
        optional
        name="postal"
        autoComplete="postal-code"
        inputMode="numeric"
        value={state.postal}
        error={state.errors.postal}
        onValue={edit('postal')}
      />
      <Checkbox
        name="agree_terms"
        required
        checked={state.agree_terms}
        error={state.errors.agree_terms}
        onChecked={(value) => store.dispatch({ type: 'agree_terms', value })}
      >
        <TermsText program={program} pageHref={pageHref} />
      </Checkbox>
      {program.turnstile_site_key && (
        <Turnstile
          siteKey={program.turnstile_site_key}
          resetKey={store.captchaReset.value}
          error={state.errors.captcha}
          onToken={(token) => store.dispatch({ type: 'captcha', token })}
        />
      )}
      <Button type="submit" size="lg" block disabled={!state.agree_terms} loading={state.pending !== null}>
        {points !== undefined ? `Sign up and earn +${points} ${program.term_points_as}` : 'Sign up'}
      </Button>
    </StepForm>
  )
}

function CodeStep({ store, state }: Omit<StepProps, 'program'>) {
  const code = useFocusOnMount<HTMLInputElement>()
  const verifying = state.pending === 'submit' || state.pending === 'leaving'
  return (
    <StepForm store={store} errors={state.errors}>
      <span class="signin__badge" aria-hidden="true">
        <MailIcon size={28} />
      </span>
      <StepHeading
        lead={
          <>
            An email was sent to <strong class="signin__email">{maskEmail(state.email)}</strong> with a
            6-digit code. Please enter it below.
          </>
        }
      >
        Hey, {state.participant?.first_name || state.first_name}!
      </StepHeading>
      <TextField
        inputRef={code}
        class="signin__code"
        label="Login code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="enter 6-digit code"
        value={state.otp}
        error={state.errors.otp}
        onValue={(value) => store.dispatch({ type: 'edit', field: 'otp', value })}
      />
      <Button type="submit" size="lg" block loading={verifying} disabled={state.pending === 'resend'}>
        {verifying ? 'Verifying...' : 'Verify Code'}
      </Button>
      <div class="signin__resend">
        {state.seconds_left > 0 ? (
          <p role="timer">Request a new code in {formatCountdown(state.seconds_left)}</p>
        ) : (
          <button
            type="button"
            class="link-button"
            disabled={Boolean(state.pending)}
            onClick={() => {
              store.dispatch({ type: 'resend' })
              // The code is cleared: put the cursor back in the box for the new one.
              code.current?.focus()
            }}
          >
            Request new code
          </button>
        )}
      </div>
    </StepForm>
  )
}

function LinkSentStep({ state, closeHref }: { state: SigninState; closeHref: string | null }) {
  const heading = useFocusOnMount<HTMLDivElement>()
  return (
    <div class="signin__form signin__sent" ref={heading} tabIndex={-1}>
      <span class="signin__badge" aria-hidden="true">
        <MailIcon size={28} />
      </span>
      <StepHeading lead="A login link is in your email. Click it within 20 minutes to access your account.">
        Thanks, {state.participant?.first_name || state.first_name}!
      </StepHeading>
      {closeHref !== null && (
        <a class={buttonClass('outline', 'md', 'btn--block')} href={closeHref}>
          Back to home
        </a>
      )}
    </div>
  )
}
