// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { challenge } from '../../widgets/challenge/test-fixtures'
import { testParticipant, testProgram } from '../../widgets/shared/test-harness'
import { configureEmbed, defineWidgetElement } from '../mount'
import { tokenKey } from '../token-store'
import { ChallengeTilesView, isTilesState, withTilesState } from './challenge-tiles-view'

/**
 * Back on a partner page closes a challenge opened inside <tessera-challenge-tiles> (issue 13) instead
 * of leaving the partner's route: opening adds one history entry with a state object and the same URL.
 */
const API = 'https://tessera.example'

function OpenChallenge({ identifier, onBack }: { identifier: string; onBack: () => void }) {
  return (
    <div class="opened">
      <h2>Opened {identifier}</h2>
      <button type="button" onClick={onBack}>
        All challenges
      </button>
    </div>
  )
}

beforeAll(() => {
  localStorage.setItem(tokenKey('demo'), 'tok_AbCdEfGhIjKlMnOpQrStUv')
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/public/program')
      return Response.json(testProgram({ program_template_detail: { element_css_style: {} } } as never))
    if (url.pathname === '/public/participant') return Response.json(testParticipant())
    if (url.pathname.includes('uncompleted'))
      return Response.json({ data: [challenge({ id: 3, identifier: 'coffee-quiz', name: 'Coffee quiz' })] })
    return Response.json({ error: { code: 'not_found', message: 'nope' } }, { status: 404 })
  })
  configureEmbed({ programKey: 'demo', apiBase: API, assetBase: API })
  defineWidgetElement(
    'tessera-challenge-tiles',
    async () =>
      function Tiles() {
        return <ChallengeTilesView inline={{ Challenge: OpenChallenge, Signin: () => <p>Sign in</p> }} />
      },
    ['limit'],
  )
})
afterEach(() => {
  document.body.innerHTML = ''
})

const shadow = () => document.querySelector('tessera-challenge-tiles')!.shadowRoot!
const popTo = (state: unknown) => window.dispatchEvent(new PopStateEvent('popstate', { state }))

describe('<tessera-challenge-tiles> and Back', () => {
  it('keeps the page state and marks its own entry', () => {
    expect(withTilesState({ key: 'abc', idx: 2 })).toEqual({ key: 'abc', idx: 2, tesseraTiles: true })
    expect(isTilesState(withTilesState(null))).toBe(true)
    expect(isTilesState({ key: 'abc' })).toBe(false)
  })

  it('opening a challenge pushes one state entry without changing the URL; Back closes it', async () => {
    history.replaceState({ key: 'partner' }, '', '/shop/coffee')
    document.body.innerHTML = '<tessera-challenge-tiles></tessera-challenge-tiles>'
    await vi.waitFor(() => expect(shadow().querySelector('a[data-tw-path="/challenge/coffee-quiz"]')).toBeTruthy(), {
      timeout: 3000,
    })
    const push = vi.spyOn(history, 'pushState')
    const length = history.length
    shadow().querySelector<HTMLAnchorElement>('a[data-tw-path="/challenge/coffee-quiz"]')!.click()
    await vi.waitFor(() => expect(shadow().textContent).toContain('Opened coffee-quiz'))
    expect(push).toHaveBeenCalledTimes(1)
    expect(push.mock.calls[0]![2]).toBeUndefined() // no URL: the partner's route stays
    expect(history.state).toEqual({ key: 'partner', tesseraTiles: true })
    expect(history.length).toBe(length + 1)
    expect(location.pathname).toBe('/shop/coffee')

    // The browser's Back: the previous entry (the partner's own state) comes back.
    popTo({ key: 'partner' })
    await vi.waitFor(() => expect(shadow().textContent).not.toContain('Opened coffee-quiz'))
    await vi.waitFor(() => expect(shadow().textContent).toContain('Coffee quiz'))
    expect(location.pathname).toBe('/shop/coffee')
    push.mockRestore()
  })

  it("the element's own back button goes back through history, so Back is not needed twice", async () => {
    history.replaceState({ key: 'partner' }, '', '/shop/coffee')
    document.body.innerHTML = '<tessera-challenge-tiles></tessera-challenge-tiles>'
    await vi.waitFor(() => expect(shadow().querySelector('a[data-tw-path="/challenge/coffee-quiz"]')).toBeTruthy(), {
      timeout: 3000,
    })
    shadow().querySelector<HTMLAnchorElement>('a[data-tw-path="/challenge/coffee-quiz"]')!.click()
    await vi.waitFor(() => expect(shadow().textContent).toContain('Opened coffee-quiz'))
    const back = vi.spyOn(history, 'back').mockImplementation(() => popTo({ key: 'partner' }))
    shadow().querySelector<HTMLButtonElement>('.opened button')!.click()
    expect(back).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(shadow().textContent).not.toContain('Opened coffee-quiz'))
    back.mockRestore()
  })
})
