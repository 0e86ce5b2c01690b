import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { receiptIssueReportSchema } from '../../../../../sdk/contract/console/receipts'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, TextareaField } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { useReceiptLogs, useReceiptParticipantHistory, useSubmitIssue } from '../api/receipts'
import { type ReceiptMessage, useReceiptText } from '../messages'
import { ParticipantLink, ReceiptStatusBadge, useDates, useMoney } from './receipt-parts'

const statusWord = (rt: (k: ReceiptMessage) => string, s: string | null) => (s ? rt(`status.${s}` as ReceiptMessage) : '—')

/** Admin Activity Log (receipt_update_logs): who changed what, the status move and the points. */
export function ReceiptActivity({ programId, receiptId }: { programId: number; receiptId: number }) {
  const rt = useReceiptText()
  const dates = useDates()
  const { formatNumber } = useI18n()
  const logs = useReceiptLogs(programId, receiptId)
  if (logs.status === 'pending') return <Skeleton height={120} />
  if (logs.status === 'error') return <ErrorBlock error={logs.error} onRetry={() => void logs.refetch()} />
  if (!logs.data.length) return <p className="receipt-muted">{rt('noActivity')}</p>
  return (
    <ol className="receipt-log" aria-label={rt('tab.activity')}>
      {logs.data.map((log) => (
        <li key={log.id}>
          <div className="receipt-log-head">
            <strong>{log.action}</strong>
            {(log.status_from || log.status_to) && (
              <span>
                {statusWord(rt, log.status_from)} → {statusWord(rt, log.status_to)}
              </span>
            )}
            {log.points_delta !== 0 && <span className="badge badge-muted">{rt('pointsDelta', { points: formatNumber(log.points_delta) })}</span>}
            <span className="cell-muted">{log.admin ? `${log.admin.name} (${log.admin.email})` : rt('system')}</span>
            {dates.moment(log.created_at)}
          </div>
          {Object.keys(log.changes).length > 0 && (
            <ul className="receipt-log-changes">
              {Object.entries(log.changes).map(([field, [before, after]]) => (
                <li key={field}>
                  <code>{field}</code>: {JSON.stringify(before)} → {JSON.stringify(after)}
                </li>
              ))}
            </ul>
          )}
          {log.comment && <p>{log.comment}</p>}
        </li>
      ))}
    </ol>
  )
}

/** Participant history: the participant's standing and their receipts, newest first. */
export function ReceiptParticipantHistory({ programId, receiptId }: { programId: number; receiptId: number }) {
  const rt = useReceiptText()
  const { formatNumber } = useI18n()
  const { can } = useCurrentProgram()
  const money = useMoney()
  const dates = useDates()
  const history = useReceiptParticipantHistory(programId, receiptId)
  if (history.status === 'pending') return <Skeleton height={120} />
  if (history.status === 'error') return <ErrorBlock error={history.error} onRetry={() => void history.refetch()} />
  const { participant, data } = history.data
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <ParticipantLink programId={programId} participant={participant} />
        </CardTitle>
        <CardDescription>{rt('participantFacts', { points: formatNumber(participant.unused_points), challenges: formatNumber(participant.completed_challenges) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="receipt-table-scroll">
          <table className="receipt-table">
            <thead>
              <tr>
                <th scope="col">{rt('col.id')}</th>
                <th scope="col">{rt('col.status')}</th>
                <th scope="col">{rt('col.merchant')}</th>
                <th scope="col">{rt('col.date')}</th>
                <th scope="col">{rt('col.total')}</th>
                <th scope="col">{rt('col.points')}</th>
                <th scope="col">{rt('col.uploaded')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.id} aria-current={row.id === receiptId ? 'true' : undefined}>
                  <td>
                    {can('receipts:manage') ? (
                      <Link to="/programs/$programId/receipts/$receiptId" params={{ programId, receiptId: row.id }}>
                        {row.id}
                      </Link>
                    ) : (
                      row.id
                    )}
                  </td>
                  <td>
                    <ReceiptStatusBadge status={row.status} />
                  </td>
                  <td>{row.merchant_name ?? '—'}</td>
                  <td>{dates.day(row.purchase_date)}</td>
                  <td>{money(row.total_amount)}</td>
                  <td>{formatNumber(row.points)}</td>
                  <td>{dates.moment(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  )
}

/** Submit Issue: a description of what is wrong with the receipt (receipts update). */
export function SubmitIssue({ programId, receiptId }: { programId: number; receiptId: number }) {
  const rt = useReceiptText()
  const { t } = useI18n()
  const { can } = useCurrentProgram()
  const submitIssue = useSubmitIssue(programId, receiptId)
  const form = useForm({ resolver: zodResolver(receiptIssueReportSchema), defaultValues: { description: '' } })
  if (!can('receipts:update')) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>{rt('tab.issue')}</CardTitle>
        <CardDescription>{rt('issueHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={async ({ description }) => {
            try {
              await submitIssue.mutateAsync(description)
              form.reset({ description: '' })
              notify.success(t('form.successTitle'), rt('issueSent'))
            } catch (error) {
              notify.error(t('form.errorTitle'), error instanceof Error ? error.message : undefined)
            }
          }}
        >
          <TextareaField name="description" label={rt('issue')} rows={4} />
          <FormErrors />
          <div className="receipt-save">
            <Button type="submit" loading={submitIssue.isPending}>
              {rt('issueSend')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}
