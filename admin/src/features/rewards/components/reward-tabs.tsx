import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import { couponAddSchema } from '../../../../../sdk/contract/console/rewards'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { Textarea } from '../../../components/ui/textarea'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import {
  addCoupons,
  type CouponRow,
  fetchRewardTab,
  refundRewardClaim,
  type MiniContestRow,
  rewardIntent,
  type RewardParticipantRow,
  rewardsKey,
  type RewardTab,
  type RewardTabRows,
  type SweepstakeEntryRow,
  useReward,
} from '../api/rewards'
import { useRewardIds } from './reward-page'

/** A searchable, paged table of one tab. */
function TabTable<K extends RewardTab>({ tab, label, columns, initialHidden, actions }: { tab: K; label: string; columns: ColumnDef<RewardTabRows[K]>[]; initialHidden?: string[]; actions?: ReactNode }) {
  const { t } = useI18n()
  const { programId, rewardId } = useRewardIds()
  const table = useServerTable({ queryKey: rewardsKey(programId, rewardId, 'tab', tab), fetchPage: (state, signal) => fetchRewardTab(programId, rewardId, tab, state, signal) })
  // Tabs are searched and paged by the server, not sorted.
  const { sorting: _sorting, onSortingChange: _onSort, ...props } = table.props
  return (
    <DataTable
      label={label}
      columns={columns}
      {...props}
      initialHidden={initialHidden}
      columnChooser={Boolean(initialHidden)}
      searchPlaceholder={t(tab === 'coupons' ? 'rewards.searchCodes' : 'rewards.searchUsers')}
      emptyMessage={t('table.empty')}
      actions={actions}
    />
  )
}

const useDate = () => {
  const { locale } = useI18n()
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return (value: string | null) => (value ? <time dateTime={value}>{f.format(new Date(value))}</time> : '—')
  }, [locale])
}

/** A streamed CSV export of the reward (rewards manage): the browser downloads it with the session cookie. */
function ExportLink({ file }: { file: 'participants.csv' | 'sweepstake.csv' }) {
  const { t } = useI18n()
  const { can } = useCurrentProgram()
  const { programId, rewardId } = useRewardIds()
  if (!can('rewards:manage')) return null
  return (
    <a className={buttonClass({ size: 'sm', variant: 'secondary' })} href={`/admin/v2/programs/${programId}/rewards/${rewardId}/${file}`} download={file}>
      {t('rewards.export')}
    </a>
  )
}

const participantLink = (programId: number, id: number, name: string) => (
  <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: id }}>
    {name}
  </Link>
)

const CLAIM_LABELS: Record<RewardParticipantRow['status'], MessageKey> = { claimed: 'rewards.claim.claimed', won: 'rewards.claim.won', refunded: 'rewards.claim.refunded' }

/** Users: who claimed or won the reward, searchable; admins who manage rewards may refund a claim. */
export function RewardUsersTab() {
  const { t, formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const queryClient = useQueryClient()
  const { programId, rewardId } = useRewardIds()
  const date = useDate()
  const [refunding, setRefunding] = useState<RewardParticipantRow | null>(null)
  const mayManage = can('rewards:manage')
  const refund = async (row: RewardParticipantRow) => {
    try {
      await refundRewardClaim(programId, row.id)
      notify.success(t('rewards.refunded'))
      await invalidateProgram(queryClient, programId, 'rewards', rewardId)
    } catch (error) {
      notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
    }
  }
  const col = createColumnHelper<RewardParticipantRow>()
  const columns = useMemo(
    () => [
      col.accessor('name', { header: t('rewards.col.participant'), cell: (c) => participantLink(programId, c.row.original.participant_id, c.getValue() || c.row.original.email) }),
      col.accessor('email', { header: t('rewards.col.email') }),
      col.accessor('status', { header: t('rewards.col.claimStatus'), cell: (c) => t(CLAIM_LABELS[c.getValue()]) }),
      col.accessor('points_spent', { header: t('rewards.col.pointsSpent'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      col.accessor('coupon_code', { header: t('rewards.col.coupon'), cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : '—') }),
      col.accessor('created_at', { header: t('rewards.col.date'), cell: (c) => date(c.getValue()) }),
      ...(mayManage
        ? [
            col.display({
              id: 'refund',
              header: () => <span className="sr-only">{t('rewards.refund')}</span>,
              cell: (c) =>
                c.row.original.status === 'refunded' ? null : (
                  <Button size="sm" variant="ghost" aria-label={t('rewards.refundLabel', { name: c.row.original.name || c.row.original.email })} onClick={() => setRefunding(c.row.original)}>
                    {t('rewards.refund')}
                  </Button>
                ),
            }),
          ]
        : []),
    ],
    [col, t, formatNumber, programId, date, mayManage],
  )
  return (
    <>
      <TabTable tab="reward_participants" label={t('rewards.tabs.users')} columns={columns as ColumnDef<RewardParticipantRow>[]} actions={<ExportLink file="participants.csv" />} />
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        tone="danger"
        title={t('rewards.refundTitle')}
        description={refunding ? t('rewards.refundDescription', { name: refunding.name || refunding.email, points: formatNumber(refunding.points_spent) }) : undefined}
        confirmLabel={t('rewards.refund')}
        onConfirm={() => (refunding ? refund(refunding) : undefined)}
      />
    </>
  )
}

/** Coupons: the pool and who holds each code; admins who manage rewards add a comma-separated list. */
export function RewardCouponsTab() {
  const { t } = useI18n()
  const { can } = useCurrentProgram()
  const { programId, rewardId } = useRewardIds()
  const reward = useReward(programId, rewardId)
  const date = useDate()
  const col = createColumnHelper<CouponRow>()
  const columns = useMemo(
    () => [
      col.accessor('code', { header: t('rewards.col.code'), cell: (c) => <code>{c.getValue()}</code> }),
      col.accessor('participant', {
        header: t('rewards.col.assignedTo'),
        cell: (c) => {
          const p = c.getValue()
          return p ? participantLink(programId, p.id, p.name || p.email) : <span className="badge badge-success">{t('rewards.unassigned')}</span>
        },
      }),
      col.accessor('assigned_at', { header: t('rewards.col.assignedAt'), cell: (c) => date(c.getValue()) }),
    ],
    [col, t, programId, date],
  )
  return (
    <div className="reward-tab">
      {can('rewards:manage') && <CouponAddForm programId={programId} rewardId={rewardId} />}
      {reward.data && <p className="reward-muted">{t('rewards.coupons.pool', { free: reward.data.coupons.free, total: reward.data.coupons.total })}</p>}
      <TabTable tab="coupons" label={t('rewards.tabs.coupons')} columns={columns as ColumnDef<CouponRow>[]} />
    </div>
  )
}

export function CouponAddForm({ programId, rewardId }: { programId: number; rewardId: number }) {
  const { t, tm } = useI18n()
  const queryClient = useQueryClient()
  const [codes, setCodes] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [duplicates, setDuplicates] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = couponAddSchema.safeParse({ codes })
    if (!parsed.success) return setError(tm(parsed.error.issues[0]?.message) ?? t('rewards.coupons.required'))
    setError(undefined)
    setBusy(true)
    try {
      const result = await addCoupons(programId, rewardId, parsed.data.codes)
      setDuplicates(result.duplicates)
      if (result.success) {
        notify.success(t('form.successTitle'), result.message)
        setCodes('')
      } else notify.error(t('form.errorTitlePartB'), result.message)
      await invalidateProgram(queryClient, programId, 'rewards', rewardId)
    } catch (e) {
      notify.error(t('form.errorTitlePartB'), errorMessage(e, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card className="coupon-form-card">
      <form className="form coupon-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="coupon-codes">
            {t('rewards.coupons.label')}
          </label>
          <Textarea
            id="coupon-codes"
            rows={3}
            value={codes}
            onChange={(e) => setCodes(e.target.value)}
            placeholder="code1,code2,code3"
            aria-describedby="coupon-codes-hint"
            aria-invalid={error ? true : undefined}
          />
          <p id="coupon-codes-hint" className="field-hint">
            {t('rewards.coupons.hint')}
          </p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {duplicates.length > 0 && (
          <p className="form-errors coupon-duplicates" role="status">
            {t('rewards.coupons.duplicates', { codes: duplicates.join(', ') })}
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" size="sm" loading={busy}>
            {t('rewards.coupons.add')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** Which columns the sweepstakes table hides until the column chooser shows them (spec section 2). */
export const SWEEPSTAKE_HIDDEN_COLUMNS = ['rewards', 'gender']

/**
 * Sweepstakes: the entries table (rewards and gender hidden by default) and, above it, the draw
 * controls `drawPanel` (the provably fair draw of features/sweepstakes, composed by the route).
 */
export function RewardSweepstakesTab({ drawPanel }: { drawPanel?: ReactNode }) {
  const { t, formatNumber } = useI18n()
  const { programId } = useRewardIds()
  const date = useDate()
  const col = createColumnHelper<SweepstakeEntryRow>()
  const columns = useMemo(
    () => [
      col.accessor('name', { id: 'name', header: t('rewards.col.participant'), cell: (c) => participantLink(programId, c.row.original.participant_id, c.getValue() || c.row.original.email) }),
      col.accessor('email', { id: 'email', header: t('rewards.col.email') }),
      col.accessor('entries', { id: 'entries', header: t('rewards.col.entries'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      col.accessor('winner', { id: 'winner', header: t('rewards.col.winner'), cell: (c) => (c.getValue() ? <span className="badge badge-success">{t('rewards.yes')}</span> : t('rewards.no')) }),
      col.accessor('rewards', { id: 'rewards', header: t('rewards.col.rewards'), meta: { align: 'end', label: t('rewards.col.rewards') }, cell: (c) => formatNumber(c.getValue()) }),
      col.accessor('gender', { id: 'gender', header: t('rewards.col.gender'), meta: { label: t('rewards.col.gender') }, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('updated_at', { id: 'updated_at', header: t('rewards.col.date'), cell: (c) => date(c.getValue()) }),
    ],
    [col, t, formatNumber, programId, date],
  )
  return (
    <div className="reward-tab">
      {drawPanel}
      <TabTable
        tab="sweepstake"
        label={t('rewards.tabs.sweepstakes')}
        columns={columns as ColumnDef<SweepstakeEntryRow>[]}
        initialHidden={SWEEPSTAKE_HIDDEN_COLUMNS}
        actions={<ExportLink file="sweepstake.csv" />}
      />
    </div>
  )
}

/** Mini Contest: choose winners among the program's participants (staff cannot win), then Set winners. */
export function RewardMiniContestTab() {
  const { t, formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const queryClient = useQueryClient()
  const { programId, rewardId } = useRewardIds()
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [busy, setBusy] = useState(false)
  const mayManage = can('rewards:manage')
  const col = createColumnHelper<MiniContestRow>()
  const columns = useMemo(
    () => [
      ...(mayManage
        ? [
            col.display({
              id: 'select',
              header: () => <span className="sr-only">{t('rewards.setWinners')}</span>,
              cell: (c) => {
                const row = c.row.original
                const disabled = row.winner || row.staff
                return (
                  <Checkbox
                    aria-label={t('rewards.selectWinner', { name: row.name || row.email })}
                    checked={row.winner || selected.has(row.participant_id)}
                    disabled={disabled}
                    onCheckedChange={(checked) =>
                      setSelected((prev) => {
                        const next = new Set(prev)
                        if (checked === true) next.add(row.participant_id)
                        else next.delete(row.participant_id)
                        return next
                      })
                    }
                  />
                )
              },
            }),
          ]
        : []),
      col.accessor('name', {
        header: t('rewards.col.participant'),
        cell: (c) => (
          <span className="cell-stack">
            {participantLink(programId, c.row.original.participant_id, c.getValue() || c.row.original.email)}
            {c.row.original.staff && <span className="badge badge-accent">{t('rewards.staff')}</span>}
          </span>
        ),
      }),
      col.accessor('email', { header: t('rewards.col.email') }),
      col.accessor('points', { header: t('rewards.col.points'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      col.accessor('winner', { header: t('rewards.col.winner'), cell: (c) => (c.getValue() ? <span className="badge badge-success">{t('rewards.yes')}</span> : t('rewards.no')) }),
    ],
    [col, t, formatNumber, programId, selected, mayManage],
  )
  const setWinners = async () => {
    setBusy(true)
    try {
      const result = await rewardIntent(programId, rewardId, { intent: 'set_winners', selectedData: [...selected] })
      notify.success(t('rewards.winnerAssigned'), result.message === 'Winner assigned' ? undefined : result.message)
      setSelected(new Set())
      await invalidateProgram(queryClient, programId, 'rewards', rewardId)
    } catch (error) {
      notify.error(t('rewards.failed'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="reward-tab">
      <TabTable
        tab="mini_contest"
        label={t('rewards.tabs.miniContest')}
        columns={columns as ColumnDef<MiniContestRow>[]}
        actions={
          mayManage && (
            <Button size="sm" onClick={() => void setWinners()} disabled={!selected.size} loading={busy}>
              {t('rewards.setWinners')}
              {selected.size > 0 && ` (${t('rewards.selected', { count: selected.size })})`}
            </Button>
          )
        }
      />
    </div>
  )
}
