import { effect, signal } from '@preact/signals'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { TesseraError, type TesseraClient } from '../../../../sdk/src/index'
import { initialSigninState, type SigninConfig, type SigninEffect, type SigninEvent, signinReducer, type VerifyFailure } from './signin-machine'
import { redirectFromQuery } from './signin-format'

/** Reads what the state machine needs from an SDK error (or a network failure). */
export function failureFromError(err: unknown): VerifyFailure {
  if (err instanceof TesseraError) {
    const body = err.body
    return {
      status: err.status,
      code: String(err.code),
      message: err.message,
      signType: typeof body.sign_type === 'string' ? body.sign_type : null,
      redirectUrl: typeof body.redirect_url === 'string' && body.redirect_url ? body.redirect_url : null,
      fields: err.fields ?? {},
    }
  }
  return { status: 0, code: 'network', message: '', signType: null, redirectUrl: null, fields: {} }
}

export type SigninStoreDeps = {
  program: Pick<PublicProgram, 'features' | 'turnstile_site_key'>
  client: Pick<TesseraClient, 'auth'>
  /** The sign-in URL's query: redirect target, referral_code and anything else to forward. */
  query: URLSearchParams
  origin: string
  /** A full page load (location.assign on the site). */
  go: (url: string) => void
  toast: (toast: { title: string; message: string }) => void
}

/**
 * The sign-in widget's state as signals: `state` holds the machine's state, `dispatch` runs a
 * transition and then its effects (the verify call, toasts, page loads), and a 1 s timer drives the
 * resend countdown while the code screen shows it.
 */
export function createSigninStore(deps: SigninStoreDeps) {
  const config: SigninConfig = {
    otpLogin: deps.program.features.otp_login,
    captchaRequired: Boolean(deps.program.turnstile_site_key),
    redirectTo: redirectFromQuery(deps.query),
    query: [...deps.query.entries()],
    origin: deps.origin,
  }
  const state = signal(initialSigninState(deps.query.get('email') ?? ''))
  /** Bumped when the Turnstile widget must issue a fresh token. */
  const captchaReset = signal(0)
  let disposed = false

  function dispatch(event: SigninEvent) {
    if (disposed) return
    const transition = signinReducer(state.value, event, config)
    state.value = transition.state
    for (const e of transition.effects) void runEffect(e)
  }

  async function runEffect(e: SigninEffect) {
    switch (e.type) {
      case 'verify':
        try {
          dispatch({ type: 'verified', response: await deps.client.auth.verify(e.request) })
        } catch (err) {
          dispatch({ type: 'failed', failure: failureFromError(err) })
        }
        return
      case 'toast':
        deps.toast({ title: e.title, message: e.message })
        return
      case 'go':
        deps.go(e.url)
        return
      case 'reset_captcha':
        captchaReset.value++
        return
    }
  }

  let timer: ReturnType<typeof setInterval> | undefined
  const stopTimerEffect = effect(() => {
    const { step, seconds_left } = state.value
    const running = step === 'otp_verification' && seconds_left > 0
    if (running && !timer) timer = setInterval(() => dispatch({ type: 'tick' }), 1000)
    if (!running && timer) {
      clearInterval(timer)
      timer = undefined
    }
  })

  return {
    state,
    config,
    captchaReset,
    dispatch,
    dispose() {
      disposed = true
      stopTimerEffect()
      if (timer) clearInterval(timer)
    },
  }
}
export type SigninStore = ReturnType<typeof createSigninStore>
