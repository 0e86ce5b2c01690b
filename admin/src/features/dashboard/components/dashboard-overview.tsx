import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { ProgramMetrics } from './program-metrics'

/** programs/{program_id}/dashboard, Overview. Charts and tables of the overview come in later issues. */
export function DashboardOverview({ program }: { program: { id: number; name: string } }) {
  const { t } = useI18n()
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.subtitle', { program: program.name })}
      />
      <ProgramMetrics programId={program.id} />
    </>
  )
}
