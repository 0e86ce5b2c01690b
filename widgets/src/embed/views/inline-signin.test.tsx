// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testProgram } from '../../widgets/shared/test-harness'
import { configureEmbed, defineWidgetElement } from '../mount'
import { createSigninForms } from '../signin-forms'
import { returnToOf } from './inline-signin'

/**
 * Several elements of one program on a partner page (issue 13): one full sign-in form, the others a
 * compact 'Sign in to join' that brings the visitor to it; when the form's element leaves, another
 * takes the form over.
 */
const API = 'https://tessera.example'

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/public/program')
      return Response.json(
        testProgram({
          public_key: 'forms',
          features: { otp_login: true },
          turnstile_site_key: null,
          program_template_detail: { element_css_style: {} },
        } as never),
      )
    return Response.json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 })
  })
  configureEmbed({ programKey: 'forms', apiBase: API, assetBase: API })
  defineWidgetElement('tessera-signin', () => import('./signin-view').then((m) => m.SigninView), ['referral-code'])
  defineWidgetElement('tessera-account', () => import('./account-view').then((m) => m.AccountView), ['referral-code'])
})
afterEach(() => {
  document.body.innerHTML = ''
})
// The node project runs files without isolation: the stub must not outlive this file.
afterAll(() => vi.unstubAllGlobals())

const shadow = (el: Element) => el.shadowRoot!
const emailField = (el: Element) => shadow(el).querySelector<HTMLInputElement>('input[name="email"]')
const joinButton = (el: Element) =>
  [...shadow(el).querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Sign in to join') ?? null

describe('one sign-in form per page', () => {
  it('draws the form once; the others offer "Sign in to join", which focuses it; the next takes over', async () => {
    document.body.innerHTML = '<tessera-account></tessera-account><tessera-signin></tessera-signin><tessera-account></tessera-account>'
    const [first, second, third] = [...document.body.querySelectorAll('tessera-account, tessera-signin')]
    await vi.waitFor(() => {
      expect(emailField(first!)).not.toBeNull()
      expect(joinButton(second!)).not.toBeNull()
      expect(joinButton(third!)).not.toBeNull()
    }, { timeout: 5000 })
    expect(emailField(second!)).toBeNull()
    expect(emailField(third!)).toBeNull()

    joinButton(third!)!.click()
    expect(shadow(first!).activeElement).toBe(emailField(first!))

    first!.remove()
    await vi.waitFor(() => {
      expect(emailField(second!)).not.toBeNull()
      expect(joinButton(third!)).not.toBeNull()
    }, { timeout: 5000 })
  })
})

describe('createSigninForms', () => {
  it('elects the first connected element in document order and re-elects when it leaves', () => {
    const forms = createSigninForms()
    const a = document.createElement('div')
    const b = document.createElement('div')
    document.body.append(a, b)
    const focused: string[] = []
    const offB = forms.register(b, () => focused.push('b'))
    expect(forms.owner.value).toBe(b)
    const offA = forms.register(a, () => focused.push('a'))
    expect(forms.owner.value).toBe(a) // earlier on the page
    forms.focusOwner()
    expect(focused).toEqual(['a'])
    offA()
    expect(forms.owner.value).toBe(b)
    offB()
    expect(forms.owner.value).toBeNull()
  })
})

describe('returnToOf', () => {
  it('is the partner page without its fragment', () => {
    expect(returnToOf('https://shop.partner.example/rewards?x=1#tessera_signin=abc')).toBe('https://shop.partner.example/rewards?x=1')
  })
})
