import { useCurrentProgram } from '../../../lib/use-program'
import { LatestActionsBlock } from './latest-actions'
import { LatestUsersBlock } from './latest-users-carousel'
import { ProgramMetrics } from './program-metrics'
import { TopUsersBlock } from './top-users'
import { UsersGrowthBlock } from './users-growth-chart'

/**
 * programs/{program_id}/dashboard, Overview (spec section 2): the metric cards, the Users Growth
 * chart, the Latest Users carousel, Latest Actions (ticker and table) and the two top-users tables.
 * Every block has its own query: one that fails or is slow leaves the others be.
 */
export function DashboardOverview() {
  const { program } = useCurrentProgram()
  const programId = program.id
  return (
    <div className="dashboard-overview">
      <ProgramMetrics programId={programId} />
      <div className="dashboard-row dashboard-row-main">
        <UsersGrowthBlock programId={programId} />
        <LatestUsersBlock programId={programId} />
      </div>
      <LatestActionsBlock programId={programId} />
      <div className="dashboard-row">
        <TopUsersBlock programId={programId} period="last30Days" />
        <TopUsersBlock programId={programId} period="allTime" />
      </div>
    </div>
  )
}
