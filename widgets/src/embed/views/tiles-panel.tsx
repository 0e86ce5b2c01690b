import type { RefObject } from 'preact'
import { useEffect } from 'preact/hooks'
import { activeIn } from '../../ui/active-in'
import { BackButton } from './back-button'
import type { InlineViews, TilesView } from './tiles-types'

type TilesPanelProps = {
  view: Exclude<TilesView, { name: 'list' }>
  inline: InlineViews
  /** The element's content box (focus moves into the sign-in form drawn there). */
  box: RefObject<HTMLDivElement | null>
  /** Back to the tiles ('All challenges', a challenge's own Back): the list owns the history entry. */
  onBack: () => void
  setView: (next: TilesView) => void
  signedIn: boolean
  points: string
}

/**
 * What a tile opens inside <tessera-challenge-tiles>: the challenge, or the sign-in it needs first, with
 * Back (the browser's, or 'All challenges') returning to the tiles. Fetched with the first opened tile
 * (challenge-tiles-view.tsx), since the tiles' first view shows only the list.
 */
export function TilesPanel({ view, inline, box, onBack, setView, signedIn, points }: TilesPanelProps) {
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

  // Signed in elsewhere on the page (another element, an identity token): go on to what was asked for.
  useEffect(() => {
    if (view.name === 'signin' && signedIn)
      setView(view.next ? { name: 'challenge', identifier: view.next } : { name: 'list' })
  }, [view, signedIn, setView])

  if (view.name === 'challenge')
    return <inline.Challenge key={view.identifier} identifier={view.identifier} onBack={onBack} />
  return (
    <div class="tw-stack">
      <BackButton onBack={onBack} />
      <inline.Signin reason={`Sign in to take part and earn ${points}.`} />
    </div>
  )
}
