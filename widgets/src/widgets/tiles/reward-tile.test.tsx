// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { reward } from '../reward/test-fixtures'
import { renderInSite, testParticipant, testProgram, type Rendered } from '../shared/test-harness'
import { RewardTile } from './reward-tile'

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
})

describe('RewardTile', () => {
  it("shows 'N more {points} needed' instead of a primary 'Claim' to a participant who cannot afford it", async () => {
    const giftCard = reward({ id: 2, name: '$5 gift card', threshold: 750 })
    view = await renderInSite(<RewardTile reward={giftCard} />, {
      participant: testParticipant({ unused_points: 150 }),
      program: testProgram({ term_points_as: 'beans' }),
    })
    const link = view.container.querySelector<HTMLAnchorElement>('a.tile__cta')!
    expect(link.textContent).toBe('View details')
    expect(link.className).not.toContain('btn--primary')
    expect(view.container.querySelector('.reward-tile__need')?.textContent).toBe('600 more beans needed')
  })

  it("keeps the primary 'Claim' when the participant has the points", async () => {
    view = await renderInSite(<RewardTile reward={reward({ threshold: 150 })} />, {
      participant: testParticipant({ unused_points: 175 }),
    })
    const link = view.container.querySelector<HTMLAnchorElement>('a.tile__cta')!
    expect(link.textContent).toBe('Claim')
    expect(link.className).toContain('btn--primary')
    expect(view.container.querySelector('.reward-tile__need')).toBeNull()
  })
})
