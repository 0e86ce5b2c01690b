// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterSigninTarget, focusAfterSignin, markFocusAfterSignin, takeFocusAfterSigninMark } from './after-signin'

/** Issue 13: after signing in, focus lands on the next meaningful element, not on <body>. */
afterEach(() => {
  document.body.innerHTML = ''
  sessionStorage.clear()
})

describe('focusAfterSignin', () => {
  it('waits for the signed-in screen and focuses its marked element, else its first heading', async () => {
    document.body.innerHTML = '<main id="main" tabindex="-1"></main>'
    const main = document.getElementById('main')!
    focusAfterSignin(() => document.getElementById('main'), document, { everyMs: 5 })
    expect(document.activeElement).toBe(document.body)
    main.innerHTML = '<div aria-hidden="true"><h1>skeleton</h1></div><h1>Welcome back, Flo!</h1><button>Claim</button>'
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Welcome back, Flo!'))
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')

    main.innerHTML = '<h2>Rewards</h2><section data-focus-after-signin tabindex="-1">Hi</section>'
    expect(afterSigninTarget(main)?.tagName).toBe('SECTION')
  })

  it('leaves focus alone once the visitor moved it', async () => {
    document.body.innerHTML = '<input id="search"><main id="main"></main>'
    const search = document.getElementById('search') as HTMLInputElement
    focusAfterSignin(() => document.getElementById('main'), document, { everyMs: 5 })
    search.focus()
    document.getElementById('main')!.innerHTML = '<h1>Home</h1>'
    await new Promise((r) => setTimeout(r, 30))
    expect(document.activeElement).toBe(search)
  })

  it('marks the next page load once', () => {
    expect(takeFocusAfterSigninMark()).toBe(false)
    markFocusAfterSignin()
    expect(takeFocusAfterSigninMark()).toBe(true)
    expect(takeFocusAfterSigninMark()).toBe(false)
  })
})
