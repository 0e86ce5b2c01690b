// @vitest-environment happy-dom
import { useState } from 'preact/hooks'
import { act } from 'preact/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProcessRewardResponse, Reward } from '../../../../sdk/contract/rewards'
import { toasts } from '../../ui/toast'
import { button, click, renderInSite, testParticipant, testProgram, type Rendered } from '../shared/test-harness'
import { RewardCard } from './reward-card'
import { reward } from './test-fixtures'

const EARNED = '2026-06-01T10:00:00.000Z'
const giftCard = reward({ id: 42, name: 'Coffee gift card', threshold: 150 })
const claimed = (r: Reward, over: Partial<Reward> = {}): ProcessRewardResponse => ({
  success: true,
  message: 'Enjoy your gift card!',
  stripe_url: null,
  reward: { ...r, earned_by_current_participant_on: EARNED, claims: r.claims + 1, balance: r.balance - 1, ...over },
})

/** The card as a surface holds it: the claimed reward replaces the loaded one (useLoad's setData). */
function Holder({ initial, ...props }: { initial: Reward } & Omit<Parameters<typeof RewardCard>[0], 'reward' | 'onChange' | 'reload'>) {
  const [current, setCurrent] = useState(initial)
  return <RewardCard reward={current} onChange={setCurrent} reload={() => {}} {...props} />
}

/** Asks for the claim and answers the 'Use N points?' question with Confirm. */
async function claimAndConfirm(container: HTMLElement, label: string) {
  await click(button(container, label))
  await click(button(container, 'Confirm'))
}

let view: Rendered | null = null
let navigation: { pushState: unknown; replaceState: unknown; assign: unknown; open: unknown }

beforeEach(() => {
  toasts.value = []
  navigation = {
    pushState: vi.spyOn(history, 'pushState'),
    replaceState: vi.spyOn(history, 'replaceState'),
    assign: vi.spyOn(location, 'assign').mockImplementation(() => {}),
    open: vi.spyOn(window, 'open').mockImplementation(() => null),
  }
})
afterEach(() => {
  view?.unmount()
  view = null
  vi.restoreAllMocks()
})

describe('RewardCard claim', () => {
  it('shows the earned state and the code in place after a claim, and navigates nowhere', async () => {
    const claim = vi.fn(async (id: number) => claimed(giftCard, { id, coupon_code: 'GIFT-7Q2X' }))
    const onClaimed = vi.fn()
    view = await renderInSite(<Holder initial={giftCard} onClaimed={onClaimed} heading />, {
      client: { rewards: { claim } },
    })
    const { container } = view
    expect(container.textContent).not.toContain('Congrats')

    await claimAndConfirm(container, 'Use 150 points to Claim')

    expect(claim).toHaveBeenCalledWith(42, { idempotencyKey: expect.any(String) })
    await vi.waitFor(() => expect(container.querySelector('#reward-earned-title')?.textContent).toBe('Congrats'))
    expect(container.textContent).toContain("You've earned this reward.")
    // The gift card's code, ready to copy (the copy field is fetched with the first earned code).
    await vi.waitFor(() =>
      expect(container.querySelector<HTMLInputElement>('.reward-earned input')?.value).toBe('GIFT-7Q2X'),
    )
    // Not repeatable: no second claim is offered.
    expect(() => button(container, 'Use 150 points to Claim')).toThrow()
    // The card is still there (nothing closed it), with the 'Congrats!' toast.
    expect(container.querySelector('h2.reward__name')?.textContent).toBe('Coffee gift card')
    expect(toasts.value.map((t) => [t.tone, t.title, t.message])).toEqual([['success', 'Congrats!', 'Enjoy your gift card!']])
    expect(onClaimed).toHaveBeenCalledTimes(1)
    expect(onClaimed.mock.calls[0]![0]).toMatchObject({ id: 42, coupon_code: 'GIFT-7Q2X' })
    for (const spy of Object.values(navigation)) expect(spy).not.toHaveBeenCalled()
  })

  it('re-reads the balance by default, and offers a repeatable reward again with a fresh key', async () => {
    const coffee = reward({ id: 5, name: 'Free coffee', threshold: 50, repeatable: true })
    const claim = vi.fn(async () => claimed(coffee))
    const retrieve = vi.fn(async () => testParticipant({ unused_points: 125 }))
    view = await renderInSite(<Holder initial={coffee} />, {
      client: { rewards: { claim }, participant: { retrieve } },
    })
    const { container, session } = view

    await claimAndConfirm(container, 'Use 50 points to Claim')
    await vi.waitFor(() => expect(container.textContent).toContain('Congrats'))
    await vi.waitFor(() => expect(session.participant.value?.unused_points).toBe(125))
    expect(retrieve).toHaveBeenCalledTimes(1)

    await claimAndConfirm(container, 'Use 50 points to Claim')
    expect(claim).toHaveBeenCalledTimes(2)
    const [first, second] = claim.mock.calls.map((c) => (c as unknown as [number, { idempotencyKey: string }])[1].idempotencyKey)
    expect(first).not.toBe(second)
    for (const spy of Object.values(navigation)) expect(spy).not.toHaveBeenCalled()
  })

  it('keeps the card as it was and says why when the claim is refused', async () => {
    const claim = vi.fn(async () => {
      throw Object.assign(new Error('You need 25 more points'), { code: 'not_enough_points' })
    })
    const onClaimed = vi.fn()
    view = await renderInSite(<Holder initial={giftCard} onClaimed={onClaimed} />, { client: { rewards: { claim } } })
    const { container } = view

    await claimAndConfirm(container, 'Use 150 points to Claim')
    await vi.waitFor(() => expect(toasts.value).toHaveLength(1))
    expect(toasts.value[0]).toMatchObject({ tone: 'error', title: 'Something went wrong', message: 'You need 25 more points' })
    expect(container.textContent).not.toContain('Congrats')
    expect(button(container, 'Use 150 points to Claim').disabled).toBe(false)
    expect(onClaimed).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in where the action was, when the surface gives a form', async () => {
    const claim = vi.fn(async () => claimed(giftCard))
    const form = <p class="signin-here">Sign in to claim</p>
    view = await renderInSite(<Holder initial={giftCard} signin={form} />, { client: { rewards: { claim } } })
    await act(() => {
      view!.session.status.value = 'signed_out'
      view!.session.participant.value = null
    })
    const { container } = view

    await click(button(container, 'Use 150 points to Claim'))
    expect(claim).not.toHaveBeenCalled()
    expect(container.querySelector('.signin-here')?.textContent).toBe('Sign in to claim')

    // Signed in (inside the form): the same button claims.
    await act(() => {
      view!.session.participant.value = testParticipant()
      view!.session.status.value = 'ready'
    })
    expect(container.querySelector('.signin-here')).toBeNull()
    await claimAndConfirm(container, 'Use 150 points to Claim')
    expect(claim).toHaveBeenCalledTimes(1)
  })
})

describe('RewardCard: confirmation, focus and the earned code (issue 13)', () => {
  it("asks 'Use 750 {points}?' in the program's words before spending, and Cancel spends nothing", async () => {
    const card = reward({ id: 9, name: '$5 gift card', threshold: 750 })
    const claim = vi.fn(async () => claimed(card, { coupon_code: 'EMBER5-AB12' }))
    view = await renderInSite(<Holder initial={card} heading />, {
      client: { rewards: { claim } },
      participant: testParticipant({ unused_points: 900 }),
      program: testProgram({ term_points_as: 'beans' }),
    })
    const { container } = view

    await click(button(container, 'Use 750 beans to Claim'))
    expect(claim).not.toHaveBeenCalled()
    const group = container.querySelector<HTMLElement>('[role="group"]')!
    const question = container.querySelector(`#${group.getAttribute('aria-labelledby')}`)
    expect(question?.textContent).toBe('Use 750 beans?')
    // Focus moves to the answer the question asks for.
    expect(document.activeElement?.textContent?.trim()).toBe('Confirm')

    await click(button(container, 'Cancel'))
    expect(claim).not.toHaveBeenCalled()
    expect(container.querySelector('[role="group"]')).toBeNull()
    expect(document.activeElement).toBe(button(container, 'Use 750 beans to Claim'))

    await claimAndConfirm(container, 'Use 750 beans to Claim')
    expect(claim).toHaveBeenCalledTimes(1)
  })

  it('claims a free sweepstake entry without a question', async () => {
    const free = reward({ id: 3, name: 'Free draw', selection: 'sweepstake', threshold: 0, participant_sweepstakes_entry: { count: 0 } })
    const claim = vi.fn(async () => claimed(free, { participant_sweepstakes_entry: { count: 1 } }))
    view = await renderInSite(<Holder initial={free} />, { client: { rewards: { claim } } })
    await click(button(view.container, 'Enter for free'))
    expect(claim).toHaveBeenCalledTimes(1)
    expect(view.container.textContent).not.toContain('Confirm')
  })

  it('moves focus to the earned state after a claim, and shows the code with Copy and the redemption details', async () => {
    const card = reward({ id: 9, name: '$5 gift card', threshold: 750 })
    const claim = vi.fn(async () =>
      claimed(card, { coupon_code: 'EMBER5-AB12', redemption_details: 'Enter the code at checkout online.' }),
    )
    view = await renderInSite(<Holder initial={card} heading />, {
      client: { rewards: { claim } },
      participant: testParticipant({ unused_points: 900 }),
    })
    const { container } = view
    await claimAndConfirm(container, 'Use 750 points to Claim')
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('reward-earned-title'))
    expect(document.activeElement?.textContent).toBe('Congrats')
    const earned = container.querySelector<HTMLElement>('.reward-earned')!
    expect(earned.querySelector<HTMLInputElement>('input')?.value).toBe('EMBER5-AB12')
    expect(button(earned, 'Copy')).toBeTruthy()
    expect(earned.textContent).toContain('Enter the code at checkout online.')
  })

  it('sends a signed-out visitor to sign in through onSignin, without claiming', async () => {
    const claim = vi.fn(async () => claimed(giftCard))
    const onSignin = vi.fn()
    view = await renderInSite(<Holder initial={giftCard} onSignin={onSignin} />, { client: { rewards: { claim } } })
    await act(() => {
      view!.session.status.value = 'signed_out'
      view!.session.participant.value = null
    })
    const claimButton = button(view.container, 'Use 150 points to Claim')
    expect(view.container.querySelector(`#${claimButton.getAttribute('aria-describedby')}`)?.textContent).toContain('Sign in')
    await click(claimButton)
    expect(onSignin).toHaveBeenCalledTimes(1)
    expect(claim).not.toHaveBeenCalled()
  })
})
