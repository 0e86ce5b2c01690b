import { useEffect, useRef, useState } from 'preact/hooks'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { TesseraClient } from '../../../../sdk/src/index'
import { Button } from '../../ui/button'
import { ArrowLeftIcon, CloseIcon } from '../../ui/icons'
import { TextField } from '../../ui/input'
import { lazy } from '../../ui/lazy'
import { showToast } from '../../ui/toast'
import type { SigninEvent, SigninState } from './signin-machine'
import { StepForm, StepHeading, useFocusOnMount } from './signin-parts'
import type { SigninStore } from './signin-state'
import './signin.css'

/**
 * The sign-in state machine and its store (signin-state.ts, signin-machine.ts), fetched when the
 * e-mail is first submitted: until then the e-mail step keeps its draft here, so a page that only
 * shows the form downloads neither. The first focus in the form starts the fetch.
 */
const loadStore = () => import('./signin-state').then((m) => m.createSigninStore)

/** What the e-mail step reads: the store's state, or the draft before the store arrived. */
type InitialState = Pick<SigninState, 'email' | 'errors' | 'pending' | 'challenge'>
const NO_ERRORS: SigninState['errors'] = {}

/** The steps after the e-mail one (signin-steps.tsx), fetched when the e-mail is submitted. */
const LaterStep = lazy(
  () => import('./signin-steps').then((m) => m.LaterStep),
  () => <div class="signin__form" aria-busy="true" />,
)

/** The security check, on the e-mail step only when the server asks for it (many sign-ins from one network). */
const Turnstile = lazy(() => import('./turnstile').then((m) => m.Turnstile))

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
  // One store per mounted widget, made when its e-mail is first submitted (the page remounts the
  // widget when the query changes).
  const [store, setStore] = useState<SigninStore | null>(null)
  const [draft, setDraft] = useState<InitialState>(() => ({ email: query.get('email') ?? '', errors: NO_ERRORS, pending: null, challenge: false }))
  const draftEmail = useRef(draft.email)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  useEffect(() => () => store?.dispose(), [store])

  function start() {
    setDraft((d) => ({ ...d, pending: 'submit' }))
    void LaterStep.preload().catch(() => undefined)
    loadStore().then(
      (createSigninStore) => {
        if (!mounted.current) return
        const made = createSigninStore({
          program,
          client,
          query,
          origin: origin ?? location.origin,
          go: go ?? ((url) => location.assign(url)),
          toast: ({ title, message }) => showToast({ tone: 'error', title, message }),
        })
        made.dispatch({ type: 'edit', field: 'email', value: draftEmail.current })
        made.dispatch({ type: 'submit' })
        setStore(made)
      },
      () => {
        if (!mounted.current) return
        setDraft((d) => ({ ...d, pending: null }))
        showToast({ tone: 'error', title: 'Something went wrong', message: 'Please check your connection and try again.' })
      },
    )
  }
  /** Before the store: the e-mail step's two events, kept here. */
  const draftStore = {
    dispatch(event: SigninEvent) {
      if (event.type === 'edit' && event.field === 'email') {
        draftEmail.current = event.value
        setDraft((d) => ({ ...d, email: event.value }))
      } else if (event.type === 'submit' && !draft.pending) start()
    },
  }
  const state = store ? store.state.value : { ...draft, step: 'initial' as const }
  // The next steps' code travels while the e-mail is being checked.
  useEffect(() => {
    if (state.pending || state.step !== 'initial') void LaterStep.preload().catch(() => undefined)
  }, [state.pending, state.step])

  return (
    <section class="signin" aria-labelledby="signin-title">
      <div class="signin__bar">
        {store && state.step === 'new_participant' ? (
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
        <InitialStep
          program={program}
          store={store ?? draftStore}
          captchaReset={store?.captchaReset.value ?? 0}
          state={state}
          autoFocus={autoFocus}
          onFocus={store ? undefined : () => void loadStore().catch(() => undefined)}
        />
      )}
      {store && state.step !== 'initial' && (
        <LaterStep program={program} store={store} state={store.state.value} pageHref={pageHref} closeHref={closeHref} />
      )}
    </section>
  )
}

type InitialStepProps = {
  program: PublicProgram
  store: Pick<SigninStore, 'dispatch'>
  /** The store's captchaReset: a new value asks the check for a new token. */
  captchaReset: number
  state: InitialState
  autoFocus: boolean
  /** The first focus inside the form (the machine's code starts to travel). */
  onFocus: (() => void) | undefined
}

function InitialStep({ program, store, captchaReset, state, autoFocus, onFocus }: InitialStepProps) {
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
        onFocus={onFocus}
      />
      {state.challenge && program.turnstile_site_key && (
        <Turnstile
          siteKey={program.turnstile_site_key}
          resetKey={captchaReset}
          error={state.errors.captcha}
          onToken={(token) => store.dispatch({ type: 'captcha', token })}
        />
      )}
      <Button type="submit" size="lg" block loading={state.pending !== null}>
        {otp ? 'Continue to get your login code' : 'Continue to get your login link'}
      </Button>
    </StepForm>
  )
}
