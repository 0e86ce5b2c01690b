import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { useEconomicsBlock, useEconomicsReport } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'
import { economicsSearchSchema, type Period, periodOfSearch } from '../period'
import { EarnBurnView } from './earn-burn'
import { EconomicsBlockCard } from './economics-block'
import { ForecastView } from './forecast'
import { ParticipationView } from './participation'
import { PeriodPicker } from './period-picker'
import { RetentionGrid } from './retention-grid'
import { SummaryCards } from './summary-cards'
import { TiersView } from './tiers'

/**
 * programs/{program_id}/dashboard/economics (issue 27): what the program's points cost and how they
 * are used, for the period in the URL (?from&to). One request answers every block, each on its own:
 * a block whose part failed, or all of them when the request failed, shows its error and retries
 * alone, the others keep showing.
 */
export function EconomicsPage() {
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  const { t } = useI18n()
  const raw = useSearch({ strict: false })
  const search = useMemo(() => economicsSearchSchema.parse(raw ?? {}), [raw])
  const navigate = useNavigate()
  const report = useEconomicsReport(programId, search)
  // The period the server answered for (the same as the URL's once it has answered).
  const period: Period = report.data?.period ?? periodOfSearch(search)

  const summary = useEconomicsBlock(programId, search, report, 'summary')
  const earnBurn = useEconomicsBlock(programId, search, report, 'earn_burn')
  const forecast = useEconomicsBlock(programId, search, report, 'forecast')
  const participation = useEconomicsBlock(programId, search, report, 'participation')
  const retention = useEconomicsBlock(programId, search, report, 'retention')
  const tiers = useEconomicsBlock(programId, search, report, 'tiers')
  const common = { programId, period }
  const periodText = et('periodShown', { from: f.day(period.from), to: f.day(period.to) })

  return (
    <div className="economics">
      <div className="economics-toolbar">
        <p className="economics-intro">
          {et('intro', { program: program.name })} <span aria-live="polite">{report.status === 'pending' ? t('dashboard.blockLoading') : periodText}</span>
        </p>
        <PeriodPicker period={period} onChange={(next) => void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...next })) as never })} />
      </div>

      <EconomicsBlockCard
        {...common}
        block="summary"
        state={summary}
        title={et('summary')}
        description={et('summaryHint', { period: `${f.day(period.from)} – ${f.day(period.to)}` })}
        csvLabel={et('summary')}
        lines={4}
      >
        {(data) => <SummaryCards summary={data} programId={programId} canSetPointValue={can('program:update')} />}
      </EconomicsBlockCard>

      <EconomicsBlockCard {...common} block="earn_burn" state={earnBurn} title={et('earnBurn')} description={et('earnBurnHint')} csvLabel={et('earnBurn')}>
        {(data) => <EarnBurnView data={data} period={period} />}
      </EconomicsBlockCard>

      <EconomicsBlockCard {...common} block="forecast" state={forecast} title={et('forecast')} description={et('forecastHint')} csvLabel={et('forecast')}>
        {(data) => <ForecastView data={data} />}
      </EconomicsBlockCard>

      <EconomicsBlockCard {...common} block="retention" state={retention} title={et('retention')} description={et('retentionHint')} csvLabel={et('retention')}>
        {(data) => <RetentionGrid data={data} />}
      </EconomicsBlockCard>

      <div className="dashboard-row">
        <EconomicsBlockCard {...common} block="participation" state={participation} title={et('participation')} description={et('participationHint')} csvLabel={et('participation')}>
          {(data) => <ParticipationView data={data} />}
        </EconomicsBlockCard>
        <EconomicsBlockCard {...common} block="tiers" state={tiers} title={et('tiers')} description={et('tiersHint')} csvLabel={et('tiers')}>
          {(data) => <TiersView data={data} />}
        </EconomicsBlockCard>
      </div>
    </div>
  )
}
