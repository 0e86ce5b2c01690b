import type { ComponentType } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { isTileShown } from '../../widgets/challenge/challenge-rules'
import { ChallengeTiles } from '../../widgets/tiles/sections'
import { useLoad } from '../../widgets/shared/use-load'
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
  const backToList = useCallback(() => show({ name: 'list' }), [show])

  useSiteLinks(box, runtime.siteUrl, (path) => {
    if (!inline) return false
    const challenge = CHALLENGE_PATH.exec(path)
    if (challenge) {
      const identifier = decodeURIComponent(challenge[1]!)
      show(
        runtime.session.signedIn.value
          ? { name: 'challenge', identifier }
          : { name: 'signin', next: identifier },
      )
      return true
    }
    if (path.startsWith('/signin')) {
      show({ name: 'signin', next: null })
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
