import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SigninVerifyResponse } from '../../../../sdk/contract/auth'
import { AuthenticationError, ValidationError } from '../../../../sdk/src/errors'
import { createSigninStore, failureFromError } from './signin-state'

const program = { features: { otp_login: true } as never, turnstile_site_key: null }
const codeSent: SigninVerifyResponse = {
  ok: true,
  participant: { id: 1, first_name: 'Jane', last_name: 'Doe', name: 'Jane Doe', email: 'jane@example.com' },
  otp_logged: false,
  sign_type: 'OTP',
  browser_token: 'bt-0123456789abcdef',
  message: 'sent',
}

function setup(verify: (input: unknown) => Promise<SigninVerifyResponse>, query = '') {
  const go = vi.fn()
  const toast = vi.fn()
  const calls: unknown[] = []
  const store = createSigninStore({
    program,
    client: {
      auth: {
        verify: (input: unknown) => {
          calls.push(input)
          return verify(input)
        },
      } as never,
    },
    query: new URLSearchParams(query),
    origin: 'https://demo.tessera.app',
    go,
    toast,
  })
  return { store, go, toast, calls }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('failureFromError', () => {
  it('reads sign_type, redirect_url and fields from the error body', () => {
    const err = new ValidationError('Required fields are missing', 422, 'validation_failed', { first_name: 'First name is required' }, 'r1', {
      ok: false,
      sign_type: 'SIGN_UP',
      redirect_url: 'https://partner.example/join',
    })
    expect(failureFromError(err)).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Required fields are missing',
      signType: 'SIGN_UP',
      redirectUrl: 'https://partner.example/join',
      fields: { first_name: 'First name is required' },
    })
  })
  it('treats anything else as a network failure', () => {
    expect(failureFromError(new TypeError('Failed to fetch'))).toMatchObject({ status: 0, signType: null })
  })
})

describe('createSigninStore', () => {
  it('sends the e-mail, shows the code step and counts down each second', async () => {
    const { store, calls } = setup(async () => codeSent, 'referral_code=FRIEND1&redirect_to=/my-account')
    store.dispatch({ type: 'edit', field: 'email', value: 'jane@example.com' })
    store.dispatch({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(calls[0]).toMatchObject({ email: 'jane@example.com', referral_code: 'FRIEND1', redirect_to: '/my-account' })
    expect(store.state.value).toMatchObject({ step: 'otp_verification', seconds_left: 60 })
    await vi.advanceTimersByTimeAsync(3000)
    expect(store.state.value.seconds_left).toBe(57)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(store.state.value.seconds_left).toBe(0)
    store.dispose()
  })

  it('toasts OTP failures and loads the redirect target after a good code', async () => {
    let answer: () => Promise<SigninVerifyResponse> = async () => codeSent
    const { store, toast, go } = setup(() => answer(), 'redirectTo=/my-account')
    store.dispatch({ type: 'edit', field: 'email', value: 'jane@example.com' })
    store.dispatch({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(0)

    answer = async () => {
      throw new AuthenticationError('Invalid code. Please check the code and try again.', 401, 'invalid_code', undefined, 'r', { sign_type: 'OTP' })
    }
    store.dispatch({ type: 'edit', field: 'otp', value: '000000' })
    store.dispatch({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(toast).toHaveBeenCalledWith({ title: 'Error!', message: 'Invalid code. Please check the code and try again.' })

    answer = async () => ({ ...codeSent, otp_logged: true })
    store.dispatch({ type: 'edit', field: 'otp', value: '123456' })
    store.dispatch({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(go).toHaveBeenCalledWith('/my-account')
    store.dispose()
  })
})
