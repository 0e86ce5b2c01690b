// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Carousel } from './carousel'
import { PRELOAD_LEAD_MS } from './carousel-state'

let container: HTMLElement | null = null
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  if (container) render(null, container)
  container?.remove()
  container = null
  vi.useRealTimers()
})

const INTERVAL = 7000

/** A carousel of three slides whose media reports whether it may load (its effects run within act). */
function mount() {
  container = document.createElement('div')
  document.body.append(container)
  const into = container
  return act(() => {
    render(
    <Carousel
      label="Highlights"
      items={['a', 'b', 'c']}
      interval={INTERVAL}
      renderItem={(item, _i, active, load) => <p data-slide={item} data-active={String(active)} data-load={String(load)} />}
    />,
    into,
  )
  })
}
const loading = () => [...container!.querySelectorAll('[data-slide]')].filter((el) => el.getAttribute('data-load') === 'true').map((el) => el.getAttribute('data-slide'))
const shown = () => container!.querySelector('[data-active="true"]')?.getAttribute('data-slide')
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

describe('the carousel loads a slide’s media only when it shows, or is about to (issue 29)', () => {
  it('loads the first slide alone; the next one shortly before the auto-advance shows it', async () => {
    await mount()
    expect(shown()).toBe('a')
    expect(loading()).toEqual(['a'])
    await advance(INTERVAL - PRELOAD_LEAD_MS - 1)
    expect(loading()).toEqual(['a'])
    await advance(1)
    // The next slide and, wrapping around, the previous one: either may come next.
    expect(loading()).toEqual(['a', 'b', 'c'])
    await advance(PRELOAD_LEAD_MS)
    expect(shown()).toBe('b')
  })

  it('loads the neighbours as soon as the visitor reaches for the carousel', async () => {
    await mount()
    await act(() => {
      container!.querySelector('section')!.dispatchEvent(new MouseEvent('mouseenter'))
    })
    expect(loading()).toEqual(['a', 'b', 'c'])
  })
})
