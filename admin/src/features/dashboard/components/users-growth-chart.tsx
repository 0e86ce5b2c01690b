import { lazy, Suspense, useEffect } from 'react'
import { useI18n } from '../../../lib/i18n'
import { useUsersGrowth } from '../api/overview-queries'
import { DashboardBlock } from './dashboard-block'

/**
 * The chart itself, with recharts (the console's largest library), loads with the first dashboard that
 * draws it, not with every console page: fetched while the figures load, drawn once both are in.
 */
const loadChart = () => import('./growth-chart')
const UsersGrowthChart = lazy(() => loadChart().then((m) => ({ default: m.UsersGrowthChart })))

/** Users Growth: active participants per month over the last twelve (spec section 2). */
export function UsersGrowthBlock({ programId }: { programId: number }) {
  const { t } = useI18n()
  const growth = useUsersGrowth(programId)
  useEffect(() => void loadChart(), [])
  return (
    <DashboardBlock
      title={t('dashboard.usersGrowth')}
      description={t('dashboard.usersGrowthHint')}
      status={growth.status}
      onRetry={() => void growth.refetch()}
      lines={6}
    >
      {growth.data && (
        // The chart's own box while its code arrives: the block keeps its height.
        <Suspense fallback={<div className="growth-chart-canvas" aria-busy="true" />}>
          <UsersGrowthChart points={growth.data} />
        </Suspense>
      )}
    </DashboardBlock>
  )
}
