// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubmitChallengeResponse } from '../../../../sdk/contract/challenges'
import { TesseraError } from '../../../../sdk/src/errors'
import { toasts } from '../../ui/toast'
import { button, click, renderInSite, type Rendered } from '../shared/test-harness'
import { ChallengeBody } from './challenge-body'
import { challenge, question } from './test-fixtures'

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

  it('shows a failed quiz at the form, without a toast, points or the success screen, and lets the participant retry', async () => {
    const quiz = challenge({
      id: 9,
      challenge_type: 'collect',
      name: 'Coffee quiz',
      parameters: { collect_type: 'quiz', pass_score: 60 },
      points: 60,
      questions: [question({ id: 4, title: 'Favourite origin?', is_required: false })],
    })
    const failed = {
      success: false,
      result: 'quiz_failed',
      score: 0,
      pass_score: 60,
      message: 'You scored 0%. You need 60% to pass. Please try again.',
    } satisfies SubmitChallengeResponse
    const submit = vi.fn(async () => failed as SubmitChallengeResponse)
    const onCompleted = vi.fn()
    const onChange = vi.fn()
    view = await renderInSite(
      <ChallengeBody challenge={quiz} onChange={onChange} onCompleted={onCompleted} onInactive={() => {}} />,
      { client: { challenges: { submit } } },
    )
    await click(button(view.container, 'Submit answers and earn 60 points'))

    expect(submit).toHaveBeenCalledTimes(1)
    const status = view.container.querySelector('.collect [role="status"]')
    await vi.waitFor(() => expect(status?.textContent).toBe('You scored 0%. You need 60% to pass. Please try again.'))
    expect(status?.className).toBe('collect__result')
    expect(toasts.value).toEqual([])
    expect(onCompleted).not.toHaveBeenCalled()
    expect(onChange).not.toHaveBeenCalled()
    expect(view.container.querySelector('.success')).toBeNull()
    // The form stays, ready for another try.
    expect(button(view.container, 'Submit answers and earn 60 points').disabled).toBe(false)

    submit.mockResolvedValueOnce({ ...done(60), score: 100 })
    await click(button(view.container, 'Submit answers and earn 60 points'))
    expect(onCompleted).toHaveBeenCalledWith(60)
    await vi.waitFor(() => expect(view!.container.textContent).toContain('Your score: 100%'))
  })
})
