import type { RefObject } from 'preact'
import { useCallback, useEffect } from 'preact/hooks'
import { activeIn } from '../../ui/active-in'
import { BackButton } from './back-button'
import { type InlineViews, isTilesState, type TilesView } from './challenge-tiles-view'

type TilesPanelProps = {
  view: Exclude<TilesView, { name: 'list' }>
  inline: InlineViews
  /** The element's content box (focus moves into the sign-in form drawn there). */
  box: RefObject<HTMLDivElement | null>
  /** Whether the panel added the history entry Back undoes; cleared when it is gone. */
  opened: { current: boolean }
  /** Shows another view of the element (the list is reloaded). */
  show: (next: TilesView) => void
  setView: (next: TilesView) => void
  signedIn: boolean
  points: string
}

/**
 * What a tile opens inside <tessera-challenge-tiles>: the challenge, or the sign-in it needs first, with
 * Back (the browser's, or 'All challenges') returning to the tiles. Fetched with the first opened tile
 * (challenge-tiles-view.tsx), since the tiles' first view shows only the list.
 */
export function TilesPanel({ view, inline, box, opened, show, setView, signedIn, points }: TilesPanelProps) {
  // The sign-in step (a visitor opened a challenge): focus moves to its first field once it is drawn,
  // unless something inside the element already took it (a challenge focuses its own title).
  useEffect(() => {
    if (view.name !== 'signin' || !box.current) return
    const root = box.current
    const settle = () => {
      const active = activeIn(root)
      if (active && root.contains(active)) return true
      const field = root.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled])')
      field?.focus()
      return Boolean(field)
    }
    if (settle()) return
    const observer = new MutationObserver(() => settle() && observer.disconnect())
    observer.observe(root, { subtree: true, childList: true })
    const timer = setTimeout(() => observer.disconnect(), 5000)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [view.name, box])

  const backToList = useCallback(() => {
    // Our entry is the current one: going back pops it, and popstate shows the list.
    if (opened.current && isTilesState(history.state)) history.back()
    else {
      opened.current = false
      show({ name: 'list' })
    }
  }, [opened, show])

  // Signed in elsewhere on the page (another element, an identity token): go on to what was asked for.
  useEffect(() => {
    if (view.name === 'signin' && signedIn)
      setView(view.next ? { name: 'challenge', identifier: view.next } : { name: 'list' })
  }, [view, signedIn, setView])

  if (view.name === 'challenge')
    return <inline.Challenge key={view.identifier} identifier={view.identifier} onBack={backToList} />
  return (
    <div class="tw-stack">
      <BackButton onBack={backToList} />
      <inline.Signin reason={`Sign in to take part and earn ${points}.`} />
    </div>
  )
}
