// Types only: the contract's schemas (zod) must not reach the widget bundles (zod probes eval, which a
// partner's CSP reports).
import type { SigninVerifyRequest, SigninVerifyResponse } from '../../../../sdk/contract/auth'
import { enrollmentRedirectUrl, isValidEmail } from './signin-format'

/**
 * The sign-in widget as a pure state machine (participant-site.md section 4): the component renders
 * `state`, dispatches events, and runs the effects a transition returns (API call, toast, page load).
 */

export type SigninStep = 'initial' | 'new_participant' | 'otp_verification' | 'magic_link_sent'
export type SigninTextField = 'email' | 'first_name' | 'last_name' | 'postal' | 'otp'
export type SigninErrorKey = SigninTextField | 'agree_terms' | 'captcha'

/** The verify answer says the next step is the sign-up form (or the program's own sign-up page): a 200, not a failure. */
export const isSignupStep = (r: Pick<SigninVerifyResponse, 'ok' | 'sign_type' | 'otp_logged'>) =>
  r.ok && r.sign_type === 'SIGN_UP' && !r.otp_logged

export const RESEND_SECONDS = 60
export const OTP_LENGTH = 6
const CODE_PATTERN = /^\d{6}$/

export const MESSAGES = {
  emptyEmail: 'Enter your email',
  invalidEmail: 'Invalid email',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  code: 'Enter the 6-digit code from your email',
  terms: 'Please accept the terms to continue',
  captcha: 'Please complete the security check',
  errorTitle: 'Error!',
  requiredMissing: 'Required fields are missing',
  generic: 'Something went wrong. Please try again.',
} as const

export type SigninState = {
  step: SigninStep
  email: string
  first_name: string
  last_name: string
  postal: string
  otp: string
  agree_terms: boolean
  captcha_token: string
  errors: Partial<Record<SigninErrorKey, string>>
  /** What is in flight: a submit, a resend, or a page load that replaces the widget. */
  pending: 'submit' | 'resend' | 'leaving' | null
  /** Bound to the one-time code: sent back with the code and with resends. */
  browser_token: string | null
  /** From the last successful answer: the greeting on the code and link screens. */
  participant: { first_name: string } | null
  /** The visitor came through the sign-up form: resends must carry the sign-up fields again. */
  signing_up: boolean
  seconds_left: number
  /**
   * The server asked for the security check (challenge_required: many sign-ins from the visitor's
   * network): from then on the e-mail and code steps show Turnstile and send its token with a start.
   */
  challenge: boolean
}

export type SigninConfig = {
  /** program.features.otp_login: codes instead of magic links. */
  otpLogin: boolean
  /** program.turnstile_site_key is set: sign-up sends a Turnstile token. */
  captchaRequired: boolean
  /** Safe same-site path to open after signing in. */
  redirectTo: string
  /** Every query parameter of the sign-in URL, in order. */
  query: ReadonlyArray<readonly [string, string]>
  /** Used to resolve a relative enrollment redirect_url. */
  origin: string
}

/** What the component needs to know about a failed verify call. */
export type VerifyFailure = {
  /** HTTP status; 0 when the request never got an answer. */
  status: number
  code: string
  message: string
  signType: string | null
  redirectUrl: string | null
  fields: Record<string, string>
}

export type VerifyRequest = SigninVerifyRequest & Record<string, string | boolean | undefined>

export type SigninEvent =
  | { type: 'edit'; field: SigninTextField; value: string }
  | { type: 'agree_terms'; value: boolean }
  | { type: 'captcha'; token: string }
  | { type: 'submit' }
  | { type: 'back' }
  | { type: 'tick' }
  | { type: 'resend' }
  | { type: 'verified'; response: SigninVerifyResponse }
  | { type: 'failed'; failure: VerifyFailure }

export type SigninEffect =
  | { type: 'verify'; request: VerifyRequest }
  | { type: 'toast'; title: string; message: string }
  /** A full page load, so the server renders the signed-in page (or another site). */
  | { type: 'go'; url: string }
  | { type: 'reset_captcha' }

export type Transition = { state: SigninState; effects: SigninEffect[] }

export const initialSigninState = (email = ''): SigninState => ({
  step: 'initial',
  email,
  first_name: '',
  last_name: '',
  postal: '',
  otp: '',
  agree_terms: false,
  captcha_token: '',
  errors: {},
  pending: null,
  browser_token: null,
  participant: null,
  signing_up: false,
  seconds_left: 0,
  challenge: false,
})

/** Form fields the widget owns: a query parameter of the same name never overrides them. */
const OWN_KEYS = new Set(['email', 'auth_type', 'first_name', 'last_name', 'postal', 'agree_terms', 'otp', 'browser_token', 'cf-turnstile-response', 'redirect_to', 'redirectTo'])

/**
 * The verify payload: every current query parameter (referral_code among them), then the step's
 * fields. `withCode` adds the one-time code; sign-up fields ride along once the visitor signed up so
 * a resent code still carries them.
 */
export function buildVerifyRequest(state: SigninState, config: SigninConfig, withCode: boolean): VerifyRequest {
  const request: VerifyRequest = { email: state.email.trim() }
  for (const [key, value] of config.query) if (!OWN_KEYS.has(key) && !(key in request)) request[key] = value
  request.auth_type = config.otpLogin ? 'otp' : 'magic_link'
  if (config.redirectTo !== '/') request.redirect_to = config.redirectTo
  if (state.browser_token) request.browser_token = state.browser_token
  if (withCode) {
    request.otp = state.otp
    return request
  }
  if (state.signing_up || state.step === 'new_participant') {
    request.first_name = state.first_name.trim()
    request.last_name = state.last_name.trim()
    if (state.postal.trim()) request.postal = state.postal.trim()
    request.agree_terms = state.agree_terms
  }
  // Sign-up's bot check, or the check the server asked for on any start.
  if (state.captcha_token) request['cf-turnstile-response'] = state.captcha_token
  return request
}

/**
 * Whether the step shows the Turnstile check (programs with a site key): sign-up always; on the code
 * step, for a resend that is a sign-up again or once the server asked; on the e-mail step once the
 * server asked for it (challenge_required).
 */
export function showsCaptcha(state: Pick<SigninState, 'step' | 'challenge' | 'signing_up'>, config: Pick<SigninConfig, 'captchaRequired'>): boolean {
  if (!config.captchaRequired) return false
  if (state.step === 'new_participant') return true
  if (state.step === 'otp_verification') return state.challenge || state.signing_up
  return state.step === 'initial' && state.challenge
}

/** Client-side checks of the current step (participant-site.md section 5). */
export function validateStep(state: SigninState, config: SigninConfig): SigninState['errors'] {
  const errors: SigninState['errors'] = {}
  if (state.step === 'initial' && !state.email.trim()) errors.email = MESSAGES.emptyEmail
  else if (state.step === 'initial' && !isValidEmail(state.email)) errors.email = MESSAGES.invalidEmail
  if (state.step === 'initial' && showsCaptcha(state, config) && !state.captcha_token) errors.captcha = MESSAGES.captcha
  if (state.step === 'new_participant') {
    if (!state.first_name.trim()) errors.first_name = MESSAGES.firstName
    if (!state.last_name.trim()) errors.last_name = MESSAGES.lastName
    if (!state.agree_terms) errors.agree_terms = MESSAGES.terms
    if (config.captchaRequired && !state.captcha_token) errors.captcha = MESSAGES.captcha
  }
  if (state.step === 'otp_verification' && !CODE_PATTERN.test(state.otp)) errors.otp = MESSAGES.code
  return errors
}

const withoutError = (errors: SigninState['errors'], key: SigninErrorKey) => {
  if (!(key in errors)) return errors
  const next = { ...errors }
  delete next[key]
  return next
}

/** Server field names -> the widget's error keys. */
const FIELD_KEYS: Record<string, SigninErrorKey> = {
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
  postal: 'postal',
  agree_terms: 'agree_terms',
  otp: 'otp',
  'cf-turnstile-response': 'captcha',
}

function fieldErrors(fields: Record<string, string>): SigninState['errors'] {
  const errors: SigninState['errors'] = {}
  for (const [name, message] of Object.entries(fields)) {
    const key = FIELD_KEYS[name]
    if (key) errors[key] = message
  }
  return errors
}

const toast = (message: string): SigninEffect => ({ type: 'toast', title: MESSAGES.errorTitle, message })

/** One transition. Pure: same input, same output; effects are returned, never run. */
export function signinReducer(state: SigninState, event: SigninEvent, config: SigninConfig): Transition {
  const stay = (next: SigninState = state): Transition => ({ state: next, effects: [] })
  switch (event.type) {
    case 'edit': {
      const value = event.field === 'otp' ? event.value.replace(/\D/g, '').slice(0, OTP_LENGTH) : event.value
      return stay({ ...state, [event.field]: value, errors: withoutError(state.errors, event.field) })
    }
    case 'agree_terms':
      return stay({ ...state, agree_terms: event.value, errors: withoutError(state.errors, 'agree_terms') })
    case 'captcha':
      return stay({ ...state, captcha_token: event.token, errors: withoutError(state.errors, 'captcha') })
    case 'back':
      if (state.step !== 'new_participant' || state.pending) return stay()
      return stay({ ...state, step: 'initial', errors: {}, signing_up: false })
    case 'tick':
      if (state.step !== 'otp_verification' || state.seconds_left <= 0) return stay()
      return stay({ ...state, seconds_left: state.seconds_left - 1 })
    case 'submit': {
      if (state.pending || state.step === 'magic_link_sent') return stay()
      const errors = validateStep(state, config)
      if (Object.keys(errors).length) return stay({ ...state, errors })
      const next: SigninState = { ...state, email: state.email.trim(), errors: {}, pending: 'submit' }
      return { state: next, effects: [{ type: 'verify', request: buildVerifyRequest(next, config, state.step === 'otp_verification') }] }
    }
    case 'resend': {
      if (state.step !== 'otp_verification' || state.pending || state.seconds_left > 0) return stay()
      if (showsCaptcha(state, config) && !state.captcha_token) return stay({ ...state, errors: { captcha: MESSAGES.captcha } })
      const next: SigninState = { ...state, otp: '', errors: {}, pending: 'resend', seconds_left: RESEND_SECONDS }
      return { state: next, effects: [{ type: 'verify', request: buildVerifyRequest(next, config, false) }] }
    }
    case 'verified':
      return spendingToken(state, (s) => onVerified(s, event.response, config))
    case 'failed':
      return spendingToken(state, (s) => onFailed(s, event.failure, config))
  }
}

/**
 * Any answer to a start (not a code check) spent the Turnstile token it carried (single use): the
 * token is dropped and a check still shown issues a new one.
 */
function spendingToken(state: SigninState, answer: (state: SigninState) => Transition): Transition {
  const codeCheck = state.step === 'otp_verification' && state.pending === 'submit'
  if (!state.captcha_token || codeCheck) return answer(state)
  const next = answer({ ...state, captcha_token: '' })
  if (next.effects.some((e) => e.type === 'reset_captcha')) return next
  return { ...next, effects: [...next.effects, { type: 'reset_captcha' }] }
}

function onVerified(state: SigninState, response: SigninVerifyResponse, config: SigninConfig): Transition {
  // A wrong or expired code: a field error of the code step (a 200 answer, nothing red in the console).
  if (!response.ok && response.error) {
    const errors = fieldErrors(response.error.fields)
    if (!Object.keys(errors).length) errors.otp = response.error.message || response.message
    return { state: { ...state, pending: null, errors }, effects: [] }
  }
  // A new e-mail: the next step is sign-up, here or on the program's own page.
  if (isSignupStep(response)) {
    if (response.redirect_url) {
      return {
        state: { ...state, pending: 'leaving' },
        effects: [{ type: 'go', url: enrollmentRedirectUrl(response.redirect_url, state.email.trim(), config.query, config.origin) }],
      }
    }
    return { state: { ...state, pending: null, step: 'new_participant', errors: {}, seconds_left: 0 }, effects: [] }
  }
  const participant = response.participant ? { first_name: response.participant.first_name } : state.participant
  const base: SigninState = { ...state, pending: null, participant, signing_up: state.signing_up || state.step === 'new_participant' }
  if (response.otp_logged) {
    // Stay busy: the page is about to be replaced by the signed-in one.
    return { state: { ...base, pending: 'leaving' }, effects: [{ type: 'go', url: config.redirectTo }] }
  }
  if (config.otpLogin) {
    return {
      state: {
        ...base,
        step: 'otp_verification',
        otp: '',
        browser_token: response.browser_token ?? state.browser_token,
        seconds_left: RESEND_SECONDS,
      },
      effects: [],
    }
  }
  return { state: { ...base, step: 'magic_link_sent' }, effects: [] }
}

/**
 * Many sign-ins from the visitor's network: the step shows the security check (a fresh one), and the
 * start goes again with its token. A refused resend can be asked again at once.
 */
function onChallenge(idle: SigninState, failure: VerifyFailure): Transition {
  const message = failure.fields['cf-turnstile-response'] || MESSAGES.captcha
  return {
    state: { ...idle, challenge: true, captcha_token: '', seconds_left: idle.step === 'otp_verification' ? 0 : idle.seconds_left, errors: { captcha: message } },
    effects: [toast(failure.message || message), { type: 'reset_captcha' }],
  }
}

/** Answers that are not about the sign-in itself: no connection, server fault, stale CSRF token. */
const isTransportFailure = (f: VerifyFailure) => f.status === 0 || f.status >= 500 || f.code === 'csrf_failed'

function onFailed(state: SigninState, failure: VerifyFailure, config: SigninConfig): Transition {
  const idle: SigninState = { ...state, pending: null }
  if (failure.redirectUrl) {
    return {
      state: { ...idle, pending: 'leaving' },
      effects: [{ type: 'go', url: enrollmentRedirectUrl(failure.redirectUrl, state.email.trim(), config.query, config.origin) }],
    }
  }
  if (isTransportFailure(failure)) return { state: idle, effects: [toast(failure.status === 0 ? MESSAGES.generic : failure.message || MESSAGES.generic)] }
  if (failure.code === 'challenge_required' && config.captchaRequired) return onChallenge(idle, failure)
  if (failure.signType === 'OTP') return { state: idle, effects: [toast(failure.message)] }
  if (state.step === 'new_participant') {
    const captchaFailed = 'cf-turnstile-response' in failure.fields
    const effects: SigninEffect[] = [toast(failure.status === 422 && !captchaFailed ? MESSAGES.requiredMissing : failure.message)]
    if (config.captchaRequired) effects.push({ type: 'reset_captcha' })
    return { state: { ...idle, errors: fieldErrors(failure.fields), captcha_token: config.captchaRequired ? '' : state.captcha_token }, effects }
  }
  // Any other refusal of the e-mail step (a malformed address, a program not taking sign-ups): at the
  // field when the server names one, else a toast. Never a guess at the sign-up step.
  const errors = fieldErrors(failure.fields)
  if (Object.keys(errors).length) return { state: { ...idle, errors }, effects: [] }
  return { state: idle, effects: [toast(failure.message || MESSAGES.generic)] }
}
