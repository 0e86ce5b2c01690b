import { describe, expect, it } from 'vitest'
import type { SigninVerifyResponse } from '../../../../sdk/contract/auth'
import {
  initialSigninState,
  MESSAGES,
  RESEND_SECONDS,
  type SigninConfig,
  type SigninEvent,
  type SigninState,
  showsCaptcha,
  signinReducer,
  type VerifyFailure,
} from './signin-machine'

const config = (over: Partial<SigninConfig> = {}): SigninConfig => ({
  otpLogin: true,
  captchaRequired: false,
  redirectTo: '/',
  query: [],
  origin: 'https://demo.tessera.app',
  ...over,
})

/** Runs events in order and returns the last transition plus every effect seen. */
function run(events: SigninEvent[], cfg = config(), start: SigninState = initialSigninState()) {
  let state = start
  const effects = []
  for (const event of events) {
    const t = signinReducer(state, event, cfg)
    state = t.state
    effects.push(...t.effects)
  }
  return { state, effects }
}

const sent = (over: Partial<SigninVerifyResponse> = {}): SigninVerifyResponse => ({
  ok: true,
  participant: { id: null, first_name: 'Jane', last_name: 'Doe', name: 'Jane Doe', email: 'jane@example.com' },
  otp_logged: false,
  sign_type: 'OTP',
  browser_token: 'bt-0123456789abcdef',
  message: 'An email was sent',
  ...over,
})

const failure = (over: Partial<VerifyFailure> = {}): VerifyFailure => ({
  status: 422,
  code: 'validation_failed',
  message: 'Required fields are missing',
  signType: 'SIGN_UP',
  redirectUrl: null,
  fields: {},
  ...over,
})

/** The 200 answer to a new e-mail: the next step is sign-up. */
const signupStep = (over: Partial<SigninVerifyResponse> = {}): SigninVerifyResponse => ({
  ok: true,
  participant: null,
  otp_logged: false,
  sign_type: 'SIGN_UP',
  browser_token: null,
  message: 'Welcome! Tell us a little about yourself to sign up.',
  ...over,
})
const toSignup: SigninEvent = { type: 'verified', response: signupStep() }

const email = (value: string): SigninEvent => ({ type: 'edit', field: 'email', value })

describe('initial step', () => {
  it('rejects an empty or malformed e-mail without calling the server', () => {
    expect(run([{ type: 'submit' }]).state.errors.email).toBe('Enter your email')
    expect(run([email('   '), { type: 'submit' }]).state.errors.email).toBe('Enter your email')
    const { state, effects } = run([email('jane@'), { type: 'submit' }])
    expect(state.errors.email).toBe('Invalid email')
    expect(state.pending).toBeNull()
    expect(effects).toEqual([])
  })

  it('clears a field error when the field is edited', () => {
    expect(run([{ type: 'submit' }, email('j')]).state.errors.email).toBeUndefined()
  })

  it('submits the e-mail with every query parameter, referral_code included', () => {
    const cfg = config({ query: [['referral_code', 'FRIEND1'], ['utm_source', 'mail'], ['email', 'spoof@example.com']] })
    const { state, effects } = run([email(' jane@example.com '), { type: 'submit' }], cfg)
    expect(state.pending).toBe('submit')
    expect(effects).toEqual([
      { type: 'verify', request: { email: 'jane@example.com', referral_code: 'FRIEND1', utm_source: 'mail', auth_type: 'otp' } },
    ])
  })

  it('passes a safe redirect on so magic links return there', () => {
    const { effects } = run([email('jane@example.com'), { type: 'submit' }], config({ otpLogin: false, redirectTo: '/my-account', query: [['redirect_to', '/my-account']] }))
    expect(effects[0]).toEqual({ type: 'verify', request: { email: 'jane@example.com', auth_type: 'magic_link', redirect_to: '/my-account' } })
  })

  it('ignores a second submit while busy', () => {
    const { effects } = run([email('jane@example.com'), { type: 'submit' }, { type: 'submit' }])
    expect(effects).toHaveLength(1)
  })

  it('moves to otp_verification with the browser token when codes are on', () => {
    const { state } = run([email('jane@example.com'), { type: 'submit' }, { type: 'verified', response: sent() }])
    expect(state).toMatchObject({ step: 'otp_verification', browser_token: 'bt-0123456789abcdef', seconds_left: RESEND_SECONDS, pending: null, participant: { first_name: 'Jane' } })
  })

  it('moves to magic_link_sent when the program uses links', () => {
    const { state } = run([email('jane@example.com'), { type: 'submit' }, { type: 'verified', response: sent({ sign_type: 'MAGIC_LINK', browser_token: null }) }], config({ otpLogin: false }))
    expect(state.step).toBe('magic_link_sent')
    expect(state.participant?.first_name).toBe('Jane')
  })

  it('moves an unknown e-mail to new_participant on the 200 sign-up step answer', () => {
    const { state, effects } = run([email('new@example.com'), { type: 'submit' }, toSignup])
    expect(state.step).toBe('new_participant')
    expect(state.pending).toBeNull()
    expect(effects.filter((e) => e.type === 'toast')).toEqual([])
  })

  it('toasts OTP failures (resend too soon) and stays', () => {
    const { state, effects } = run([
      email('jane@example.com'),
      { type: 'submit' },
      { type: 'failed', failure: failure({ status: 429, code: 'resend_too_soon', signType: 'OTP', message: 'Please wait 42 seconds before requesting a new code' }) },
    ])
    expect(state.step).toBe('initial')
    expect(effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message: 'Please wait 42 seconds before requesting a new code' })
  })

  it('redirects to the program enrollment page with the e-mail and query', () => {
    const cfg = config({ query: [['referral_code', 'R1']] })
    const { state, effects } = run(
      [email('jane@example.com'), { type: 'submit' }, { type: 'verified', response: signupStep({ redirect_url: 'https://partner.example/join' }) }],
      cfg,
    )
    expect(state.pending).toBe('leaving')
    expect(effects.at(-1)).toEqual({ type: 'go', url: 'https://partner.example/join?referral_code=R1&email=jane%40example.com' })
  })

  it('toasts network and server faults instead of changing step', () => {
    const { state, effects } = run([email('jane@example.com'), { type: 'submit' }, { type: 'failed', failure: failure({ status: 0, code: 'network', signType: null, message: '' }) }])
    expect(state.step).toBe('initial')
    expect(effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message: MESSAGES.generic })
  })

  it('shows a refused e-mail at the field, never guessing the sign-up step', () => {
    const { state } = run([email('jane@example.com'), { type: 'submit' }, { type: 'failed', failure: failure({ signType: null, fields: { email: 'Invalid email' } }) }])
    expect(state).toMatchObject({ step: 'initial', pending: null, errors: { email: 'Invalid email' } })
    const forbidden = run([email('jane@example.com'), { type: 'submit' }, { type: 'failed', failure: failure({ status: 403, code: 'forbidden', signType: 'SIGN_UP', message: 'This program is not accepting new members' }) }])
    expect(forbidden.state.step).toBe('initial')
    expect(forbidden.effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message: 'This program is not accepting new members' })
  })
})

describe('new_participant step', () => {
  const atSignup = () => run([email('new@example.com'), { type: 'submit' }, toSignup]).state

  it('requires first and last name and the terms', () => {
    const { state, effects } = run([{ type: 'submit' }], config(), atSignup())
    expect(state.errors).toEqual({ first_name: MESSAGES.firstName, last_name: MESSAGES.lastName, agree_terms: MESSAGES.terms })
    expect(effects).toEqual([])
  })

  it('sends the sign-up fields; the zip code is optional', () => {
    const { effects } = run(
      [
        { type: 'edit', field: 'first_name', value: ' Jane ' },
        { type: 'edit', field: 'last_name', value: 'Doe' },
        { type: 'agree_terms', value: true },
        { type: 'submit' },
      ],
      config({ query: [['referral_code', 'FRIEND1']] }),
      atSignup(),
    )
    expect(effects).toEqual([
      {
        type: 'verify',
        request: { email: 'new@example.com', referral_code: 'FRIEND1', auth_type: 'otp', first_name: 'Jane', last_name: 'Doe', agree_terms: true },
      },
    ])
  })

  it('needs the Turnstile token when the program has a site key, and sends it', () => {
    const cfg = config({ captchaRequired: true })
    const filled: SigninEvent[] = [
      { type: 'edit', field: 'first_name', value: 'Jane' },
      { type: 'edit', field: 'last_name', value: 'Doe' },
      { type: 'edit', field: 'postal', value: '10001' },
      { type: 'agree_terms', value: true },
    ]
    expect(run([...filled, { type: 'submit' }], cfg, atSignup()).state.errors).toEqual({ captcha: MESSAGES.captcha })
    const { effects } = run([...filled, { type: 'captcha', token: 'tok' }, { type: 'submit' }], cfg, atSignup())
    expect(effects[0]).toMatchObject({ type: 'verify', request: { postal: '10001', 'cf-turnstile-response': 'tok' } })
  })

  it('toasts "Required fields are missing" when the server still refuses, showing field errors', () => {
    const { state, effects } = run(
      [
        { type: 'edit', field: 'first_name', value: 'Jane' },
        { type: 'edit', field: 'last_name', value: 'Doe' },
        { type: 'agree_terms', value: true },
        { type: 'submit' },
        { type: 'failed', failure: failure({ code: 'validation_failed', message: 'Required fields are missing', fields: { postal: 'Zip Code is required' } }) },
      ],
      config(),
      atSignup(),
    )
    expect(state.step).toBe('new_participant')
    expect(state.errors).toEqual({ postal: 'Zip Code is required' })
    expect(effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message: 'Required fields are missing' })
  })

  it('resets the Turnstile widget after a refused sign-up', () => {
    const cfg = config({ captchaRequired: true })
    const start = { ...atSignup(), first_name: 'J', last_name: 'D', agree_terms: true, captcha_token: 'tok' }
    const { state, effects } = run(
      [{ type: 'submit' }, { type: 'failed', failure: failure({ message: 'Please complete the bot check', fields: { 'cf-turnstile-response': 'Bot check failed' } }) }],
      cfg,
      start,
    )
    expect(state.captcha_token).toBe('')
    expect(state.errors.captcha).toBe('Bot check failed')
    expect(effects.slice(1)).toEqual([{ type: 'toast', title: 'Error!', message: 'Please complete the bot check' }, { type: 'reset_captcha' }])
  })

  it('goes back to the initial step', () => {
    const { state } = run([{ type: 'back' }], config(), atSignup())
    expect(state.step).toBe('initial')
    expect(state.email).toBe('new@example.com')
  })

  it('moves to the code step after sign-up and remembers to resend the sign-up fields', () => {
    const { state } = run(
      [
        { type: 'edit', field: 'first_name', value: 'Jane' },
        { type: 'edit', field: 'last_name', value: 'Doe' },
        { type: 'agree_terms', value: true },
        { type: 'submit' },
        { type: 'verified', response: sent() },
      ],
      config(),
      atSignup(),
    )
    expect(state.step).toBe('otp_verification')
    expect(state.signing_up).toBe(true)
  })
})

describe('otp_verification step', () => {
  const atCode = (over: Partial<SigninState> = {}): SigninState => ({
    ...initialSigninState('jane@example.com'),
    step: 'otp_verification',
    browser_token: 'bt-0123456789abcdef',
    participant: { first_name: 'Jane' },
    seconds_left: RESEND_SECONDS,
    ...over,
  })

  it('keeps only digits, at most six', () => {
    expect(run([{ type: 'edit', field: 'otp', value: '12a3 4567' }], config(), atCode()).state.otp).toBe('123456')
  })

  it('asks for six digits before calling the server', () => {
    const { state, effects } = run([{ type: 'edit', field: 'otp', value: '123' }, { type: 'submit' }], config(), atCode())
    expect(state.errors.otp).toBe(MESSAGES.code)
    expect(effects).toEqual([])
  })

  it('sends the code with the browser token and the query parameters', () => {
    const { effects } = run([{ type: 'edit', field: 'otp', value: '123456' }, { type: 'submit' }], config({ query: [['utm_source', 'mail']] }), atCode())
    expect(effects).toEqual([
      { type: 'verify', request: { email: 'jane@example.com', utm_source: 'mail', auth_type: 'otp', browser_token: 'bt-0123456789abcdef', otp: '123456' } },
    ])
  })

  it('loads the redirect target once signed in', () => {
    const { state, effects } = run(
      [{ type: 'edit', field: 'otp', value: '123456' }, { type: 'submit' }, { type: 'verified', response: sent({ otp_logged: true }) }],
      config({ redirectTo: '/my-account' }),
      atCode(),
    )
    expect(effects.at(-1)).toEqual({ type: 'go', url: '/my-account' })
    expect(state.pending).toBe('leaving')
  })

  it('shows a wrong code at the code field (a 200 retry answer), not in a toast', () => {
    const message = 'Invalid code. Please check the code and try again.'
    const retry = sent({ ok: false, participant: null, message, error: { code: 'invalid_code', message, fields: { otp: message } } })
    const { state, effects } = run([{ type: 'edit', field: 'otp', value: '000000' }, { type: 'submit' }, { type: 'verified', response: retry }], config(), atCode())
    expect(state).toMatchObject({ step: 'otp_verification', pending: null, otp: '000000', errors: { otp: message } })
    expect(effects.filter((e) => e.type !== 'verify')).toEqual([])
    // Editing the code clears the message.
    expect(run([{ type: 'edit', field: 'otp', value: '1' }], config(), state).state.errors.otp).toBeUndefined()
  })

  it('still toasts a lockout (429) on the code step', () => {
    const message = 'Too many failed attempts. Please try again in 60 minutes.'
    const { state, effects } = run(
      [{ type: 'edit', field: 'otp', value: '000000' }, { type: 'submit' }, { type: 'failed', failure: failure({ status: 429, code: 'too_many_attempts', signType: 'OTP', message }) }],
      config(),
      atCode(),
    )
    expect(state).toMatchObject({ step: 'otp_verification', pending: null })
    expect(effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message })
  })

  it('counts down each second and stops at zero', () => {
    expect(run([{ type: 'tick' }], config(), atCode()).state.seconds_left).toBe(59)
    expect(run([{ type: 'tick' }, { type: 'tick' }], config(), atCode({ seconds_left: 1 })).state.seconds_left).toBe(0)
  })

  it('only resends at zero; resending clears the code, resubmits with the token and restarts at 60', () => {
    expect(run([{ type: 'resend' }], config(), atCode({ seconds_left: 5 })).effects).toEqual([])
    const { state, effects } = run([{ type: 'resend' }], config(), atCode({ seconds_left: 0, otp: '12' }))
    expect(state).toMatchObject({ otp: '', seconds_left: 60, pending: 'resend' })
    expect(effects).toEqual([{ type: 'verify', request: { email: 'jane@example.com', auth_type: 'otp', browser_token: 'bt-0123456789abcdef' } }])
    const after = run([{ type: 'verified', response: sent() }], config(), state).state
    expect(after).toMatchObject({ step: 'otp_verification', seconds_left: 60, pending: null })
  })

  it('resends the sign-up fields for a new participant', () => {
    const { effects } = run([{ type: 'resend' }], config(), atCode({ seconds_left: 0, signing_up: true, first_name: 'Jane', last_name: 'Doe', agree_terms: true }))
    expect(effects[0]).toMatchObject({ request: { first_name: 'Jane', last_name: 'Doe', agree_terms: true, browser_token: 'bt-0123456789abcdef' } })
  })
})

describe('the security check the server asks for (challenge_required: many sign-ins from one network)', () => {
  const withKey = config({ captchaRequired: true })
  const challenged = (message = 'Many sign-ins come from your network right now. Please complete the security check to continue.'): SigninEvent => ({
    type: 'failed',
    failure: failure({ status: 429, code: 'challenge_required', signType: 'OTP', message, fields: { 'cf-turnstile-response': 'Please complete the security check' } }),
  })

  it('shows the check on the e-mail step, needs its token, sends it with the start, then drops the spent token', () => {
    const asked = run([email('jane@example.com'), { type: 'submit' }, challenged()], withKey)
    expect(asked.state).toMatchObject({ step: 'initial', pending: null, challenge: true, captcha_token: '', errors: { captcha: 'Please complete the security check' } })
    expect(asked.effects.slice(1)).toEqual([
      { type: 'toast', title: 'Error!', message: 'Many sign-ins come from your network right now. Please complete the security check to continue.' },
      { type: 'reset_captcha' },
    ])
    expect(showsCaptcha(asked.state, withKey)).toBe(true)
    // No token yet: the form says so and sends nothing.
    const early = run([{ type: 'submit' }], withKey, asked.state)
    expect(early.state.errors).toEqual({ captcha: MESSAGES.captcha })
    expect(early.effects).toEqual([])

    const again = run([{ type: 'captcha', token: 'XXXX.DUMMY.TOKEN.XXXX' }, { type: 'submit' }], withKey, asked.state)
    expect(again.effects).toEqual([{ type: 'verify', request: { email: 'jane@example.com', auth_type: 'otp', 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX' } }])
    const done = run([{ type: 'verified', response: sent() }], withKey, again.state)
    expect(done.state).toMatchObject({ step: 'otp_verification', captcha_token: '', challenge: true })
    expect(done.effects).toEqual([{ type: 'reset_captcha' }])
  })

  it('a challenged resend on the code step can be asked again at once, with the check', () => {
    const atCode = { ...initialSigninState('jane@example.com'), step: 'otp_verification' as const, browser_token: 'bt-0123456789abcdef', seconds_left: 0 }
    const resent = run([{ type: 'resend' }, challenged()], withKey, atCode)
    expect(resent.state).toMatchObject({ challenge: true, seconds_left: 0, pending: null, errors: { captcha: 'Please complete the security check' } })
    expect(run([{ type: 'resend' }], withKey, resent.state).effects).toEqual([])
    const { effects } = run([{ type: 'captcha', token: 'tok' }, { type: 'resend' }], withKey, resent.state)
    expect(effects).toEqual([{ type: 'verify', request: { email: 'jane@example.com', auth_type: 'otp', browser_token: 'bt-0123456789abcdef', 'cf-turnstile-response': 'tok' } }])
    // A code check never carries (nor spends) the token.
    const checking = run([{ type: 'captcha', token: 'tok' }, { type: 'edit', field: 'otp', value: '123456' }, { type: 'submit' }], withKey, resent.state)
    expect(checking.effects).toEqual([{ type: 'verify', request: { email: 'jane@example.com', auth_type: 'otp', browser_token: 'bt-0123456789abcdef', otp: '123456' } }])
  })

  it('shows the check for the resend of a sign-up (it is a sign-up again) once the program has a site key', () => {
    const signedUp = { ...initialSigninState('new@example.com'), step: 'otp_verification' as const, signing_up: true, seconds_left: 0 }
    expect(showsCaptcha(signedUp, withKey)).toBe(true)
    expect(showsCaptcha(signedUp, config())).toBe(false)
    expect(run([{ type: 'resend' }], withKey, signedUp).state.errors).toEqual({ captcha: MESSAGES.captcha })
  })

  it('without a site key there is no check to show: the refusal is a toast', () => {
    const { state, effects } = run([email('jane@example.com'), { type: 'submit' }, challenged('Please complete the security check')])
    expect(state.challenge).toBe(false)
    expect(effects.at(-1)).toEqual({ type: 'toast', title: 'Error!', message: 'Please complete the security check' })
  })
})
