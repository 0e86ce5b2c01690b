// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { computed, effect, signal, useSignal } from './signals'

/**
 * The binding the production builds alias @preact/signals to (vite configs; decision 0015). The
 * widgets' unit tests run the package; these hold this module to the same behaviour.
 */
let host: HTMLElement
afterEach(() => {
  render(null, host)
  host.remove()
})
const mount = (vnode: preact.VNode) => {
  host = document.body.appendChild(document.createElement('div'))
  act(() => render(vnode, host))
}

describe('ui/signals', () => {
  it('re-renders a component that read a signal when it changes, and only while it reads it', async () => {
    const show = signal(true)
    const count = signal(1)
    let renders = 0
    function View() {
      renders++
      return <p>{show.value ? `count ${count.value}` : 'hidden'}</p>
    }
    mount(<View />)
    expect(host.textContent).toBe('count 1')
    await act(() => {
      count.value = 2
    })
    expect(host.textContent).toBe('count 2')
    await act(() => {
      show.value = false
    })
    expect(host.textContent).toBe('hidden')
    const before = renders
    await act(() => {
      count.value = 3 // no longer read: no render
    })
    expect(renders).toBe(before)
  })

  it('tracks each component by itself (a child read does not re-render its parent)', async () => {
    const name = signal('Ada')
    let parentRenders = 0
    const Child = () => <b>{name.value}</b>
    function Parent() {
      parentRenders++
      return (
        <div>
          <Child />
        </div>
      )
    }
    mount(<Parent />)
    await act(() => {
      name.value = 'Grace'
    })
    expect(host.textContent).toBe('Grace')
    expect(parentRenders).toBe(1)
  })

  it('stops updating an unmounted component', async () => {
    const n = signal(0)
    let renders = 0
    function View() {
      renders++
      return <i>{n.value}</i>
    }
    mount(<View />)
    act(() => render(null, host))
    await act(() => {
      n.value = 1
    })
    expect(renders).toBe(1)
  })

  it('runs effects with cleanups, computeds, subscribe (untracked callback) and peek', () => {
    const a = signal(1)
    const b = signal(10)
    const sum = computed(() => a.value + b.value)
    const seen: number[] = []
    const cleanups: number[] = []
    const stop = effect(() => {
      const v = sum.value
      seen.push(v)
      return () => cleanups.push(v)
    })
    a.value = 2
    expect(seen).toEqual([11, 12])
    expect(cleanups).toEqual([11])
    stop()
    expect(cleanups).toEqual([11, 12])
    a.value = 3
    expect(seen).toEqual([11, 12])

    const got: number[] = []
    const unsubscribe = a.subscribe((v) => {
      got.push(v)
      void b.value // read inside the callback: not a dependency
    })
    b.value = 20
    a.value = 4
    unsubscribe()
    a.value = 5
    expect(got).toEqual([3, 4])
    expect(a.peek()).toBe(5)
    expect(sum.value).toBe(25)
  })

  it('keeps a useSignal per component instance across renders', async () => {
    let toggle!: () => void
    function Menu() {
      const open = useSignal(false)
      toggle = () => (open.value = !open.value)
      return <span>{open.value ? 'open' : 'closed'}</span>
    }
    mount(<Menu />)
    await act(() => toggle())
    expect(host.textContent).toBe('open')
    await act(() => toggle())
    expect(host.textContent).toBe('closed')
  })
})
