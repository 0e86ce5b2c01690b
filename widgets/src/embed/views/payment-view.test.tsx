// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testParticipant, testProgram } from '../../widgets/shared/test-harness'
import { configureEmbed, defineWidgetElement } from '../mount'
import { getRuntime } from '../runtime'

/**
 * <tessera-membership> / <tessera-donation> with a challenge-id the program does not have (issue 13):
 * the console names the element and attribute once, and a sign-in does not ask again.
 */
const API = 'https://tessera.example'
const asked: string[] = []

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    asked.push(url.pathname)
    if (url.pathname === '/public/program')
      return Response.json(testProgram({ program_template_detail: { element_css_style: {} } } as never))
    if (url.pathname.includes('/challenges/'))
      return Response.json({ error: { code: 'not_found', message: 'Challenge not found' } }, { status: 404 })
    return Response.json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 })
  })
  configureEmbed({ programKey: 'demo', apiBase: API, assetBase: API })
  defineWidgetElement('tessera-donation', () => import('./payment-view').then((m) => m.DonationView), ['challenge-id'])
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

const text = (el: Element) => el.shadowRoot?.textContent ?? ''
const challengeRequests = () => asked.filter((p) => p.includes('/challenges/')).length

describe('<tessera-donation> configuration errors', () => {
  it('an unknown challenge-id: logged once, not asked again after a sign-in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    document.body.innerHTML = '<tessera-donation challenge-id="no-such-drive"></tessera-donation>'
    const el = document.body.firstElementChild!
    await vi.waitFor(() => expect(text(el)).toContain('This challenge is not available.'), { timeout: 3000 })
    expect(challengeRequests()).toBe(1)
    const message = () =>
      errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('<tessera-donation challenge-id="no-such-drive">'))
    await vi.waitFor(() => expect(message()).toHaveLength(1))

    const runtime = getRuntime({ programKey: 'demo', apiBase: API })
    runtime.session.participant.value = testParticipant()
    runtime.session.status.value = 'ready'
    await new Promise((r) => setTimeout(r, 100))
    await vi.waitFor(() => expect(text(el)).toContain('This challenge is not available.'))
    expect(challengeRequests()).toBe(1)
    expect(message()).toHaveLength(1)
  })
})
