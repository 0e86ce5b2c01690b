import type { ParticipantStatus } from '../../../../../sdk/contract/console/participants'
import { type MessageKey, useI18n } from '../../../lib/i18n'

export const STATUS_LABELS: Record<ParticipantStatus, MessageKey> = {
  pending: 'participants.status.pending',
  inactive: 'participants.status.inactive',
  active: 'participants.status.active',
  opted_out: 'participants.status.opted_out',
  blocked: 'participants.status.blocked',
}

const TONE: Record<ParticipantStatus, string> = {
  pending: 'badge-muted',
  inactive: 'badge-muted',
  active: 'badge-success',
  opted_out: 'badge-warning',
  blocked: 'badge-danger',
}

export function StatusBadge({ status }: { status: ParticipantStatus }) {
  const { t } = useI18n()
  return <span className={`badge ${TONE[status]}`}>{t(STATUS_LABELS[status])}</span>
}
