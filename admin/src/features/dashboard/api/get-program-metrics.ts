import { useQuery } from '@tanstack/react-query'
import type { PerformanceMetrics } from '../../../../../sdk/contract/console/dashboard'
import { adminClient } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { PerformanceMetrics }

/** GET /admin/v2/programs/{id}/dashboard/program_performance_metrics ("recent" = last 30 days). */
export async function getProgramMetrics(programId: number, signal?: AbortSignal): Promise<PerformanceMetrics> {
  return (await adminClient().dashboard.metrics(programId, signal)).data
}

export const useProgramMetrics = (programId: number) =>
  useQuery({ queryKey: programKey(programId, 'dashboard', 'metrics'), queryFn: ({ signal }) => getProgramMetrics(programId, signal) })
