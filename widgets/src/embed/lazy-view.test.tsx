// @vitest-environment happy-dom
import { render } from 'preact'
import { afterEach, describe, expect, it } from 'vitest'
import { lazyView } from './lazy-view'

/**
 * Several elements share one lazily fetched view (the inline sign-in on a page with four elements).
 * A CI run caught one of them on its skeleton for good: its chunk arrived, through another element's
 * fetch, between its first render and its effect.
 */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30))

afterEach(() => {
  document.body.innerHTML = ''
})

describe('lazyView', () => {
  it('shows the view in an element whose chunk arrived between its render and its effect', async () => {
    let resolve!: (view: () => preact.JSX.Element) => void
    const chunk = new Promise<() => preact.JSX.Element>((r) => (resolve = r))
    const View = lazyView(
      () => chunk,
      () => <p>loading</p>,
    )
    const first = document.createElement('div')
    const second = document.createElement('div')
    document.body.append(first, second)
    render(<View />, first)
    await tick() // the first element's effect starts the fetch
    render(<View />, second) // rendered on the skeleton, its effect not yet run
    resolve(() => <p>the view</p>)
    await chunk
    await Promise.resolve()
    await tick()
    expect(first.textContent).toBe('the view')
    expect(second.textContent).toBe('the view')
  })

  it('fetches the chunk once for many elements', async () => {
    let calls = 0
    const View = lazyView(async () => {
      calls++
      return () => <p>ready</p>
    })
    const hosts = [0, 1, 2].map(() => document.body.appendChild(document.createElement('div')))
    for (const host of hosts) render(<View />, host)
    await tick()
    await tick()
    expect(hosts.map((h) => h.textContent)).toEqual(['ready', 'ready', 'ready'])
    expect(calls).toBe(1)
  })
})
