// @vitest-environment happy-dom
import { act } from 'preact/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProcessRewardResponse } from '../../../../sdk/contract/rewards'
import { toasts } from '../../ui/toast'
import { reward } from '../../widgets/reward/test-fixtures'
import { button, click, renderInSite, type Rendered } from '../../widgets/shared/test-harness'
import { currentUrl } from '../router'
import { RewardPage } from './reward-page'

const giftCard = reward({ id: 42, name: 'Coffee gift card' })
const answer: ProcessRewardResponse = {
  success: true,
  message: 'Enjoy your gift card!',
  stripe_url: null,
  reward: { ...giftCard, earned_by_current_participant_on: '2026-06-01T10:00:00.000Z', coupon_code: 'GIFT-7Q2X' },
}

let view: Rendered | null = null
const at = () => `${location.pathname}${location.search}`

beforeEach(() => {
  toasts.value = []
  history.replaceState(null, '', '/reward/42')
  currentUrl.value = { pathname: '/reward/42', search: '' }
})
afterEach(() => {
  view?.unmount()
  view = null
  vi.restoreAllMocks()
})

describe('/reward/{id}', () => {
  it("stays open on the earned card after a claim; closing it is the participant's choice", async () => {
    const retrieve = vi.fn(async () => giftCard)
    const claim = vi.fn(async () => answer)
    view = await renderInSite(<RewardPage id="42" backdrop={<p class="home">Home</p>} />, {
      client: { rewards: { retrieve, claim } },
    })
    const { container } = view
    await vi.waitFor(() => expect(container.textContent).toContain('Use 150 points to Claim'))
    const pushState = vi.spyOn(history, 'pushState')
    const replaceState = vi.spyOn(history, 'replaceState')

    await click(button(container, 'Use 150 points to Claim'))
    // Points are spent only once the participant says yes.
    expect(claim).not.toHaveBeenCalled()
    expect(container.querySelector('[role="dialog"] [role="group"]')?.textContent).toContain('Use 150 points?')
    await click(button(container, 'Confirm'))

    await vi.waitFor(() => expect(container.querySelector('#reward-earned-title')?.textContent).toBe('Congrats'))
    // Focus follows to the earned state, not <body>.
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('reward-earned-title'))
    const dialog = container.querySelector('[role="dialog"]')
    expect(dialog?.textContent).toContain('Coffee gift card')
    // The code's copy field is fetched with the first earned code.
    await vi.waitFor(() => expect(dialog?.querySelector<HTMLInputElement>('.reward-earned input')?.value).toBe('GIFT-7Q2X'))
    expect(toasts.value.map((t) => t.title)).toEqual(['Congrats!'])
    expect(pushState).not.toHaveBeenCalled()
    expect(replaceState).not.toHaveBeenCalled()
    expect(at()).toBe('/reward/42')
    expect(currentUrl.value.pathname).toBe('/reward/42')

    // Close goes home.
    await click(container.querySelector<HTMLButtonElement>('[role="dialog"] button[aria-label="Close"]')!)
    expect(at()).toBe('/')
  })

  it('shows a signed-out visitor the card; claiming asks them to sign in and come back', async () => {
    const retrieve = vi.fn(async () => giftCard)
    const claim = vi.fn(async () => answer)
    history.replaceState(null, '', '/reward/42?from=tile')
    currentUrl.value = { pathname: '/reward/42', search: '?from=tile' }
    view = await renderInSite(<RewardPage id="42" backdrop={<p class="home">Home</p>} />, {
      client: { rewards: { retrieve, claim } },
    })
    await act(() => {
      view!.session.status.value = 'signed_out'
      view!.session.participant.value = null
    })
    const { container } = view
    await vi.waitFor(() => expect(container.querySelector('[role="dialog"]')?.textContent).toContain('Coffee gift card'))
    expect(at()).toBe('/reward/42?from=tile')

    await click(button(container, 'Use 150 points to Claim'))
    expect(claim).not.toHaveBeenCalled()
    expect(location.pathname).toBe('/signin')
    expect(new URLSearchParams(location.search).get('redirect_to')).toBe('/reward/42?from=tile')
  })
})
