import { Link } from '@tanstack/react-router'
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import type { ParticipantTab, ParticipantTabs } from '../api/participant-detail'

type Columns = { [K in ParticipantTab]: ColumnDef<ParticipantTabs[K], never>[] }

/** The columns of each detail tab (spec section 3's entities, as the tab endpoints answer them). */
export function useTabColumns(programId: number, userId: number): Columns {
  const { t, locale, formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const manage = can('users:manage')
  return useMemo(() => {
    const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    const date = (value: string) => (
      <time className="cell-nowrap" dateTime={value}>
        {when.format(new Date(value))}
      </time>
    )
    const num = (value: number) => formatNumber(value)
    const end = { align: 'end' as const }
    const a = createColumnHelper<ParticipantTabs['actions']>()
    const r = createColumnHelper<ParticipantTabs['rewards']>()
    const c = createColumnHelper<ParticipantTabs['challenges']>()
    const q = createColumnHelper<ParticipantTabs['questions']>()
    const pa = createColumnHelper<ParticipantTabs['participant_answers']>()
    const at = createColumnHelper<ParticipantTabs['attributes']>()
    const rc = createColumnHelper<ParticipantTabs['recruited']>()
    const re = createColumnHelper<ParticipantTabs['receipts']>()
    const columns = {
      actions: [
        a.accessor('title', { header: t('participants.col.action'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        a.accessor('action_type', { header: t('participants.col.type'), cell: (x) => <code className="cell-code">{x.getValue()}</code> }),
        a.accessor('points', { header: t('participants.col.points'), meta: end, cell: (x) => num(x.getValue()) }),
        a.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      rewards: [
        r.accessor('name', { header: t('participants.col.reward'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        r.accessor('selection', { header: t('participants.col.type') }),
        r.accessor('status', { header: t('participants.col.status'), cell: (x) => <span className="badge badge-muted">{x.getValue()}</span> }),
        r.accessor('points_spent', { header: t('participants.col.pointsSpent'), meta: end, cell: (x) => num(x.getValue()) }),
        r.accessor('coupon_code', { header: t('participants.col.coupon'), cell: (x) => (x.getValue() ? <code className="cell-code">{x.getValue()}</code> : '—') }),
        r.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      challenges: [
        c.accessor('name', { header: t('participants.col.challenge'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        c.accessor('challenge_type', { header: t('participants.col.type') }),
        c.accessor('points', { header: t('participants.col.points'), meta: end, cell: (x) => num(x.getValue()) }),
        c.accessor('score', { header: t('participants.col.score'), meta: end, cell: (x) => (x.getValue() === null ? '—' : `${x.getValue()}%`) }),
        c.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      questions: [
        q.accessor('title', { header: t('participants.col.question'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        q.accessor('challenge_name', { header: t('participants.col.challenge') }),
        q.accessor('answer', { header: t('participants.col.answer'), cell: (x) => <span className="cell-wrap">{x.getValue()}</span> }),
        q.accessor('answered_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      participant_answers: [
        pa.accessor('question', { header: t('participants.col.question'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        pa.accessor('challenge_name', { header: t('participants.col.challenge') }),
        pa.accessor('answer', { header: t('participants.col.answer'), cell: (x) => <span className="cell-wrap">{x.getValue()}</span> }),
        pa.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      attributes: [
        at.accessor('display_name', { header: t('participants.col.attribute'), cell: (x) => <span className="cell-strong">{x.getValue()}</span> }),
        at.accessor('value', { header: t('participants.col.value'), cell: (x) => <span className="cell-wrap">{x.getValue()}</span> }),
        at.accessor('updated_at', { header: t('participants.col.updated'), cell: (x) => date(x.getValue()) }),
        ...(manage
          ? [
              at.display({
                id: 'edit',
                header: () => <span className="sr-only">{t('participants.attribute.edit')}</span>,
                cell: (x) => (
                  <Link to="/programs/$programId/users/$userId/attributes/$profileId/edit" params={{ programId, userId, profileId: x.row.original.id }}>
                    {t('participants.attribute.edit')}
                  </Link>
                ),
              }),
            ]
          : []),
      ],
      recruited: [
        rc.accessor('participant', {
          header: t('participants.col.name'),
          cell: (x) => (
            <div className="cell-stack">
              <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: x.getValue().id }}>
                {x.getValue().name || x.getValue().email}
              </Link>
              <span className="cell-muted">{x.getValue().email}</span>
            </div>
          ),
        }),
        rc.accessor('status', { header: t('participants.col.status'), cell: (x) => <span className="badge badge-muted">{x.getValue()}</span> }),
        rc.accessor('points', { header: t('participants.col.points'), meta: end, cell: (x) => num(x.getValue()) }),
        rc.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
      receipts: [
        re.accessor('id', { header: '#', cell: (x) => x.getValue() }),
        re.accessor('status', { header: t('participants.col.status') }),
        re.accessor('points', { header: t('participants.col.points'), meta: end, cell: (x) => num(x.getValue()) }),
        re.accessor('created_at', { header: t('participants.col.date'), cell: (x) => date(x.getValue()) }),
      ],
    }
    return columns as unknown as Columns
  }, [t, locale, formatNumber, manage, programId, userId])
}
