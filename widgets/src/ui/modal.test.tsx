// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { useState } from 'preact/hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dialogOpener } from './focus'
import { Modal } from './modal'

let container: HTMLElement | null = null
afterEach(() => {
  if (container) render(null, container)
  container?.remove()
  container = null
})

const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))

/**
 * The site's route dialogs (a reward, a challenge) close by navigating, which renders the screen behind
 * anew: the control that opened the dialog is replaced by an equal one, and focus must reach that one.
 */
function RouteLike() {
  const [open, setOpen] = useState(false)
  const [generation, setGeneration] = useState(0)
  return (
    <main tabIndex={-1}>
      <div key={generation}>
        <a href="/reward/2" onClick={(e) => (e.preventDefault(), setOpen(true))}>
          Coffee gift card
        </a>
        <button type="button">Other</button>
      </div>
      <Modal
        open={open}
        title="Coffee gift card"
        onClose={() => {
          setOpen(false)
          setGeneration((g) => g + 1)
        }}
      >
        <button type="button">Claim</button>
      </Modal>
    </main>
  )
}

describe('Modal focus return', () => {
  it('Escape returns focus to the control that opened the dialog', async () => {
    container = document.createElement('div')
    document.body.append(container)
    function Simple() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Hi">
            <button type="button">Inside</button>
          </Modal>
        </>
      )
    }
    await act(() => render(<Simple />, container!))
    const opener = container.querySelector('button')!
    opener.focus()
    await act(() => opener.click())
    await vi.waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy())
    await act(() => void escape())
    await vi.waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('finds the same control again when the screen behind rendered anew', async () => {
    container = document.createElement('div')
    document.body.append(container)
    await act(() => render(<RouteLike />, container!))
    const link = container.querySelector<HTMLAnchorElement>('a[href="/reward/2"]')!
    link.focus()
    await act(() => link.click())
    await vi.waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy())
    await act(() => void escape())
    // The old link is gone; its replacement has focus (not <body> or <main>).
    expect(link.isConnected).toBe(false)
    await vi.waitFor(() => {
      const active = document.activeElement as HTMLElement | null
      expect(active?.tagName).toBe('A')
      expect(active?.getAttribute('href')).toBe('/reward/2')
    })
    expect(document.activeElement).not.toBe(link)
  })

  it("remembers the clicked control when a route change moved focus to <main> before the dialog opened", async () => {
    container = document.createElement('div')
    document.body.append(container)
    function Route() {
      const [route, setRoute] = useState<'home' | 'reward'>('home')
      return (
        <main tabIndex={-1} id="main">
          {route === 'home' ? (
            <a
              href="/reward/2"
              onClick={(e) => {
                e.preventDefault()
                // The app focuses <main> on a route change, before the dialog's (lazy) screen renders.
                document.getElementById('main')!.focus()
                setRoute('reward')
              }}
            >
              Coffee gift card
            </a>
          ) : (
            <>
              <p>Home behind</p>
              <Modal open title="Coffee gift card" onClose={() => setRoute('home')}>
                <button type="button">Claim</button>
              </Modal>
            </>
          )}
        </main>
      )
    }
    await act(() => render(<Route />, container!))
    const link = container.querySelector<HTMLAnchorElement>('a')!
    link.focus()
    await act(() => link.click())
    await vi.waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy())
    await act(() => void escape())
    await vi.waitFor(() => expect((document.activeElement as HTMLElement | null)?.getAttribute('href')).toBe('/reward/2'))
  })

  it('dialogOpener: the last activated control when focus already sits on <main>', () => {
    container = document.createElement('div')
    container.innerHTML = '<main tabindex="-1"><a href="/reward/2">Coffee</a><p>x</p></main>'
    document.body.append(container)
    const link = container.querySelector('a')!
    link.addEventListener('click', (e) => e.preventDefault())
    link.click()
    const main = container.querySelector('main')!
    main.focus()
    expect(document.activeElement).toBe(main)
    expect(dialogOpener(container.querySelector('p')!)).toBe(link)
    // A control that holds focus itself wins.
    const other = document.createElement('button')
    container.append(other)
    other.focus()
    expect(dialogOpener(container.querySelector('p')!)).toBe(other)
  })
})
