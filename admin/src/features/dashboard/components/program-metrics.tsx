import { type ReactNode, useEffect } from 'react'
import { AuthenticationError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import {
  IconActivity,
  IconAlert,
  IconEye,
  IconRefresh,
  IconTrophy,
  IconUsers,
} from '../../../components/ui/icons'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { type PerformanceMetrics, useProgramMetrics } from '../api/get-program-metrics'
import { MetricCard, MetricCardSkeleton } from './metric-card'

const cards: { key: keyof PerformanceMetrics; label: MessageKey; icon: () => ReactNode }[] = [
  { key: 'active_participants', label: 'dashboard.activeParticipants', icon: () => <IconUsers /> },
  { key: 'completed_challenges', label: 'dashboard.completedChallenges', icon: () => <IconTrophy /> },
  { key: 'program_visits', label: 'dashboard.programVisits', icon: () => <IconEye /> },
  { key: 'participant_actions', label: 'dashboard.participantActions', icon: () => <IconActivity /> },
]

/** The metric cards block of the dashboard overview. */
export function ProgramMetrics({ programId }: { programId: number }) {
  const { t } = useI18n()
  const metrics = useProgramMetrics(programId)
  const sessionEnded = metrics.status === 'error' && metrics.error instanceof AuthenticationError

  useEffect(() => {
    if (sessionEnded) window.location.assign(paths.login)
  }, [sessionEnded])

  if (metrics.status === 'error') {
    return (
      <div className="block-error" role="alert">
        <IconAlert size={18} />
        <p className="block-error-text">{t('dashboard.error')}</p>
        <Button variant="secondary" size="sm" onClick={metrics.reload}>
          <IconRefresh />
          {t('dashboard.retry')}
        </Button>
      </div>
    )
  }

  return (
    <div className="metric-grid" aria-busy={metrics.status === 'loading'}>
      {metrics.status === 'loading' && <span className="sr-only">{t('dashboard.loading')}</span>}
      {cards.map((card) =>
        metrics.status === 'loading' ? (
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
