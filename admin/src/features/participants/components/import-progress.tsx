import { useEffect, useRef } from 'react'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { isRunning, useImportJob } from '../api/participants-import'

const STATUS: Record<string, MessageKey> = {
  uploading: 'participants.import.status.queued',
  queued: 'participants.import.status.queued',
  running: 'participants.import.status.running',
  done: 'participants.import.status.done',
  failed: 'participants.import.status.failed',
}

/** A running import: lines processed so far, then what was imported, skipped and why lines failed. */
export function ImportProgress({ programId, jobId }: { programId: number; jobId: number }) {
  const { t, formatNumber } = useI18n()
  const job = useImportJob(programId, jobId)
  const report = job.data
  const announced = useRef(false)
  useEffect(() => {
    if (!report || isRunning(report) || announced.current) return
    announced.current = true
    const d = report.data
    if (d.status === 'done') notify.success(t('participants.import.finished'), t('participants.import.summary', { imported: formatNumber(d.imported_rows), skipped: formatNumber(d.skipped_rows), failed: formatNumber(d.failed_rows) }))
    else notify.error(t('participants.import.status.failed'), d.error ?? undefined)
  }, [report, t, formatNumber])

  if (job.status === 'error') return <ErrorBlock error={job.error} onRetry={() => void job.refetch()} />
  if (!report) return <Skeleton height={72} />
  const d = report.data
  const percent = d.total_rows ? Math.round((d.processed_rows / d.total_rows) * 100) : 0
  return (
    <div className="import-progress">
      <p className="import-progress-status" role="status" aria-live="polite">
        {t(STATUS[d.status] ?? 'participants.import.status.running')} · {t('participants.import.processed', { done: formatNumber(d.processed_rows), total: formatNumber(d.total_rows) })}
      </p>
      <progress className="import-progress-bar" max={100} value={percent} aria-label={t('participants.import.title')} />
      <dl className="import-counts">
        <div>
          <dt>{t('participants.import.imported')}</dt>
          <dd>{formatNumber(d.imported_rows)}</dd>
        </div>
        <div>
          <dt>{t('participants.import.skipped')}</dt>
          <dd>{formatNumber(d.skipped_rows)}</dd>
        </div>
        <div>
          <dt>{t('participants.import.failed')}</dt>
          <dd>{formatNumber(d.failed_rows)}</dd>
        </div>
      </dl>
      {report.errors.length > 0 && (
        <div className="import-errors">
          <table className="data-table-table" aria-label={t('participants.import.failedLines')}>
            <thead>
              <tr>
                <th scope="col">{t('participants.import.line')}</th>
                <th scope="col">{t('participants.import.field')}</th>
                <th scope="col">{t('participants.import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e) => (
                <tr key={e.line}>
                  <td>{e.line}</td>
                  <td>
                    <code className="cell-code">{e.field}</code>
                  </td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.errors_meta.total > report.errors.length && (
            <p className="cell-muted">{t('participants.import.moreErrors', { shown: formatNumber(report.errors.length), total: formatNumber(report.errors_meta.total) })}</p>
          )}
        </div>
      )}
    </div>
  )
}
