import { signal } from '@preact/signals'
import { isClientRoute, withStickyParams } from './routes'

/** The current URL as a signal; pages re-render when it changes. */
export const currentUrl = signal({ pathname: location.pathname, search: location.search })

function sync() {
  currentUrl.value = { pathname: location.pathname, search: location.search }
}

/**
 * Client-side navigation with the History API.
 * @example navigate('/signin?redirect_to=/my-account', { replace: true })
 */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  const href = withStickyParams(to, location.search)
  if (options.replace) history.replaceState(null, '', href)
  else history.pushState(null, '', href)
  sync()
  if (!options.replace) window.scrollTo(0, 0)
}

/** A full page load, for when the server must render the page again (sign-in, sign-out). */
export function loadPage(url: string) {
  location.assign(withStickyParams(url, location.search))
}

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const anchor = (event.target as Element | null)?.closest?.('a')
  if (!anchor?.href || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return
  const url = new URL(anchor.href)
  if (!isClientRoute(url, location)) return
  event.preventDefault()
  navigate(`${url.pathname}${url.search}${url.hash}`)
}

/**
 * Routes every same-site link click and back/forward through the client router, so widgets render
 * plain <a href> links that also work outside the hosted site.
 */
export function startRouter(): () => void {
  window.addEventListener('popstate', sync)
  document.addEventListener('click', onClick)
  return () => {
    window.removeEventListener('popstate', sync)
    document.removeEventListener('click', onClick)
  }
}
