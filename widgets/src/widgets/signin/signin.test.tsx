// @vitest-environment happy-dom
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SigninVerifyRequest, SigninVerifyResponse } from '../../../../sdk/contract/auth'
import { errorFromBody } from '../../../../sdk/src/errors'
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

async function render(verify: (req: SigninVerifyRequest) => SigninVerifyResponse, site = program) {
  const { client, calls } = answers(verify)
  view = await renderInSite(<SigninWidget program={site} client={client as unknown as TesseraClient} query={new URLSearchParams()} go={vi.fn()} />, {
    client,
    program: site,
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

describe('<SigninWidget>: the security check past a network\'s sign-in threshold (issue 25)', () => {
  // Cloudflare's always-passing test site key, whose widget issues the dummy token.
  const withTurnstile = testProgram({ features: { otp_login: true }, signup_challenge: null, turnstile_site_key: '1x00000000000000000000AA' } as never)
  const rendered: Record<string, unknown>[] = []
  afterEach(() => {
    delete window.turnstile
    rendered.length = 0
  })

  it('shows Turnstile on the e-mail step when the server asks, and sends its token with the start', async () => {
    // The Turnstile API as the test site key behaves: it renders and hands over the dummy token.
    window.turnstile = {
      render(el, options) {
        rendered.push(options)
        el.textContent = 'Security check'
        setTimeout(() => (options.callback as (token: string) => void)('XXXX.DUMMY.TOKEN.XXXX'), 0)
        return `widget-${rendered.length}`
      },
      reset: vi.fn(),
      remove: vi.fn(),
    }
    const { root, calls } = await render((req) => {
      if (!req['cf-turnstile-response']) {
        throw errorFromBody(429, {
          ok: false,
          message: 'Many sign-ins come from your network right now. Please complete the security check to continue.',
          error: { code: 'challenge_required', message: 'Many sign-ins come from your network right now.', fields: { 'cf-turnstile-response': 'Please complete the security check' } },
          sign_type: 'OTP',
        })
      }
      return { ok: true, participant: { id: null, first_name: 'Jane', last_name: '', name: 'Jane', email: 'jane@example.com' }, otp_logged: false, sign_type: 'OTP', browser_token: 'bt-0123456789abcdef', message: 'sent' }
    }, withTurnstile)
    await type(field(root, 'email'), 'jane@example.com')
    await submit(root)
    await vi.waitFor(() => expect(root.textContent).toContain('Security check'))
    expect(rendered[0]).toMatchObject({ sitekey: '1x00000000000000000000AA' })
    expect(root.textContent).toContain('Please complete the security check')
    expect(toasts.value.map((t) => t.message)).toContain('Many sign-ins come from your network right now. Please complete the security check to continue.')
    expect(calls).toHaveLength(1)

    // The check passed (the dummy token arrived): the same start goes again, carrying it.
    await vi.waitFor(() => expect(root.textContent).not.toContain('Please complete the security check'))
    await submit(root)
    await vi.waitFor(() => expect(field(root, 'otp')).not.toBeNull())
    expect(calls[1]).toMatchObject({ email: 'jane@example.com', 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX' })
  })
})
