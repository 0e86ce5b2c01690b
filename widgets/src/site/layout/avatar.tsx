import type { ParticipantSummary } from '../../../../sdk/contract/participant'
import { initials } from '../../ui/format'

/** The participant's picture, or their initials on the program colour. */
export function Avatar({ participant, size = 40 }: { participant: Pick<ParticipantSummary, 'name' | 'avatar'> | null; size?: number }) {
  // Preact 11 does not add "px" to numbers in style objects.
  const style = { width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.38)}px` }
  if (participant?.avatar.url) return <img class="avatar" src={participant.avatar.url} alt="" width={size} height={size} style={style} />
  return (
    <span class="avatar" style={style} aria-hidden="true">
      {participant ? initials(participant.name) : ''}
    </span>
  )
}
