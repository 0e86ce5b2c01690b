import { useQuery } from '@tanstack/react-query'
import type { ImportJobReport, ParticipantImportOptions } from '../../../../../sdk/contract/console/participants'
import { adminClient } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ImportJobReport, ParticipantImportOptions }

export const importTemplateUrl = (programId: number) => adminClient().participants.importTemplateUrl(programId)

export const uploadImport = (programId: number, file: File, options: ParticipantImportOptions) =>
  adminClient().participants.import(programId, file, options, file.name)

const RUNNING = new Set(['uploading', 'queued', 'running'])

/** The import's progress and its failed lines; asks again every second while it runs. */
export function useImportJob(programId: number, jobId: number | null) {
  return useQuery({
    queryKey: programKey(programId, 'participants', 'imports', jobId),
    queryFn: ({ signal }) => adminClient().participants.importJob(programId, jobId!, { per_page: 100 }, signal),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !RUNNING.has(query.state.data.data.status) ? false : 1000),
  })
}

export const isRunning = (report: ImportJobReport | undefined) => !report || RUNNING.has(report.data.status)
