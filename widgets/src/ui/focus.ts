import { activeIn } from './active-in'

export { activeIn }

/** Focus nobody chose: the page itself, or a container focused by a navigation (the site's <main>). */
function focusUnclaimed(root: Document | ShadowRoot): boolean {
  const active = root.activeElement ?? (root instanceof ShadowRoot ? null : document.activeElement)
  if (!active || !active.isConnected || active === document.body || active === document.documentElement) return true
  return active.tagName === 'MAIN' && active.getAttribute('tabindex') === '-1'
}

/** How a control is named, to find the same control again after its screen rendered anew. */
const controlName = (el: Element) =>
  el.getAttribute('href') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim()

/**
 * Gives focus back to the control that opened a dialog. When that control is gone (closing the dialog
 * changed the route and its screen rendered anew), the same control of the new screen (same tag and
 * href or name) gets it once it appears, unless the visitor has moved focus somewhere meaningful.
 */
export function returnFocus(
  opener: HTMLElement | null,
  within?: Document | ShadowRoot,
  { waitMs = 3000 } = {},
) {
  if (!opener || opener === document.body) return
  // The root the dialog lives in: the opener may already be detached (its root is then itself).
  const root = within ?? (opener.getRootNode() as Document | ShadowRoot)
  const tag = opener.tagName
  const name = controlName(opener)
  const find = (): HTMLElement | null => {
    if (opener.isConnected) return opener
    if (!name) return null
    for (const el of root.querySelectorAll<HTMLElement>(tag)) if (controlName(el) === name) return el
    return null
  }
  let focused: HTMLElement | null = null
  const attempt = () => {
    const target = find()
    if (!target) return
    target.focus({ preventScroll: target !== opener })
    focused = target
  }
  attempt()
  // Closing may re-render the screen behind the dialog a moment later, taking the control away again.
  const start = Date.now()
  const timer = setInterval(() => {
    // The document went away meanwhile (a component test's DOM torn down): nothing left to focus.
    if (typeof document === 'undefined') return clearInterval(timer)
    const active = root.activeElement
    const movedOn = !focusUnclaimed(root) && !(focused && active === focused)
    if (Date.now() - start > waitMs || movedOn) clearInterval(timer)
    else if (focusUnclaimed(root)) attempt()
  }, 50)
}

/** The control the visitor last activated (a click, or Enter/Space on it), through shadow roots. */
let lastActivated: { el: HTMLElement; root: Document | ShadowRoot } | null = null

if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (e) => {
      for (const node of e.composedPath()) {
        if (node instanceof HTMLElement && node.matches('a[href], button, [role="button"], summary')) {
          lastActivated = { el: node, root: node.getRootNode() as Document | ShadowRoot }
          return
        }
      }
    },
    true,
  )
}

/**
 * Who opened a dialog: the focused control, or, when focus has already moved to the page (a route
 * change took the control away and focused <main> before the dialog's screen arrived), the control
 * the visitor last activated.
 */
export function dialogOpener(panel: Node): HTMLElement | null {
  const root = panel.getRootNode() as Document | ShadowRoot
  const active = activeIn(panel) as HTMLElement | null
  if (active && !focusUnclaimed(root)) return active
  return lastActivated && lastActivated.root === root ? lastActivated.el : active
}
