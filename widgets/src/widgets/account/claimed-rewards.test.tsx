// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reward } from '../reward/test-fixtures'
import { button, renderInSite, testProgram, type Rendered } from '../shared/test-harness'
import { ClaimedRewards } from './claimed-rewards'

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
})

describe('ClaimedRewards (My Account)', () => {
  it('lists claimed rewards with their codes, a Copy button and the redemption details', async () => {
    const giftCard = reward({
      id: 2,
      name: '$5 gift card',
      earned_by_current_participant_on: '2026-06-01T10:00:00.000Z',
      coupon_code: 'EMBER5-AB12',
      redemption_details: 'Enter the code at checkout online.',
    })
    const pastry = reward({ id: 1, name: 'Free pastry', earned_by_current_participant_on: '2026-05-01T10:00:00.000Z' })
    const listClaimed = vi.fn(async () => ({ data: [giftCard, pastry] }))
    view = await renderInSite(<ClaimedRewards />, {
      client: { rewards: { listClaimed } },
      program: testProgram({ term_rewards_as: 'perks' }),
    })
    const { container } = view
    await vi.waitFor(() => expect(container.querySelectorAll('.claimed__item')).toHaveLength(2))
    expect(container.querySelector('#claimed-title')?.textContent).toBe('Claimed perks')
    const [first, second] = [...container.querySelectorAll<HTMLElement>('.claimed__item')]
    expect(first!.querySelector('a')?.getAttribute('href')).toBe('/reward/2')
    expect(first!.querySelector<HTMLInputElement>('input')?.value).toBe('EMBER5-AB12')
    expect(first!.querySelector('label')?.textContent).toBe('Code for $5 gift card')
    expect(button(first!, 'Copy')).toBeTruthy()
    expect(first!.textContent).toContain('Enter the code at checkout online.')
    expect(first!.textContent).toContain('Earned')
    // A reward without a code has no code field.
    expect(second!.querySelector('input')).toBeNull()
  })

  it('says where claimed rewards will appear when there are none', async () => {
    view = await renderInSite(<ClaimedRewards />, { client: { rewards: { listClaimed: async () => ({ data: [] }) } } })
    await vi.waitFor(() => expect(view!.container.textContent).toContain('Rewards you claim appear here with their codes.'))
  })
})
