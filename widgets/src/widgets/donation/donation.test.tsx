// @vitest-environment happy-dom
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { challenge } from '../challenge/test-fixtures'
import { renderInSite, type Rendered } from '../shared/test-harness'
import { Donation, savedChoice } from './donation'

const drive = challenge({
  id: 12,
  challenge_type: 'donation',
  donation_challenge: {
    entity_label: 'Cause',
    amount_options: [
      { amount: 500, points: 50 },
      { amount: 1000, points: 120 },
    ],
    entity_options: [
      { id: 'trees', name: 'Plant trees' },
      { id: 'food', name: 'Food bank' },
    ],
  },
})

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
  sessionStorage.clear()
})

describe('Donation after a cancelled payment', () => {
  it('shows the cause and amount chosen before the payment page again', async () => {
    const createDonationCheckout = vi.fn(async () => ({ url: 'https://pay.example/c/1', id: 'cs_1' }))
    const onCheckout = vi.fn()
    view = await renderInSite(<Donation challenge={drive} completed={false} onCheckout={onCheckout} />, {
      client: { challenges: { createDonationCheckout } },
    })
    const select = view.container.querySelector('select')!
    await act(() => {
      select.value = 'food'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    const radios = view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')
    await act(() => {
      radios[1]!.click()
    })
    await act(async () => {
      view!.container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(createDonationCheckout).toHaveBeenCalledWith(12, { entity: 'food', amount: 1000 })
    expect(onCheckout).toHaveBeenCalled()
    view.unmount()

    // Back from the payment page (?checkout=cancelled): a new page load renders the form again.
    view = await renderInSite(<Donation challenge={drive} completed={false} />, { client: { challenges: { createDonationCheckout } } })
    expect(view.container.querySelector('select')!.value).toBe('food')
    const checked = view.container.querySelector<HTMLInputElement>('input[type="radio"]:checked')
    expect(checked?.value).toBe('1000')
  })

  it('keeps a choice when the form is drawn again before any payment (an element reloading its challenge)', async () => {
    view = await renderInSite(<Donation challenge={drive} completed={false} />, { client: { challenges: {} } })
    const select = view.container.querySelector('select')!
    await act(() => {
      select.value = 'food'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await act(() => {
      view!.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!.click()
    })
    view.unmount()
    view = await renderInSite(<Donation challenge={drive} completed={false} />, { client: { challenges: {} } })
    expect(view.container.querySelector('select')!.value).toBe('food')
    expect(view.container.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value).toBe('1000')
  })

  it('drops options the drive no longer offers', () => {
    sessionStorage.setItem('tessera:donation:12', JSON.stringify({ entity: 'gone', amount: 700 }))
    expect(savedChoice(drive)).toEqual({ entity: '', amount: null })
  })
})
