import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Skeleton } from '../../../components/ui/skeleton'
import { useI18n } from '../../../lib/i18n'
import { useSettingsText } from '../messages'
import './settings.css'

/** A settings screen's data: placeholders while it loads, 'Something went wrong!' with a retry, then the screen. */
export function SettingsQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const st = useSettingsText()
  const { t } = useI18n()
  if (query.status === 'pending') {
    return (
      <div className="form settings-loading" aria-busy="true">
        <span className="sr-only">{t('form.loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="field">
            <Skeleton width="30%" />
            <Skeleton height={44} width="100%" />
          </div>
        ))}
      </div>
    )
  }
  if (query.status === 'error') return <ErrorBlock title={st('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  return <>{children(query.data)}</>
}
