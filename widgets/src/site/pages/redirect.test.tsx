// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { currentUrl } from '../router'
import { Redirect } from './redirect'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('Redirect', () => {
  it('keeps the loading band in the page until the route it goes to replaces it, then replaces the history entry', async () => {
    history.replaceState(null, '', '/my-account')
    currentUrl.value = { pathname: '/my-account', search: '' }
    const root = document.body.appendChild(document.createElement('main'))
    const length = history.length
    await act(() => render(<Redirect to="/signin?redirect_to=/my-account" />, root))
    // Until the route it goes to renders (the app's part), the band holds the page's height.
    const band = root.querySelector('.page-loading')
    expect(band, 'an empty main area lets the footer rise into view for a frame (layout shift)').not.toBeNull()
    expect(band!.getAttribute('aria-busy')).toBe('true')
    expect(`${location.pathname}${location.search}`).toBe('/signin?redirect_to=/my-account')
    expect(history.length).toBe(length)
  })
})
