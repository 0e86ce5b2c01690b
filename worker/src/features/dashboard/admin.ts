import { consoleRoutes } from '../console/console-router'
import { programPerformanceMetrics } from './metrics'

/** Dashboard JSON calls (admin-console-part-a.md section 7, Dashboard). Mounted at /admin/v2. */
export const dashboardConsole = consoleRoutes().get('/programs/:program_id/dashboard/program_performance_metrics', ['dashboard', 'view'], async (c) =>
  c.json({ data: await programPerformanceMetrics(c.var.deps.db, c.var.program.id, c.var.deps.clock.now()) }),
)
