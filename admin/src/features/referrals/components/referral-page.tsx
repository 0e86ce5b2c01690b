import { Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { NotFoundError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { Textarea } from '../../../components/ui/textarea'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ConsoleReferral, useDecideReferral, useParticipantReferrals, useReferral, useReferralLogs } from '../api/referrals'
import { useReferralText } from '../messages'
import { HoldReason, ReferralStatusBadge } from './referral-badges'
import { PersonCell, useDateTime } from './referrals-page'

type Ids = { programId: number; referralId: number }
const useIds = () => useParams({ strict: false }) as Ids

/** The referral of the route (shared by its tabs through the query cache). */
function useRouteReferral() {
  const ids = useIds()
  return { ids, referral: useReferral(ids.programId, ids.referralId) }
}

/**
 * programs/{program_id}/referrals/{referral_id}: the referral with tabs Overview, Admin Activity Log
 * and Participant History. A missing one (or another program's) toasts 'Referral not found' and goes
 * back to the list.
 */
export function ReferralPage() {
  const rt = useReferralText()
  const { locale } = useI18n()
  const navigate = useNavigate()
  const { ids, referral } = useRouteReferral()
  const missing = referral.error instanceof NotFoundError
  useEffect(() => {
    if (!missing) return
    notify.error(rt('notFound'))
    void navigate({ to: '/programs/$programId/referrals', params: { programId: ids.programId }, replace: true })
  }, [missing, navigate, rt, ids.programId])
  if (referral.status === 'pending' || missing) {
    return (
      <>
        <PageHeader title={<Skeleton width={220} height={28} />} />
        <Card>
          <Skeleton height={160} />
        </Card>
      </>
    )
  }
  if (referral.status === 'error') return <ErrorBlock error={referral.error} onRetry={() => void referral.refetch()} />
  const r = referral.data
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(r.created_at))
  return (
    <>
      <PageHeader
        title={rt('detailTitle', { id: r.id })}
        description={rt('detailDescription', { referrer: r.referrer_name || r.referrer_email, referred: r.referred_participant_name || r.referred_participant_email, date })}
        actions={<ReferralStatusBadge status={r.status} />}
      />
      <RouteTabs
        label={rt('tabs')}
        tabs={[
          { to: '/programs/$programId/referrals/$referralId', params: ids, activeOptions: { exact: true }, children: rt('tab.overview') },
          { to: '/programs/$programId/referrals/$referralId/activity', params: ids, children: rt('tab.activity') },
          { to: '/programs/$programId/referrals/$referralId/history', params: ids, children: rt('tab.history') },
        ]}
      >
        <Outlet />
      </RouteTabs>
    </>
  )
}

/** Overview: both participants, status, points, the fraud signal, the comments, and the decision. */
export function ReferralOverview() {
  const { referral } = useRouteReferral()
  if (!referral.data) return null
  return <ReferralOverviewCard referral={referral.data} />
}

export function ReferralOverviewCard({ referral: r }: { referral: ConsoleReferral }) {
  const rt = useReferralText()
  const { formatNumber } = useI18n()
  const { program, can } = useCurrentProgram()
  const dateTime = useDateTime()
  return (
    <div className="referral-overview">
      <Card>
        <CardContent>
          <dl className="referral-facts">
            <div>
              <dt>{rt('col.referrer')}</dt>
              <dd>
                <PersonCell programId={program.id} id={r.referrer_id} name={r.referrer_name} email={r.referrer_email} />
              </dd>
            </div>
            <div>
              <dt>{rt('col.referred')}</dt>
              <dd>
                <PersonCell programId={program.id} id={r.referred_participant_id} name={r.referred_participant_name} email={r.referred_participant_email} />
              </dd>
            </div>
            <div>
              <dt>{rt('col.status')}</dt>
              <dd>
                <ReferralStatusBadge status={r.status} />
              </dd>
            </div>
            <div>
              <dt>{rt('col.signal')}</dt>
              <dd>
                <HoldReason reason={r.hold_reason} />
              </dd>
            </div>
            <div>
              <dt>{rt('col.points')}</dt>
              <dd>{formatNumber(r.points)}</dd>
            </div>
            <div>
              <dt>{rt('col.created')}</dt>
              <dd>{dateTime(r.created_at)}</dd>
            </div>
            <div className="referral-facts-wide">
              <dt>{rt('col.comments')}</dt>
              <dd>{r.admin_comments || rt('hold.none')}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {r.status === 'pending' ? (
        can('users:manage') && <ReferralDecision referral={r} programId={program.id} />
      ) : (
        <p className="referral-decided">{rt('decided', { status: rt(`status.${r.status}`).toLowerCase() })}</p>
      )}
    </div>
  )
}

/**
 * Approve or reject with comments (PATCH, multipart referral{status, admin_comments}). On error the
 * spec's 'Failed to update referral' with the server's message; success reloads the referral.
 */
export function ReferralDecision({ referral, programId }: { referral: ConsoleReferral; programId: number }) {
  const rt = useReferralText()
  const [comments, setComments] = useState('')
  const decide = useDecideReferral(programId, referral.id)
  const submit = (status: 'approved' | 'rejected') =>
    decide.mutate(
      { status, comments },
      {
        onSuccess: (saved) => {
          setComments('')
          notify.success(rt('updated', { status: rt(`status.${saved.status}`).toLowerCase() }))
        },
        onError: (error) => notify.error(rt('failed'), error instanceof Error && error.message ? error.message : rt('unexpected')),
      },
    )
  const busy = decide.isPending
  return (
    <Card className="referral-decision">
      <CardHeader>
        <CardTitle>{rt('review')}</CardTitle>
        <CardDescription>{rt('reviewHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <label className="field-label" htmlFor="referral-comments">
          {rt('comments')}
        </label>
        <Textarea id="referral-comments" rows={3} maxLength={1000} value={comments} onChange={(e) => setComments(e.target.value)} disabled={busy} />
        <div className="referral-decision-actions">
          <Button variant="danger" onClick={() => submit('rejected')} disabled={busy} loading={busy && decide.variables?.status === 'rejected'}>
            {rt('reject')}
          </Button>
          <Button onClick={() => submit('approved')} disabled={busy} loading={busy && decide.variables?.status === 'approved'}>
            {rt('approve')}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

/** Admin Activity Log: the referral's status changes, newest first, with who made each and their comments. */
export function ReferralActivity() {
  const rt = useReferralText()
  const dateTime = useDateTime()
  const ids = useIds()
  const logs = useReferralLogs(ids.programId, ids.referralId)
  if (logs.status === 'pending') return <Skeleton height={120} />
  if (logs.status === 'error') return <ErrorBlock error={logs.error} onRetry={() => void logs.refetch()} />
  if (!logs.data.length) return <p className="referral-empty">{rt('noActivity')}</p>
  const word = (s: string) => (s === 'pending' || s === 'approved' || s === 'rejected' ? rt(`status.${s}`) : s)
  return (
    <ol className="referral-log" aria-label={rt('tab.activity')}>
      {logs.data.map((log) => (
        <li key={log.id}>
          <div className="referral-log-head">
            <strong>{rt('change', { from: word(log.from_status), to: word(log.to_status) })}</strong>
            <span className="cell-muted">{log.admin ? `${log.admin.name} (${log.admin.email})` : rt('automatic')}</span>
            {dateTime(log.created_at)}
          </div>
          {log.comments && <p>{log.comments}</p>}
        </li>
      ))}
    </ol>
  )
}

/** Participant History: the referrer's referrals (50 a page), then how the referred participant joined. */
export function ReferralHistory() {
  const rt = useReferralText()
  const { referral } = useRouteReferral()
  if (!referral.data) return null
  const r = referral.data
  return (
    <div className="referral-history">
      <ParticipantReferrals title={rt('history.referrer', { name: r.referrer_name || r.referrer_email })} participantId={r.referrer_id} current={r.id} />
      <ParticipantReferrals title={rt('history.referred', { name: r.referred_participant_name || r.referred_participant_email })} participantId={r.referred_participant_id} current={r.id} />
    </div>
  )
}

function ParticipantReferrals({ title, participantId, current }: { title: string; participantId: number; current: number }) {
  const rt = useReferralText()
  const { formatNumber } = useI18n()
  const { program } = useCurrentProgram()
  const dateTime = useDateTime()
  const [page, setPage] = useState(1)
  const list = useParticipantReferrals(program.id, participantId, page)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.status === 'pending' ? (
          <Skeleton height={80} />
        ) : list.status === 'error' ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data.data.length ? (
          <p className="referral-empty">{rt('empty')}</p>
        ) : (
          <>
            <div className="referral-table-scroll">
              <table className="referral-history-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{rt('col.referrer')}</th>
                    <th scope="col">{rt('col.referred')}</th>
                    <th scope="col">{rt('col.status')}</th>
                    <th scope="col">{rt('col.signal')}</th>
                    <th scope="col">{rt('col.points')}</th>
                    <th scope="col">{rt('col.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((row) => (
                    <tr key={row.id} aria-current={row.id === current ? 'true' : undefined}>
                      <td>{row.id}</td>
                      <td>{row.referrer_email}</td>
                      <td>{row.referred_participant_email}</td>
                      <td>
                        <ReferralStatusBadge status={row.status} />
                      </td>
                      <td>
                        <HoldReason reason={row.hold_reason} />
                      </td>
                      <td>{formatNumber(row.points)}</td>
                      <td>{dateTime(row.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.data.meta.total_pages > 1 && (
              <div className="referral-decision-actions">
                <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {rt('previous')}
                </Button>
                <Button size="sm" variant="secondary" disabled={page >= list.data.meta.total_pages} onClick={() => setPage(page + 1)}>
                  {rt('more')}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
