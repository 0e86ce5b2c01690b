/**
 * Where focus goes after signing in (issue 13): the sign-in form is replaced by the signed-in screen,
 * and focus would fall back to <body> (an element) or start at <body> (the site's page load). It moves
 * to the next meaningful element instead: one marked `data-focus-after-signin`, else the screen's
 * first heading, else its first control, once it has rendered (screens load their data first).
 */

const TARGETS = ['[data-focus-after-signin]', 'h1', 'h2', 'h3', 'a[href], button:not([disabled]), input:not([type="hidden"])']

/** The element to focus inside `scope`, or null while the screen has not rendered it yet. */
export function afterSigninTarget(scope: ParentNode): HTMLElement | null {
  for (const selector of TARGETS) {
    for (const el of scope.querySelectorAll<HTMLElement>(selector)) {
      // Skip what is hidden, skeletons and the skip link.
      if (el.closest('[aria-hidden="true"], [hidden], .skip-link') || el.classList.contains('skip-link')) continue
      return el
    }
  }
  return null
}

/** Focus nobody chose: the page itself, or a container focused by a navigation. */
function unclaimed(root: Document | ShadowRoot): boolean {
  const active = root.activeElement ?? (root instanceof ShadowRoot ? null : document.activeElement)
  if (!active || !active.isConnected || active === document.body || active === document.documentElement) return true
  return active.getAttribute('tabindex') === '-1' && (active.tagName === 'MAIN' || active.classList.contains('tw-root'))
}

/**
 * Focuses the next meaningful element of `scope` (in `root`, a document or an element's shadow root)
 * once it appears, unless the visitor moves focus first; gives up after `waitMs`.
 */
export function focusAfterSignin(
  scope: ParentNode | (() => ParentNode | null),
  root: Document | ShadowRoot,
  { waitMs = 4000, everyMs = 50 } = {},
): () => void {
  const start = Date.now()
  let timer: ReturnType<typeof setInterval> | undefined
  const attempt = () => {
    if (!unclaimed(root)) return true // the visitor chose something: leave it
    const within = typeof scope === 'function' ? scope() : scope
    const target = within && afterSigninTarget(within)
    if (!target) return false
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: false })
    return true
  }
  if (!attempt())
    timer = setInterval(() => {
      if (attempt() || Date.now() - start > waitMs) clearInterval(timer)
    }, everyMs)
  return () => clearInterval(timer)
}

const MARK = 'tessera:focus-after-signin'

/** The hosted site signs in with a page load: this marks the next page to focus its content. */
export function markFocusAfterSignin() {
  try {
    sessionStorage.setItem(MARK, '1')
  } catch {
    // Storage blocked: focus stays where the browser puts it.
  }
}

/** On a page load: whether a sign-in just led here (the mark is used once). */
export function takeFocusAfterSigninMark(): boolean {
  try {
    const marked = sessionStorage.getItem(MARK) === '1'
    sessionStorage.removeItem(MARK)
    return marked
  } catch {
    return false
  }
}
