import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import type { ReceiptStatus } from '../api/receipts'
import { useReceiptText } from '../messages'

const TONE: Record<ReceiptStatus, string> = {
  pending: 'badge-muted',
  failed: 'badge-danger',
  processed: 'badge-success',
  no_eligible_items: 'badge-muted',
  needs_human_review: 'badge-warning',
  rejected: 'badge-danger',
  review_requested: 'badge-warning',
}

export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  const rt = useReceiptText()
  return <span className={`badge ${TONE[status]}`}>{rt(`status.${status}`)}</span>
}

/** Money in the program's units (the API sends currency units with two decimals). */
export function useMoney() {
  const { locale } = useI18n()
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    return (value: number | null) => (value === null ? '—' : format.format(value))
  }, [locale])
}

export function useDates() {
  const { locale } = useI18n()
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return {
      /** A `YYYY-MM-DD` purchase date, as read (no time zone shift). */
      day: (value: string | null) => (value ? <time dateTime={value}>{day.format(new Date(`${value}T00:00:00Z`))}</time> : '—'),
      moment: (value: string) => (
        <time className="cell-nowrap" dateTime={value}>
          {moment.format(new Date(value))}
        </time>
      ),
    }
  }, [locale])
}

/** The participant's name, linked to their page for users view (spec section 6). */
export function ParticipantLink({ programId, participant }: { programId: number; participant: { id: number; name: string; email: string } }) {
  const { can } = useCurrentProgram()
  const label = participant.name || participant.email
  return (
    <div className="cell-stack">
      {can('users:view') ? (
        <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: participant.id }}>
          {label}
        </Link>
      ) : (
        <span className="cell-strong">{label}</span>
      )}
      <span className="cell-muted">{participant.email}</span>
    </div>
  )
}
