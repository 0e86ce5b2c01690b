import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { dashboardActionsQuerySchema } from '../../../../sdk/contract/console/dashboard'
import { adminProgramPermissions } from '../../db/schema'
import type { AppEnv } from '../../env'
import { forbidden } from '../../lib/errors'
import { parseQuery } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { can } from '../console/permissions'
import { listDashboardActions, streamActionsCsv } from './action-table'
import { latestActions, latestUsers } from './latest'
import { programPerformanceMetrics, usersGrowth } from './metrics'
import { utcDay } from './people'
import { topUsersAllTime, topUsersLast30Days } from './top-users'

/**
 * Exporting tables needs users manage OR challenges manage (spec section 6). A route declares one
 * permission, so the export route declares dashboard view (it is the dashboard's table) and checks
 * the "either" here, with the same can() the route guard uses.
 */
async function assertMayExport(c: Context<AppEnv>) {
  const admin = c.get('admin')!
  const scope = c.get('scope')
  const grants = await scope.db
    .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
    .from(adminProgramPermissions)
    .where(scope.where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, admin.id)))
  const program = c.get('program')
  if (!can(admin, program, grants, 'users', 'manage') && !can(admin, program, grants, 'challenges', 'manage')) {
    throw forbidden('Exporting tables needs users manage or challenges manage')
  }
}

const now = (c: Context<AppEnv>) => c.get('deps').clock.now()

/** Dashboard JSON calls (admin-console-part-a.md section 7, Dashboard), each answering `{ data }`. Mounted at /admin/v2. */
export const dashboardConsole = consoleRoutes()
  .get('/programs/:program_id/dashboard/program_performance_metrics', ['dashboard', 'view'], async (c) =>
    c.json({ data: await programPerformanceMetrics(c.get('scope'), now(c)) }),
  )
  .get('/programs/:program_id/dashboard/users_growth', ['dashboard', 'view'], async (c) => c.json({ data: await usersGrowth(c.get('scope'), now(c)) }))
  .get('/programs/:program_id/dashboard/top_users_all_time', ['dashboard', 'view'], async (c) => c.json({ data: await topUsersAllTime(c.get('scope')) }))
  .get('/programs/:program_id/dashboard/top_users_this_month', ['dashboard', 'view'], async (c) =>
    c.json({ data: await topUsersLast30Days(c.get('scope'), now(c)) }),
  )
  .get('/programs/:program_id/dashboard/latest_users', ['dashboard', 'view'], async (c) => c.json({ data: await latestUsers(c.get('scope')) }))
  .get('/programs/:program_id/dashboard/latest_actions', ['dashboard', 'view'], async (c) => c.json({ data: await latestActions(c.get('scope')) }))
  .get('/programs/:program_id/dashboard/actions', ['dashboard', 'view'], async (c) =>
    c.json(await listDashboardActions(c.get('scope'), parseQuery(c, dashboardActionsQuerySchema))),
  )
  .get('/programs/:program_id/dashboard/actions.csv', ['dashboard', 'view'], async (c) => {
    const query = parseQuery(c, dashboardActionsQuerySchema)
    await assertMayExport(c)
    const kind = query.actionable_type === 'Challenge' ? 'challenges' : query.actionable_type === 'Reward' ? 'rewards' : 'actions'
    const name = `${kind}-${c.get('program').publicKey}-${utcDay(now(c))}.csv`.replace(/[^A-Za-z0-9._-]/g, '_')
    return new Response(streamActionsCsv(c.get('scope'), query.actionable_type), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    })
  })
