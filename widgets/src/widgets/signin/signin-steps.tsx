import { Fragment } from 'preact'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { buttonClass, Button } from '../../ui/button'
import { MailIcon } from '../../ui/icons'
import { Checkbox, TextField } from '../../ui/input'
import { formatCountdown, maskEmail, termsPages } from './signin-format'
import { showsCaptcha, type SigninState } from './signin-machine'
import { StepForm, StepHeading, type StepProps, useFocusOnMount } from './signin-parts'
import { Turnstile } from './turnstile'

/**
 * The sign-in widget's steps after the e-mail one (sign-up details, the code, the link sent), fetched
 * when the e-mail is submitted (signin.tsx): a visitor who never signs in downloads only the first step.
 */
export function LaterStep({
  program,
  store,
  state,
  pageHref,
  closeHref,
}: StepProps & { pageHref: ((slug: string) => string) | undefined; closeHref: string | null }) {
  if (state.step === 'new_participant')
    return <SignupStep program={program} store={store} state={state} pageHref={pageHref} />
  if (state.step === 'otp_verification') return <CodeStep program={program} store={store} state={state} />
  if (state.step === 'magic_link_sent') return <LinkSentStep state={state} closeHref={closeHref} />
  return null
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

function CodeStep({ program, store, state }: StepProps) {
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
      {/* A resend is a start: it carries the check when it is a sign-up again or the server asked for it. */}
      {program.turnstile_site_key && showsCaptcha(state, store.config) && (
        <Turnstile
          siteKey={program.turnstile_site_key}
          resetKey={store.captchaReset.value}
          error={state.errors.captcha}
          onToken={(token) => store.dispatch({ type: 'captcha', token })}
        />
      )}
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
