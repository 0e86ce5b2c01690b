import type { ChallengeStatus } from '../../../../../sdk/contract/console/challenges'
import { useChallengeText } from '../messages'

const TONE: Record<ChallengeStatus, string> = {
  draft: 'badge-muted',
  active: 'badge-success',
  scheduled: 'badge-accent',
  ended: 'badge-warning',
}

export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  const ct = useChallengeText()
  return <span className={`badge ${TONE[status]}`}>{ct(`status.${status}`)}</span>
}
