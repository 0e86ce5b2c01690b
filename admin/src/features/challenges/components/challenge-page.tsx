import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useNavigate, useParams } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { tagSchema } from '../../../../../sdk/contract/console/participants'
import { NotFoundError } from '../../../../../sdk/src/errors'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { ErrorBlock } from '../../../components/ui/error-block'
import { IconClose, IconPlus } from '../../../components/ui/icons'
import { Input } from '../../../components/ui/input'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import {
  type ChallengeAnswerRow,
  type ChallengeDetail,
  challengeCsvUrl,
  type ChallengeParticipantRow,
  challengesKey,
  type ChallengeTab,
  fetchChallengeTab,
  runChallengeIntent,
  useChallenge,
} from '../api/challenges'
import { useChallengeText } from '../messages'
import { ChallengeStatusBadge } from './challenge-status-badge'

const useIds = () => useParams({ from: '/console/programs/$programId/challenges/$challengeId' })
const humanize = (v: string) => v.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())

/**
 * challenges/{challenge_id} (spec section 2): the challenge, its tools (approval toggle, duplicate,
 * tags, edit), and the Users and Participant Answers tabs with their CSV exports.
 */
export function ChallengePage() {
  const ct = useChallengeText()
  const navigate = useNavigate()
  const { can } = useCurrentProgram()
  const { programId, challengeId } = useIds()
  const challenge = useChallenge(programId, challengeId)
  const missing = challenge.error instanceof NotFoundError

  useEffect(() => {
    if (!missing) return
    notify.error(ct('notFound'))
    void navigate({ to: '/programs/$programId/challenges', params: { programId }, replace: true })
  }, [missing, navigate, ct, programId])

  if (challenge.status === 'pending' || missing) {
    return (
      <>
        <PageHeader title={<Skeleton width={220} height={28} />} />
        <Card>
          <Skeleton height={96} />
        </Card>
      </>
    )
  }
  if (challenge.status === 'error') return <ErrorBlock error={challenge.error} onRetry={() => void challenge.refetch()} />
  const c = challenge.data
  const params = { programId, challengeId }
  return (
    <>
      <PageHeader
        title={c.name}
        description={ct('viewOnSite', { type: humanize(c.challengeType), points: c.points })}
        actions={
          can('challenges:update') && (
            <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/challenges/$challengeId/edit" params={params}>
              {ct('edit')}
            </Link>
          )
        }
      />
      <ChallengeSummary programId={programId} challenge={c} />
      <RouteTabs
        label={ct('tabsLabel')}
        tabs={[
          { to: '/programs/$programId/challenges/$challengeId', params, activeOptions: { exact: true }, children: ct('tab.users') },
          { to: '/programs/$programId/challenges/$challengeId/participant_answers', params, children: ct('tab.answers') },
        ]}
      >
        <Outlet />
      </RouteTabs>
    </>
  )
}

function ChallengeSummary({ programId, challenge: c }: { programId: number; challenge: ChallengeDetail }) {
  const ct = useChallengeText()
  const { t, formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [tag, setTag] = useState('')
  const [tagError, setTagError] = useState<string | undefined>()
  const act = async (intent: Parameters<typeof runChallengeIntent>[2], done: (r: Awaited<ReturnType<typeof runChallengeIntent>>) => void) => {
    setBusy(true)
    try {
      const result = await runChallengeIntent(programId, c.id, intent)
      await queryClient.invalidateQueries({ queryKey: challengesKey(programId) })
      done(result)
    } catch (error) {
      notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }
  const toggleTag = (event: FormEvent) => {
    event.preventDefault()
    const parsed = tagSchema.safeParse(tag)
    if (!parsed.success) return setTagError(parsed.error.issues[0]?.message)
    setTagError(undefined)
    void act({ intent: 'toggle_tag', tag: parsed.data }, () => {
      setTag('')
      notify.success(ct('tagUpdated'))
    })
  }
  return (
    <Card className="challenge-summary">
      <div className="challenge-summary-main">
        {c.image.url && <img className="challenge-summary-image" src={c.image.url} alt="" width={160} height={100} />}
        <dl className="challenge-facts">
          <div>
            <dt>{ct('col.status')}</dt>
            <dd>
              <ChallengeStatusBadge status={c.status} /> <span className={`badge ${c.approved ? 'badge-success' : 'badge-muted'}`}>{ct(c.approved ? 'approved' : 'notApproved')}</span>
            </dd>
          </div>
          <div>
            <dt>{ct('col.points')}</dt>
            <dd>{formatNumber(c.points)}</dd>
          </div>
          <div>
            <dt>{ct('col.completions')}</dt>
            <dd>{formatNumber(c.completions)}</dd>
          </div>
          <div>
            <dt>{ct('col.clicks')}</dt>
            <dd>{formatNumber(c.clicks)}</dd>
          </div>
          <div>
            <dt>{ct('col.tags')}</dt>
            <dd className="participant-tags">
              {c.tag_list.length
                ? c.tag_list.map((x) =>
                    can('challenges:manage') ? (
                      <button key={x} type="button" className="badge badge-muted badge-button" disabled={busy} aria-label={`${ct('remove')} ${x}`} onClick={() => void act({ intent: 'toggle_tag', tag: x }, () => notify.success(ct('tagUpdated')))}>
                        {x} <IconClose size={10} />
                      </button>
                    ) : (
                      <span key={x} className="badge badge-muted">
                        {x}
                      </span>
                    ),
                  )
                : '—'}
            </dd>
          </div>
        </dl>
      </div>
      <div className="challenge-tools">
        {can('challenges:update') && (
          <Button
            size="sm"
            variant={c.approved ? 'secondary' : 'primary'}
            loading={busy}
            onClick={() => void act({ intent: 'toggle_approval' }, () => notify.success(ct('approvalChanged')))}
          >
            {ct(c.approved ? 'unapprove' : 'approve')}
          </Button>
        )}
        {can('challenges:update') && can('challenges:create') && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void act({ intent: 'duplicate' }, (r) => {
                notify.success(ct('duplicated'))
                void navigate({ to: '/programs/$programId/challenges/$challengeId', params: { programId, challengeId: r.data.id } })
              })
            }
          >
            {ct('duplicate')}
          </Button>
        )}
        {can('challenges:manage') && (
          <form className="challenge-tag-form" onSubmit={toggleTag} noValidate>
            <Input aria-label={ct('tagToggle')} placeholder={ct('tagPlaceholder')} value={tag} onChange={(e) => setTag(e.target.value)} aria-invalid={Boolean(tagError)} />
            <Button type="submit" size="sm" variant="secondary" disabled={busy} aria-label={ct('tagToggle')}>
              <IconPlus />
            </Button>
            {tagError && (
              <p className="field-error" role="alert">
                {tagError}
              </p>
            )}
          </form>
        )}
      </div>
    </Card>
  )
}

/** One tab: the server's page of completions or answers, newest first, with its CSV export. */
export function ChallengeTabTable({ tab }: { tab: ChallengeTab }) {
  const ct = useChallengeText()
  const { t, locale, formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const { programId, challengeId } = useIds()
  const table = useServerTable({ queryKey: challengesKey(programId, challengeId, tab), fetchPage: (state, signal) => fetchChallengeTab(programId, challengeId, tab, state, signal) })
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale])
  const participant = (id: number, name: string, email: string) => (
    <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: id }}>
      {name || email}
    </Link>
  )
  const columns = useMemo(() => {
    if (tab === 'participants') {
      const cols: ColumnDef<ChallengeParticipantRow>[] = [
        { id: 'participant', header: ct('col.participant'), cell: (c) => participant(c.row.original.participant_id, c.row.original.name, c.row.original.email) },
        { id: 'email', header: ct('col.email'), accessorKey: 'email' },
        { id: 'points', header: ct('col.points'), meta: { align: 'end' }, cell: (c) => formatNumber(c.row.original.points) },
        { id: 'score', header: ct('col.score'), meta: { align: 'end' }, cell: (c) => (c.row.original.score === null ? '—' : `${c.row.original.score}%`) },
        { id: 'completed_at', header: ct('col.completedAt'), cell: (c) => dates.format(new Date(c.row.original.completed_at)) },
      ]
      return cols
    }
    const cols: ColumnDef<ChallengeAnswerRow>[] = [
      { id: 'participant', header: ct('col.participant'), cell: (c) => participant(c.row.original.participant_id, c.row.original.name, c.row.original.email) },
      { id: 'question', header: ct('col.question'), accessorKey: 'question' },
      { id: 'answer', header: ct('col.answer'), accessorKey: 'answer' },
      { id: 'created_at', header: ct('col.answeredAt'), cell: (c) => dates.format(new Date(c.row.original.created_at)) },
    ]
    return cols
  }, [tab, ct, formatNumber, dates, programId])
  const { search: _search, sorting: _sorting, onSortingChange: _onSort, ...props } = table.props
  return (
    <div className="participant-tab">
      <DataTable
        label={ct(tab === 'participants' ? 'tab.users' : 'tab.answers')}
        columns={columns as ColumnDef<unknown>[]}
        {...(props as typeof props & { data: unknown[] | undefined })}
        columnChooser={false}
        emptyMessage={t('table.empty')}
        actions={
          can('challenges:manage') && (
            <a className={buttonClass({ size: 'sm', variant: 'secondary' })} href={challengeCsvUrl(programId, challengeId, tab)} download>
              {ct('exportCsv')}
            </a>
          )
        }
      />
    </div>
  )
}
