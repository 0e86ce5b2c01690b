import type { ComponentType } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { isTileShown } from '../../widgets/challenge/challenge-rules'
import { ChallengeTiles } from '../../widgets/tiles/sections'
import { useLoad } from '../../widgets/shared/use-load'
import { activeIn } from '../../ui/active-in'
import { ArrowLeftIcon } from '../../ui/icons'
import '../../widgets/tiles/tiles.css'
import { useSiteLinks } from '../links'
import { useEmbed } from '../mount'

/** What a tile can open inside the element; without it (the tiles-only bundle) tiles open the hosted site. */
export type InlineViews = {
  Challenge: ComponentType<{ identifier: string; onBack: () => void }>
  Signin: ComponentType<{ reason?: string }>
}

type View =
  | { name: 'list' }
  | { name: 'challenge'; identifier: string }
  | { name: 'signin'; next: string | null }

const CHALLENGE_PATH = /^\/challenge\/([^/?#]+)/

/** The key of the history state entry a challenge opened inside the tiles adds. */
const TILES_STATE = 'tesseraTiles'

/** The page's own history state (a router's key and index) kept, with our mark added. */
export const withTilesState = (state: unknown) => ({
  ...(state && typeof state === 'object' ? state : {}),
  [TILES_STATE]: true,
})

export const isTilesState = (state: unknown) =>
  Boolean(state && typeof state === 'object' && (state as Record<string, unknown>)[TILES_STATE])

/** How many tiles the `limit` attribute allows (all when absent or not a positive number). */
export const tileLimit = (value: string | null | undefined) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : Number.POSITIVE_INFINITY
}

/**
 * <tessera-challenge-tiles>: the active challenges the participant has not completed (every active one
 * for visitors). With `inline`, a tile opens its challenge inside the element and signed-out visitors
 * sign in there first; without, a tile opens the challenge on the hosted site in a new tab.
 */
export function ChallengeTilesView({ inline }: { inline?: InlineViews }) {
  const { runtime, program, host, attrs } = useEmbed()
  const signedIn = runtime.session.signedIn.value
  const [view, setView] = useState<View>({ name: 'list' })
  const limit = tileLimit(attrs.limit)
  const [tiles, reload] = useLoad(
    () =>
      runtime.client.home
        .activeUncompletedChallenges()
        .then((r) => r.data.filter(isTileShown).slice(0, limit)),
    `${signedIn}:${limit}`,
  )
  const box = useRef<HTMLDivElement>(null)

  const show = useCallback(
    (next: View) => {
      setView(next)
      if (next.name === 'list') reload(true)
      // Keep the element's top in sight when its content changes height.
      if (host.getBoundingClientRect().top < 0) host.scrollIntoView({ block: 'start' })
    },
    [host, reload],
  )

  // A challenge (or the sign-in it needs) opened inside the element is a step the browser's Back undoes:
  // one history entry with a state object and the same URL, so the partner's router sees no new route.
  const opened = useRef(false)
  const open = useCallback(
    (next: View) => {
      if (!opened.current) {
        history.pushState(withTilesState(history.state), '')
        opened.current = true
      }
      show(next)
    },
    [show],
  )
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
  }, [view.name])

  const backToList = useCallback(() => {
    // Our entry is the current one: going back pops it, and popstate shows the list.
    if (opened.current && isTilesState(history.state)) history.back()
    else {
      opened.current = false
      show({ name: 'list' })
    }
  }, [show])
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      if (!opened.current || isTilesState(e.state)) return
      opened.current = false
      show({ name: 'list' })
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [show])

  useSiteLinks(box, runtime.siteUrl, (path) => {
    if (!inline) return false
    const challenge = CHALLENGE_PATH.exec(path)
    if (challenge) {
      const identifier = decodeURIComponent(challenge[1]!)
      open(
        runtime.session.signedIn.value
          ? { name: 'challenge', identifier }
          : { name: 'signin', next: identifier },
      )
      return true
    }
    if (path.startsWith('/signin')) {
      open({ name: 'signin', next: null })
      return true
    }
    return false
  })

  // Signed in elsewhere on the page (another element, an identity token): go on to what was asked for.
  useEffect(() => {
    if (view.name === 'signin' && signedIn)
      setView(view.next ? { name: 'challenge', identifier: view.next } : { name: 'list' })
  }, [view, signedIn])

  const points = program.term_points_as || 'points'
  return (
    <div ref={box} class="tw-tiles">
      {view.name === 'list' && (
        <ChallengeTiles
          state={tiles}
          reload={() => reload()}
          empty={`You're all caught up! New ways to earn ${points} are on their way.`}
        />
      )}
      {inline && view.name === 'challenge' && (
        <inline.Challenge key={view.identifier} identifier={view.identifier} onBack={backToList} />
      )}
      {inline && view.name === 'signin' && (
        <div class="tw-stack">
          <button type="button" class="tw-back" onClick={backToList}>
            <ArrowLeftIcon size={16} />
            All challenges
          </button>
          <inline.Signin reason={`Sign in to take part and earn ${points}.`} />
        </div>
      )}
    </div>
  )
}
