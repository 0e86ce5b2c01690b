import type { ChallengeCard } from '../../../../sdk/contract/challenges'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { SparkIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { Skeleton } from '../../ui/skeleton'
import { useTerms } from '../shared/context'
import { tileLabel, typeName } from '../challenge/challenge-labels'

/** Where a tile leads: the sign-up challenge to sign-in, every other to its challenge page. */
export const challengeHref = (c: Pick<ChallengeCard, 'challenge_type' | 'identifier'>) =>
  c.challenge_type === 'signup' ? '/signin' : `/challenge/${encodeURIComponent(c.identifier)}`

/** A challenge tile: image, type, points, title and the type's call to action. */
export function ChallengeTile({ challenge }: { challenge: ChallengeCard }) {
  const terms = useTerms()
  const label = tileLabel(challenge)
  return (
    <article class="tile">
      <div class="tile__media">
        <Img
          src={challenge.image}
          alt=""
          class="tile__image"
          fallback={
            <span class="tile__image tile__image--empty">
              <SparkIcon size={32} />
            </span>
          }
        />
        <span class="chip tile__chip">{typeName(challenge)}</span>
      </div>
      <div class="tile__body">
        {challenge.points > 0 && (
          <p class="tile__points">
            +{formatNumber(challenge.points)} {terms.points}
          </p>
        )}
        <h3 class="tile__title">{challenge.name}</h3>
        {challenge.caption && <p class="tile__caption">{challenge.caption}</p>}
        <a
          href={challengeHref(challenge)}
          class={buttonClass('outline', 'sm', 'tile__cta')}
          aria-label={`${label}: ${challenge.name}`}
        >
          {label}
        </a>
      </div>
    </article>
  )
}

export function TileSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div class="tiles" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // placeholders
        <div key={i} class="tile">
          <Skeleton width="100%" height={160} class="tile__skeleton" />
          <div class="tile__body">
            <Skeleton width={80} height={14} />
            <Skeleton width="85%" height={20} />
            <Skeleton width="60%" height={16} />
          </div>
        </div>
      ))}
    </div>
  )
}
