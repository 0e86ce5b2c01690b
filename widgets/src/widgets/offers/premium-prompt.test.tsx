// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TesseraClient } from '../../../../sdk/src/index'
import { testProgram } from '../shared/test-harness'
import { OffersHostContext } from './offers-host'
import { rememberZip, forgetLocation } from './offers-state'
import { PremiumPrompt } from './premium-prompt'

let container: HTMLElement | null = null
afterEach(() => {
  if (container) render(null, container)
  container?.remove()
  container = null
  forgetLocation()
  vi.unstubAllGlobals()
})

async function prompt(search: ReturnType<typeof vi.fn>) {
  // Less motion: the counter shows its final figure at once.
  vi.stubGlobal('matchMedia', () => ({ matches: true }))
  const host = {
    program: testProgram(),
    client: { offers: { search } } as unknown as TesseraClient,
    participant: null,
    navigate: () => {},
    go: () => {},
    signinHref: '/signin',
  }
  container = document.createElement('div')
  document.body.append(container)
  await act(() => {
    render(
      <OffersHostContext.Provider value={host}>
        <PremiumPrompt mode="authentication" onJoin={() => {}} loginHref="/signin" canJoin={false} challenges={[]} />
      </OffersHostContext.Provider>,
      container!,
    )
  })
  return container
}

describe('the premium prompt counter', () => {
  it('shows the real number of offers near the saved location, with a label', async () => {
    rememberZip('10001')
    const search = vi.fn(async () => ({ page: 1, pageSize: 12, totalItems: 9, totalOffers: 37, result: [] }))
    const root = await prompt(search)
    await vi.waitFor(() => expect(root.querySelector('.premium__number')?.textContent).toContain('37'))
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ zip_code: '10001' }))
    expect(root.querySelector('.premium__number')!.textContent).toContain('offers near 10001')
    expect(root.textContent).not.toMatch(/494,2\d\d|400,000/)
  })

  it('leaves the counter out when no location is known (no invented figure)', async () => {
    const search = vi.fn()
    const root = await prompt(search)
    await new Promise((r) => setTimeout(r, 20))
    expect(root.querySelector('.premium__number')).toBeNull()
    expect(search).not.toHaveBeenCalled()
    expect(root.textContent).toContain('Members unlock discounts')
  })
})
