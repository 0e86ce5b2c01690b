import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { useI18n } from '../../lib/i18n'
import { ProgramFrame } from './program-frame'

export function DashboardRoute({
  bootstrap,
  programId,
}: {
  bootstrap: SignedInBootstrap
  programId: number
}) {
  const { t } = useI18n()
  const program = bootstrap.programs?.find((p) => p.id === programId)
  return (
    <ProgramFrame
      bootstrap={bootstrap}
      programId={programId}
      area="dashboard"
      permission="dashboard:view"
      title={t('dashboard.title')}
    >
      {program && <DashboardOverview program={program} />}
    </ProgramFrame>
  )
}
