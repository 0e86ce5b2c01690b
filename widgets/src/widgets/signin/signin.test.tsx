// @vitest-environment happy-dom
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SigninVerifyRequest, SigninVerifyResponse } from '../../../../sdk/contract/auth'
import type { TesseraClient } from '../../../../sdk/src/index'
import { toasts } from '../../ui/toast'
import { button, renderInSite, type Rendered, testProgram } from '../shared/test-harness'
import { SigninWidget } from './signin'

/**
 * The sign-in widget as a visitor meets it (issue 13): a new e-mail moves on to sign-up (a 200 answer),
 * an empty e-mail asks for one, and a wrong code is shown at the code field, tied to it for screen
 * readers, not only in a toast.
 */
let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
  toasts.value = []
})

const program = testProgram({
  features: { otp_login: true },
  signup_challenge: null,
  turnstile_site_key: null,
} as never)

const WRONG = 'Invalid code. Please check the code and try again.'

function answers(verify: (req: SigninVerifyRequest) => SigninVerifyResponse) {
  const calls: SigninVerifyRequest[] = []
  const client = {
    auth: {
      verify: async (req: SigninVerifyRequest) => {
        calls.push(req)
        return verify(req)
      },
    },
  } as unknown as Partial<Record<keyof TesseraClient, unknown>>
  return { client, calls }
}

async function render(verify: (req: SigninVerifyRequest) => SigninVerifyResponse) {
  const { client, calls } = answers(verify)
  view = await renderInSite(<SigninWidget program={program} client={client as unknown as TesseraClient} query={new URLSearchParams()} go={vi.fn()} />, {
    client,
    program,
  })
  return { root: view.container, calls }
}

async function type(input: HTMLInputElement, value: string) {
  await act(() => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function submit(root: HTMLElement) {
  await act(async () => {
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await new Promise((r) => setTimeout(r, 0))
  })
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
}

const field = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const describedText = (root: HTMLElement, input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.querySelector(`#${CSS.escape(id)}`)?.textContent ?? '')
    .join(' ')

describe('<SigninWidget> (issue 13)', () => {
  it('says "Enter your email" for an empty e-mail, at the field, without calling the server', async () => {
    const { root, calls } = await render(() => {
      throw new Error('not called')
    })
    await submit(root)
    const email = field(root, 'email')
    // The state machine is fetched with the first submit.
    await vi.waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(describedText(root, email)).toBe('Enter your email')
    expect(calls).toEqual([])
  })

  it('moves a new e-mail to the sign-up form on the 200 sign-up step answer', async () => {
    const { root } = await render(() => ({
      ok: true,
      participant: null,
      otp_logged: false,
      sign_type: 'SIGN_UP',
      browser_token: null,
      message: 'Welcome! Tell us a little about yourself to sign up.',
    }))
    await type(field(root, 'email'), 'new@example.com')
    await submit(root)
    // The steps after the e-mail are fetched while it is checked.
    await vi.waitFor(() => expect(field(root, 'first_name')).not.toBeNull())
    expect(toasts.value).toEqual([])
  })

  it('shows a wrong code at the code field (aria-invalid, aria-describedby), not only in a toast', async () => {
    const { root, calls } = await render((req) =>
      req.otp
        ? { ok: false, participant: null, otp_logged: false, sign_type: 'OTP', browser_token: 'bt-0123456789abcdef', message: WRONG, error: { code: 'invalid_code', message: WRONG, fields: { otp: WRONG } } }
        : { ok: true, participant: { id: null, first_name: 'Jane', last_name: '', name: 'Jane', email: 'jane@example.com' }, otp_logged: false, sign_type: 'OTP', browser_token: 'bt-0123456789abcdef', message: 'sent' },
    )
    await type(field(root, 'email'), 'jane@example.com')
    await submit(root)
    await vi.waitFor(() => expect(field(root, 'otp')).not.toBeNull())
    const code = field(root, 'otp')
    await type(code, '000000')
    await submit(root)
    expect(calls.at(-1)).toMatchObject({ otp: '000000', browser_token: 'bt-0123456789abcdef' })
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(root, code)).toBe(WRONG)
    expect(document.activeElement).toBe(code)
    expect(button(root, 'Verify Code')).toBeTruthy()
  })
})
