// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testParticipant, testProgram } from '../../widgets/shared/test-harness'
import { configureEmbed, defineWidgetElement } from '../mount'
import { getRuntime } from '../runtime'
import { rewardIdProblem } from './reward-problems'

/**
 * <tessera-reward> without a usable reward-id (participant-site issue 13): the console names the element
 * and the attribute, once; no reward request is made; a sign-in does not make one either.
 */
const API = 'https://tessera.example'
const asked: string[] = []

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    asked.push(url.pathname)
    if (url.pathname === '/public/program')
      return Response.json(testProgram({ program_template_detail: { element_css_style: {} } } as never))
    if (url.pathname.includes('/rewards/'))
      return Response.json({ error: { code: 'not_found', message: 'Reward not found' } }, { status: 404 })
    return Response.json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 })
  })
  configureEmbed({ programKey: 'demo', apiBase: API, assetBase: API })
  defineWidgetElement('tessera-reward', () => import('./reward-view').then((m) => m.RewardView), ['reward-id'])
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

const text = (el: Element) => el.shadowRoot?.textContent ?? ''
const rewardRequests = () => asked.filter((p) => p.includes('/rewards/')).length

async function place(html: string) {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  document.body.innerHTML = html
  const el = document.body.firstElementChild!
  await vi.waitFor(() => expect(text(el)).toMatch(/reward-id|not available/), { timeout: 3000 })
  return { el, errors }
}

describe('<tessera-reward> configuration errors', () => {
  it('without reward-id: logs the element and attribute once and makes no request', async () => {
    const before = rewardRequests()
    const { errors } = await place('<tessera-reward></tessera-reward>')
    await vi.waitFor(() => expect(errors).toHaveBeenCalled())
    const messages = errors.mock.calls.map((c) => String(c[0]))
    expect(messages.filter((m) => m.includes('<tessera-reward> needs a reward-id attribute'))).toHaveLength(1)
    expect(rewardRequests()).toBe(before)
  })

  it('with an unknown reward-id: says so once and does not ask again after a sign-in', async () => {
    const before = rewardRequests()
    const { el, errors } = await place('<tessera-reward reward-id="99999"></tessera-reward>')
    await vi.waitFor(() => expect(text(el)).toContain('This reward is not available.'))
    expect(rewardRequests() - before).toBe(1)
    const message = () => errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('reward-id="99999"'))
    await vi.waitFor(() => expect(message()).toHaveLength(1))

    // A sign-in elsewhere on the page.
    const runtime = getRuntime({ programKey: 'demo', apiBase: API })
    runtime.session.participant.value = testParticipant()
    runtime.session.status.value = 'ready'
    await new Promise((r) => setTimeout(r, 100))
    await vi.waitFor(() => expect(text(el)).toContain('This reward is not available.'))
    expect(rewardRequests() - before).toBe(1)
    expect(message()).toHaveLength(1)
  })

  it('names the problem in words', () => {
    expect(rewardIdProblem(null, false, 'demo')).toBe(
      'Tessera: <tessera-reward> needs a reward-id attribute (the id of an active reward)',
    )
    expect(rewardIdProblem('coffee', false, 'demo')).toContain('<tessera-reward reward-id="coffee">')
    expect(rewardIdProblem('7', true, 'demo')).toContain('no active reward with that id')
    expect(rewardIdProblem('7', false, 'demo')).toBeNull()
  })
})
