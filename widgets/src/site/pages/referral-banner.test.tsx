// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInSite, testProgram, type Rendered } from '../../widgets/shared/test-harness'
import { ReferralBanner, referralInvitation } from './referral-banner'

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
})

const program = testProgram({ name: 'Ember & Oak', term_points_as: 'beans', signup_challenge: { points: 100 } } as never)

describe('referral landing banner', () => {
  it("names the friend who invited and the sign-up bonus in the program's points term", async () => {
    const referrer = vi.fn(async () => ({ referrer: { first_name: 'Ada' } }))
    view = await renderInSite(<ReferralBanner code="K3J9QX2A" />, { client: { referrals: { referrer } }, program })
    await vi.waitFor(() => expect(view!.container.querySelector('.referral-banner')?.textContent).toBe('Ada invited you: join and get 100 beans'))
    expect(referrer).toHaveBeenCalledWith('K3J9QX2A')
  })

  it('shows nothing for an unknown code (the plain sign-in page)', async () => {
    const referrer = vi.fn(async () => ({ referrer: null }))
    view = await renderInSite(<ReferralBanner code="NOPE" />, { client: { referrals: { referrer } }, program })
    await vi.waitFor(() => expect(referrer).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 0))
    expect(view.container.innerHTML).toBe('')
  })

  it('reads without a bonus or a name', () => {
    expect(referralInvitation('Ada', 'Ember & Oak', 0, 'points')).toBe('Ada invited you to join Ember & Oak')
    expect(referralInvitation(null, 'Ember & Oak', 1500, 'points')).toBe('A friend invited you: join and get 1,500 points')
  })
})
