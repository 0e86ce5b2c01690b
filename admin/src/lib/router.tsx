import { type ComponentProps, type MouseEvent, useLayoutEffect, useSyncExternalStore } from 'react'

/**
 * A small History API router: the console needs path matching, links and redirects, not a
 * dependency. pushState fires no event, so navigate() announces changes itself.
 */
const NAVIGATE_EVENT = 'tessera:navigate'

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE_EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE_EVENT, onChange)
  }
}

const snapshot = () => window.location.pathname
const serverSnapshot = () => '/'

/** The current path name; re-renders on navigate() and on back/forward. */
export const usePathname = () => useSyncExternalStore(subscribe, snapshot, serverSnapshot)

export function navigate(to: string, options: { replace?: boolean } = {}) {
  const url = new URL(to, window.location.href)
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href)
    return
  }
  const target = url.pathname + url.search + url.hash
  if (target === window.location.pathname + window.location.search + window.location.hash) return
  if (options.replace) window.history.replaceState(null, '', target)
  else {
    window.history.pushState(null, '', target)
    window.scrollTo(0, 0)
  }
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}

/** Strips one trailing slash so '/admin/v2/' and '/admin/v2' are the same route. */
export const normalizePath = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path

/**
 * Matches '/programs/:programId/dashboard' against a path and returns its params, or null.
 * A trailing '/*' matches the rest of the path (also nothing).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = normalizePath(pattern).split('/')
  const pathParts = normalizePath(pathname).split('/')
  const wildcard = patternParts.at(-1) === '*'
  if (wildcard) patternParts.pop()
  if (wildcard ? pathParts.length < patternParts.length : pathParts.length !== patternParts.length)
    return null
  const params: Record<string, string> = {}
  for (const [i, part] of patternParts.entries()) {
    const actual = pathParts[i] ?? ''
    if (part.startsWith(':')) {
      if (!actual) return null
      params[part.slice(1)] = decodeURIComponent(actual)
    } else if (part !== actual) return null
  }
  return params
}

type LinkProps = ComponentProps<'a'> & { href: string; replace?: boolean }

/** An <a> that navigates in place for plain left clicks and behaves as a normal link otherwise. */
export function Link({ href, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href, { replace })
  }
  return <a href={href} target={target} onClick={handleClick} {...rest} />
}

/** Replaces the current entry before paint. */
export function Redirect({ to }: { to: string }) {
  useLayoutEffect(() => navigate(to, { replace: true }), [to])
  return null
}
