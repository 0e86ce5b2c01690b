import type { ConsoleReferral, ReferralStatus } from '../api/referrals'
import { useReferralText } from '../messages'

const TONE: Record<ReferralStatus, string> = { pending: 'badge-warning', approved: 'badge-success', rejected: 'badge-danger' }

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const rt = useReferralText()
  return <span className={`badge ${TONE[status]}`}>{rt(`status.${status}`)}</span>
}

/** The fraud signal that held the referral for review, in words (— when none did). */
export function HoldReason({ reason }: { reason: ConsoleReferral['hold_reason'] }) {
  const rt = useReferralText()
  return reason ? <span className="badge badge-muted">{rt(`hold.${reason}`)}</span> : <span>{rt('hold.none')}</span>
}
