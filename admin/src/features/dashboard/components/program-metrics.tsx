import type { ReactNode } from 'react'
import { ErrorBlock } from '../../../components/ui/error-block'
import { IconActivity, IconEye, IconTrophy, IconUsers } from '../../../components/ui/icons'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { type PerformanceMetrics, useProgramMetrics } from '../api/get-program-metrics'
import { MetricCard, MetricCardSkeleton } from './metric-card'

const cards: { key: keyof PerformanceMetrics; label: MessageKey; icon: () => ReactNode }[] = [
  { key: 'active_participants', label: 'dashboard.activeParticipants', icon: () => <IconUsers /> },
  { key: 'completed_challenges', label: 'dashboard.completedChallenges', icon: () => <IconTrophy /> },
  { key: 'program_visits', label: 'dashboard.programVisits', icon: () => <IconEye /> },
  { key: 'participant_actions', label: 'dashboard.participantActions', icon: () => <IconActivity /> },
]

/** The metric cards block of the dashboard overview; a failure stays inside the block (spec section 2). */
export function ProgramMetrics({ programId }: { programId: number }) {
  const { t } = useI18n()
  const metrics = useProgramMetrics(programId)

  if (metrics.status === 'error') return <ErrorBlock onRetry={() => void metrics.refetch()} />

  return (
    <div className="metric-grid" aria-busy={metrics.status === 'pending'}>
      {metrics.status === 'pending' && <span className="sr-only">{t('dashboard.loading')}</span>}
      {cards.map((card) =>
        metrics.status === 'pending' ? (
          <MetricCardSkeleton key={card.key} />
        ) : (
          <MetricCard
            key={card.key}
            label={t(card.label)}
            icon={card.icon()}
            total={metrics.data[card.key].total}
            recent={metrics.data[card.key].recent}
          />
        ),
      )}
    </div>
  )
}
