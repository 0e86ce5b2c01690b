// Types only: a value import from the contract would bring zod into every bundle that imports the SDK (the widgets).
import type {
  ActionTableType,
  DashboardAction,
  DashboardActionsPage,
  LatestUser,
  PerformanceMetrics,
  TopUser,
  UsersGrowthPoint,
} from '../../contract/console/dashboard'
import type { Transport } from '../transport'

const dashboardPath = (programId: number, name: string) => `/admin/v2/programs/${programId}/dashboard/${name}`

export type DashboardActionsParams = { type?: ActionTableType; page?: number; per_page?: number }

const filterOf = (type: ActionTableType | undefined) => (type === 'rewards' ? 'Reward' : type === 'challenges' ? 'Challenge' : undefined)

/** The query of an action table: `type` and its `columnFilters[actionable_type]`, as the spec's calls send them. */
const actionQuery = (params: DashboardActionsParams) => ({
  type: params.type,
  'columnFilters[actionable_type]': filterOf(params.type),
  page: params.page,
  per_page: params.per_page,
})

/**
 * The console dashboard (admin-console-part-a.md section 7, Dashboard). Each call answers `{ data }`.
 * @example
 * const admin = createAdminClient()
 * const { data } = await admin.dashboard.metrics(programId)
 * const page = await admin.dashboard.actions(programId, { type: 'rewards', page: 2 })
 * location.href = admin.dashboard.actionsCsvUrl(programId, 'rewards') // Export Table
 */
export class ConsoleDashboardResource {
  constructor(private readonly t: Transport) {}
  metrics(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: PerformanceMetrics }>(dashboardPath(programId, 'program_performance_metrics'), signal ? { signal } : {})
  }
  usersGrowth(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: UsersGrowthPoint[] }>(dashboardPath(programId, 'users_growth'), signal ? { signal } : {})
  }
  topUsersAllTime(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: TopUser[] }>(dashboardPath(programId, 'top_users_all_time'), signal ? { signal } : {})
  }
  /** 'Top Users From Last 30 days'. */
  topUsersThisMonth(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: TopUser[] }>(dashboardPath(programId, 'top_users_this_month'), signal ? { signal } : {})
  }
  latestUsers(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: LatestUser[] }>(dashboardPath(programId, 'latest_users'), signal ? { signal } : {})
  }
  latestActions(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: DashboardAction[] }>(dashboardPath(programId, 'latest_actions'), signal ? { signal } : {})
  }
  /** One page of the Actions, Challenges or Rewards table, newest first (20 a page by default). */
  actions(programId: number, params: DashboardActionsParams = {}, signal?: AbortSignal) {
    return this.t.get<DashboardActionsPage>(dashboardPath(programId, 'actions'), { query: actionQuery(params), ...(signal ? { signal } : {}) })
  }
  /** The URL of the table's CSV export, to open or link (the session cookie authenticates it). */
  actionsCsvUrl(programId: number, type?: ActionTableType) {
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(actionQuery({ type }))) if (v !== undefined) query.set(k, String(v))
    const qs = query.toString()
    return `${dashboardPath(programId, 'actions.csv')}${qs ? `?${qs}` : ''}`
  }
}
