// @vitest-environment happy-dom
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import { createClient } from '../../../../sdk/src/index'
import { type Rendered, renderInSite, testProgram } from '../../widgets/shared/test-harness'
import { setPrimed } from '../primed'
import { Hero } from './hero'

const slide = { id: 1, title: 'Earn while you explore', description: 'Watch, read and share.', link: null, button_text: null, image: null }
const program = testProgram({ program_template_detail: { header_background_image: null } as never })
let rendered: Rendered[] = []
afterEach(() => {
  for (const r of rendered) r.unmount()
  rendered = []
})

/** A real SDK client whose fetch answers `answer` and counts the calls; the page came with `primed`. */
function clientWith(primed: Record<string, unknown> | undefined, answer: unknown) {
  setPrimed(primed)
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }))
  return { fetch, client: createClient({ baseUrl: 'http://localhost', fetch }) }
}

describe('the home hero and the answers the page came with (issue 29)', () => {
  it('draws the slides the page came with in its first render, without asking the server', async () => {
    const { fetch, client } = clientWith({ [visitorHomeRoutes.carousel]: { data: [slide] } }, { data: [] })
    const hero = await renderInSite(<Hero>Welcome</Hero>, { client, program })
    rendered.push(hero)
    expect(hero.container.querySelector('.slides-loading')).toBeNull()
    expect(hero.container.querySelector('.slide-card__title')?.textContent).toBe('Earn while you explore')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('uses them once: the next hero asks the server, as one without them does', async () => {
    const { fetch, client } = clientWith({ [visitorHomeRoutes.carousel]: { data: [slide] } }, { data: [{ ...slide, title: 'Fresh from the server' }] })
    rendered.push(await renderInSite(<Hero>Welcome</Hero>, { client, program }))
    const again = await renderInSite(<Hero>Welcome</Hero>, { client, program })
    rendered.push(again)
    expect(again.container.querySelector('.slides-loading')).not.toBeNull()
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`http://localhost${visitorHomeRoutes.carousel}`)
    expect(again.container.querySelector('.slide-card__title')?.textContent).toBe('Fresh from the server')
  })
})
