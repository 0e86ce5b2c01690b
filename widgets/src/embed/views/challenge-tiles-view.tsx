import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { isTileShown } from '../../widgets/challenge/challenge-labels'
import { ChallengeTiles } from '../../widgets/tiles/sections'
import { LoadError } from '../../widgets/shared/load-error-lazy'
import { useLoad } from '../../widgets/shared/use-load'
import '../../widgets/tiles/tiles.css'
import { lazyView } from '../lazy-view'
import { useSiteLinks } from '../links'
import { useEmbed } from '../mount'
import type { InlineViews, TilesView } from './tiles-types'

/** The opened challenge or sign-in with Back: fetched with the first opened tile (tiles-panel.tsx). */
const TilesPanel = lazyView(() => import('./tiles-panel').then((m) => m.TilesPanel))

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
  const [view, setView] = useState<TilesView>({ name: 'list' })
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
    (next: TilesView) => {
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
    (next: TilesView) => {
      if (!opened.current) {
        history.pushState(withTilesState(history.state), '')
        opened.current = true
      }
      // The panel and what it shows are fetched side by side, not one after the other.
      void TilesPanel.preload().catch(() => undefined)
      if (inline) void (next.name === 'challenge' ? inline.Challenge : inline.Signin).preload?.().catch(() => undefined)
      show(next)
    },
    [show, inline],
  )
  // 'All challenges' (or a challenge's own Back): our entry is the current one, so going back pops it
  // and popstate below shows the list.
  const backToList = useCallback(() => {
    if (opened.current && isTilesState(history.state)) history.back()
    else {
      opened.current = false
      show({ name: 'list' })
    }
  }, [show])
  // The browser's Back while something is open shows the list again (listening here, not in the
  // panel, so a Back pressed while the panel's chunk is still on its way is not lost).
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

  const points = program.term_points_as || 'points'
  return (
    <div ref={box} class="tw-tiles">
      {view.name === 'list' && (
        <ChallengeTiles
          state={tiles}
          reload={() => reload()}
          empty={`You're all caught up! New ways to earn ${points} are on their way.`}
          LoadError={LoadError}
        />
      )}
      {inline && view.name !== 'list' && (
        <TilesPanel
          view={view}
          inline={inline}
          box={box}
          onBack={backToList}
          setView={setView}
          signedIn={signedIn}
          points={points}
        />
      )}
    </div>
  )
}
