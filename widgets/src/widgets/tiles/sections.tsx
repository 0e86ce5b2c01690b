import type { ComponentChildren, ComponentType } from 'preact'
import type { ChallengeCard } from '../../../../sdk/contract/challenges'
import type { LoadState } from '../shared/use-load'
import { ChallengeTile, TileSkeletons } from './challenge-tile'

type SectionProps = { id: string; title: string; subtitle?: string; children: ComponentChildren }

export function HomeSection({ id, title, subtitle, children }: SectionProps) {
  return (
    <section class="container home-section" aria-labelledby={id}>
      <div class="home-section__head">
        <h2 id={id} class="section-title">
          {title}
        </h2>
        {subtitle && <p class="home-section__subtitle">{subtitle}</p>}
      </div>
      {children}
    </section>
  )
}

/** What a failed load shows (widgets/shared/load-error, or its lazily fetched form in the elements). */
type LoadErrorNotice = ComponentType<{ message: string; retry?: () => void; class: string }>

/** Challenge tiles with loading, error and empty states. */
export function ChallengeTiles({
  state,
  reload,
  empty,
  LoadError,
}: {
  state: LoadState<ChallengeCard[]>
  reload: () => void
  empty: string
  /** The site passes the notice it has at hand; the tiles element one fetched when a load fails. */
  LoadError: LoadErrorNotice
}) {
  if (state.status === 'loading') return <TileSkeletons />
  if (state.status === 'error') {
    return <LoadError class="notice" message="We couldn't load the challenges just now." retry={reload} />
  }
  if (!state.data.length) return <p class="home-empty">{empty}</p>
  return (
    <div class="tiles">
      {state.data.map((c) => (
        <ChallengeTile key={c.id} challenge={c} />
      ))}
    </div>
  )
}
