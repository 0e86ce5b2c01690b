import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { referralStatuses } from '../../../../../sdk/contract/console/referrals'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { PageHeader } from '../../../components/ui/page-header'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ConsoleReferral, fetchReferrals, referralsKey } from '../api/referrals'
import { useReferralText } from '../messages'
import { HoldReason, ReferralStatusBadge } from './referral-badges'

const column = createColumnHelper<ConsoleReferral>()
const ALL = 'all'

/** A participant's name and e-mail; linked to the participant page for users view (spec section 6). */
export function PersonCell({ programId, id, name, email }: { programId: number; id: number; name: string; email: string }) {
  const { can } = useCurrentProgram()
  return (
    <div className="cell-stack">
      {can('users:view') ? (
        <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: id }}>
          {name || email}
        </Link>
      ) : (
        <span className="cell-strong">{name || email}</span>
      )}
      <span className="cell-muted">{email}</span>
    </div>
  )
}

export function useDateTime() {
  const { locale } = useI18n()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return (value: string) => (
      <time className="cell-nowrap" dateTime={value}>
        {format.format(new Date(value))}
      </time>
    )
  }, [locale])
}

/**
 * programs/{program_id}/referrals: who invited whom, its status, points and the fraud signal that held
 * it, filtered by status and searched by the server; empty: 'No referrals found'.
 */
export function ReferralsPage() {
  const rt = useReferralText()
  const { formatNumber } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const dateTime = useDateTime()
  const table = useServerTable({ queryKey: referralsKey(programId, 'list'), fetchPage: (state, signal) => fetchReferrals(programId, state, signal) })
  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: '#',
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/referrals/$referralId" params={{ programId, referralId: c.getValue() }} aria-label={rt('detailTitle', { id: c.getValue() })}>
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor('referrer_name', {
        header: rt('col.referrer'),
        cell: (c) => <PersonCell programId={programId} id={c.row.original.referrer_id} name={c.getValue()} email={c.row.original.referrer_email} />,
      }),
      column.accessor('referred_participant_name', {
        header: rt('col.referred'),
        cell: (c) => <PersonCell programId={programId} id={c.row.original.referred_participant_id} name={c.getValue()} email={c.row.original.referred_participant_email} />,
      }),
      column.accessor('status', { header: rt('col.status'), cell: (c) => <ReferralStatusBadge status={c.getValue()} /> }),
      column.accessor('hold_reason', { header: rt('col.signal'), cell: (c) => <HoldReason reason={c.getValue()} /> }),
      column.accessor('points', { header: rt('col.points'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('created_at', { header: rt('col.created'), cell: (c) => dateTime(c.getValue()) }),
    ],
    [rt, formatNumber, dateTime, programId],
  )
  const status = table.state.filters.status ?? ALL
  const statusOptions = [{ value: ALL, label: rt('allStatuses') }, ...referralStatuses.map((s) => ({ value: s, label: rt(`status.${s}`) }))]
  return (
    <>
      <PageHeader title={rt('title')} description={rt('subtitle', { program: program.name })} />
      <DataTable
        label={rt('title')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={rt('search')}
        emptyMessage={rt('empty')}
        filters={
          <Select
            size="sm"
            aria-label={rt('col.status')}
            value={status}
            onValueChange={(value) => table.setFilter('status', value === ALL ? undefined : value)}
            options={statusOptions}
          />
        }
      />
    </>
  )
}
