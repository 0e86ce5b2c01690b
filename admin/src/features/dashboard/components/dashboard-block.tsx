import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Skeleton } from '../../../components/ui/skeleton'
import { cx } from '../../../lib/cx'
import { useI18n } from '../../../lib/i18n'

type Props = {
  title: string
  description?: string
  status: 'pending' | 'error' | 'success'
  onRetry: () => void
  /** Why it failed (the server's message is shown under the title when it helps). */
  error?: unknown
  /** Links or buttons beside the title (Export CSV), shown once the block has its data. */
  actions?: ReactNode
  /** Placeholder lines while loading. */
  lines?: number
  className?: string
  children?: ReactNode
}

/**
 * One block of the overview, with its own loading and failure states: a block that fails shows
 * 'Error! something went wrong' with a retry, and the others carry on (spec section 2).
 */
export function DashboardBlock({ title, description, status, onRetry, error, actions, lines = 4, className, children }: Props) {
  const { t } = useI18n()
  return (
    <Card className={cx('dashboard-block', className)} aria-busy={status === 'pending'}>
      {actions ? (
        <CardHeader className="dashboard-block-header">
          <div className="dashboard-block-heading">
            <CardTitle>{title}</CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {status === 'success' && <div className="dashboard-block-actions">{actions}</div>}
        </CardHeader>
      ) : (
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
      )}
      <CardContent>
        {status === 'error' ? (
          <ErrorBlock error={error} onRetry={onRetry} />
        ) : status === 'pending' ? (
          <div className="dashboard-block-loading">
            <span className="sr-only">{t('dashboard.blockLoading')}</span>
            {Array.from({ length: lines }, (_, i) => (
              <Skeleton key={i} height={16} width={`${90 - ((i * 17) % 40)}%`} />
            ))}
          </div>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  )
}

/** 'No results found.' inside a block (the carousel's empty text, spec section 8). */
export function NoResults() {
  const { t } = useI18n()
  return <p className="dashboard-empty">{t('dashboard.noResults')}</p>
}
