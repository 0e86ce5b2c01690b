import type { PerformanceMetrics } from '../../../../../sdk/src/resources/admin'
import { adminClient } from '../../../lib/api-client'
import { useRequest } from '../../../lib/use-request'

export type { PerformanceMetrics }

/** GET /admin/v2/programs/{id}/dashboard/program_performance_metrics ("recent" = last 30 days). */
export async function getProgramMetrics(programId: number): Promise<PerformanceMetrics> {
  const res = await adminClient().programs.metrics(programId)
  return res.data
}

export const useProgramMetrics = (programId: number) =>
  useRequest(`program-metrics:${programId}`, () => getProgramMetrics(programId))
