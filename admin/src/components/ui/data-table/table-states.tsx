import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { Button } from '../button'
import { IconAlert, IconRefresh } from '../icons'
import { IconInbox } from '../icons-ui'
import { Skeleton } from '../skeleton'

type TableBodyStateProps = {
  status: 'pending' | 'error' | 'empty'
  columns: number
  /** Skeleton rows while loading, about as many as will arrive. */
  rows: number
  error?: unknown
  onRetry?: (() => void) | undefined
  emptyMessage?: string | undefined
}

/** The rows of a table that has none to show: loading skeletons, 'No results found' or the failure. */
export function TableBodyState({ status, columns, rows, error, onRetry, emptyMessage }: TableBodyStateProps) {
  const { t } = useI18n()
  if (status === 'pending') {
    return (
      <>
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row} className="data-table-skeleton-row" data-testid="skeleton-row">
            {Array.from({ length: columns }, (_, col) => (
              <td key={col}>
                <Skeleton width={`${50 + ((row * 7 + col * 13) % 40)}%`} />
              </td>
            ))}
          </tr>
        ))}
        <tr className="sr-only">
          <td colSpan={columns}>{t('table.loading')}</td>
        </tr>
      </>
    )
  }
  return (
    <tr>
      <td colSpan={columns} className="data-table-state-cell">
        {status === 'error' ? (
          <div className="data-table-state data-table-state-error" role="alert">
            <IconAlert size={20} />
            <p className="data-table-state-title">{t('table.error')}</p>
            <p className="data-table-state-detail">{errorMessage(error, t('error.generic'))}</p>
            {onRetry && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                <IconRefresh />
                {t('common.retry')}
              </Button>
            )}
          </div>
        ) : (
          <div className="data-table-state">
            <IconInbox size={20} />
            <p className="data-table-state-title">{emptyMessage ?? t('table.empty')}</p>
          </div>
        )}
      </td>
    </tr>
  )
}
