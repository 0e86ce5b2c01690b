// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubmitChallengeResponse } from '../../../../sdk/contract/challenges'
import { TesseraError } from '../../../../sdk/src/errors'
import { toasts } from '../../ui/toast'
import { button, click, renderInSite, type Rendered } from '../shared/test-harness'
import { ChallengeBody } from './challenge-body'
import { challenge } from './test-fixtures'

const article = challenge({ id: 3, challenge_type: 'article', name: 'Pour-over basics', content: '<p>Rinse the filter.</p>', points: 25 })
const done = (points: number): SubmitChallengeResponse =>
  ({
    success: true,
    message: '',
    points,
    score: null,
    challenge: { ...article, completed_by_current_participant_on: '2026-06-01T10:00:00.000Z' },
  }) as unknown as SubmitChallengeResponse

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
  toasts.value = []
})

describe('ChallengeBody', () => {
  it("submits, reports the points and shows the success screen; Earn More is the surface's", async () => {
    const submit = vi.fn(async () => done(25))
    const onCompleted = vi.fn()
    const onEarnMore = vi.fn()
    view = await renderInSite(
      <ChallengeBody challenge={article} onChange={() => {}} onCompleted={onCompleted} onInactive={() => {}} onEarnMore={onEarnMore} />,
      { client: { challenges: { submit } } },
    )
    await click(button(view.container, 'Complete'))

    expect(submit).toHaveBeenCalledWith({ challenge_id: 3 })
    expect(onCompleted).toHaveBeenCalledWith(25)
    await vi.waitFor(() => expect(view!.container.querySelector('.success__title')?.textContent).toBe('Challenge Submitted successfully!'))
    expect(view.container.textContent).toContain('+25 points added to your balance')
    await click(button(view.container, 'Earn More'))
    expect(onEarnMore).toHaveBeenCalledTimes(1)
  })

  it('links Earn More home without a handler (the hosted site)', async () => {
    view = await renderInSite(
      <ChallengeBody challenge={article} onChange={() => {}} onCompleted={() => {}} onInactive={() => {}} />,
      { client: { challenges: { submit: async () => done(25) } } },
    )
    await click(button(view.container, 'Complete'))
    await vi.waitFor(() => expect(view!.container.querySelector<HTMLAnchorElement>('.success a')?.getAttribute('href')).toBe('/'))
  })

  it('hands an inactive challenge back to the surface after its toast', async () => {
    const onInactive = vi.fn()
    const onCompleted = vi.fn()
    const submit = async () => {
      throw new TesseraError('Challenge is not active', 409, 'challenge_inactive', undefined, undefined, {})
    }
    view = await renderInSite(
      <ChallengeBody challenge={article} onChange={() => {}} onCompleted={onCompleted} onInactive={onInactive} />,
      { client: { challenges: { submit } } },
    )
    await click(button(view.container, 'Complete'))
    expect(toasts.value.map((t) => t.title)).toEqual(['Challenge is not active'])
    expect(onInactive).toHaveBeenCalledTimes(1)
    expect(onCompleted).not.toHaveBeenCalled()
    expect(view.container.querySelector('.success')).toBeNull()
  })
})
