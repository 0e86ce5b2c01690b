import { useEffect, useRef } from 'preact/hooks'

/**
 * Site components render plain root-relative links (`/challenge/quiz`, `/signin`, `/privacy`). On a
 * partner page those would point at the partner's own site, so inside an element every such link is
 * rewritten to the hosted site (new tab), and a click the element can handle itself (open a challenge
 * inline, show the sign-in form) is taken over by `onPath`.
 */
export function rewriteSiteLinks(root: ParentNode, siteUrl: (path: string) => string) {
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const path = a.getAttribute('href')!
    if (path.startsWith('//')) continue
    a.dataset.twPath = path
    a.href = siteUrl(path)
    a.target = '_blank'
    a.rel = 'noopener'
  }
}

/** The site path of a clicked rewritten link, or null. */
export function clickedSitePath(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement) return node.dataset.twPath ?? null
  }
  return null
}

/**
 * Keeps the links under `ref` pointing at the hosted site, and hands clicks on them to `onPath`
 * (which answers true when it showed the target inline).
 */
export function useSiteLinks(
  ref: { current: HTMLElement | null },
  siteUrl: (path: string) => string,
  onPath: (path: string) => boolean,
) {
  const handler = useRef(onPath)
  handler.current = onPath
  useEffect(() => {
    const root = ref.current
    if (!root) return
    rewriteSiteLinks(root, siteUrl)
    const observer = new MutationObserver(() => rewriteSiteLinks(root, siteUrl))
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] })
    const onClick = (e: MouseEvent) => {
      const path = clickedSitePath(e)
      if (path && handler.current(path)) e.preventDefault()
    }
    root.addEventListener('click', onClick)
    return () => {
      observer.disconnect()
      root.removeEventListener('click', onClick)
    }
  }, [ref, siteUrl])
}
