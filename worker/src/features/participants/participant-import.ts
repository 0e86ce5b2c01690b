import { and, asc, desc, eq, ne } from 'drizzle-orm'
import { IMPORT_MAX_BYTES, type ImportJob, type ImportJobReport, type ParticipantImportOptions } from '../../../../sdk/contract/console/participants'
import { importJobRows, importJobs } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { csvFileError, readImportFile } from './import-file'
import { scheduleImport } from './import-runner'
import { activeProfileAttributes } from './import-template'
import { batch } from '../../db/batch'

/**
 * The import upload may be larger than the app's 1 MB body limit (app.ts reads this): the file's
 * 5 MB and room for the multipart framing and the five choices. Past it, the same csv_file 422.
 */
export const IMPORT_UPLOAD = {
  path: /^\/admin\/v2\/programs\/[^/]+\/participants\/import$/,
  maxBodyBytes: IMPORT_MAX_BYTES + 64 * 1024,
  tooLarge: (): never => {
    throw csvFileError(`must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`)
  },
}

/** Rows per insert statement (6 values each: D1 binds at most 100 per statement) and per batch. */
const ROWS_PER_STATEMENT = 15
const STATEMENTS_PER_BATCH = 30

const fileNameOf = (file: unknown) => {
  const name = typeof (file as File)?.name === 'string' ? (file as File).name : 'participants.csv'
  // Only a label for the report: no path, no control characters.
  return name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001F\u007F]/g, '').slice(0, 200) || 'participants.csv'
}

/**
 * POST .../participants/import: checks the whole file first (a bad file writes nothing), then stores the
 * job and every line in batches (lines that fail their checks already carry their reason), marks the
 * job queued and hands it to the background (Queue on Workers, in-process under Node). Answers the job.
 */
export async function startImport(scope: ProgramScope, deps: Deps, input: { file: unknown; options: ParticipantImportOptions; adminUserId: number }): Promise<ImportJob> {
  const attributes = (await activeProfileAttributes(scope)).map((a) => a.name)
  const parsed = await readImportFile(input.file, attributes, input.options)
  const failed = parsed.rows.filter((r) => r.error).length
  const now = new Date(deps.clock.now())
  const [job] = await scope
    .insert(importJobs, {
      adminUserId: input.adminUserId,
      status: 'uploading',
      options: input.options,
      fileName: fileNameOf(input.file),
      fileHash: parsed.hash,
      totalRows: parsed.rows.length,
      processedRows: failed,
      failedRows: failed,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  const statements = []
  for (let i = 0; i < parsed.rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      scope.insert(
        importJobRows,
        parsed.rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({ jobId: job!.id, lineNo: r.line, data: r.data, status: r.error ? ('failed' as const) : ('pending' as const), error: r.error ? { field: r.error.field, reason: r.error.reason } : null })),
      ),
    )
  }
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await batch(deps.db, statements.slice(i, i + STATEMENTS_PER_BATCH))
  }
  // Only while still uploading: an upload slower than the sweep's patience was failed meanwhile, and stays so.
  const [queued] = await scope.update(importJobs, { status: 'queued', updatedAt: new Date(deps.clock.now()) }, and(eq(importJobs.id, job!.id), eq(importJobs.status, 'uploading'))).returning()
  if (!queued) return toImportJob((await scope.first(importJobs, eq(importJobs.id, job!.id)))!)
  await scheduleImport(deps, queued.id)
  return toImportJob(queued)
}

export function toImportJob(j: typeof importJobs.$inferSelect): ImportJob {
  return {
    id: j.id,
    status: j.status,
    file_name: j.fileName,
    options: j.options as ParticipantImportOptions,
    total_rows: j.totalRows,
    processed_rows: j.processedRows,
    imported_rows: j.importedRows,
    skipped_rows: Math.max(0, j.processedRows - j.importedRows - j.failedRows),
    failed_rows: j.failedRows,
    error: j.error,
    created_at: j.createdAt.toISOString(),
    finished_at: j.finishedAt?.toISOString() ?? null,
  }
}

/** GET .../participants/imports/{job_id}: the job and a page of its failed lines, by line number. */
export async function importReport(scope: ProgramScope, jobId: number, paging: { page: number; per_page: number }): Promise<ImportJobReport> {
  const job = await scope.first(importJobs, eq(importJobs.id, jobId))
  if (!job) throw new AppError('not_found', 404, 'Import not found', { job_id: 'not found' })
  const failedRows = and(eq(importJobRows.jobId, job.id), eq(importJobRows.status, 'failed'))
  const [total, rows] = await Promise.all([
    scope.count(importJobRows, failedRows),
    scope
      .select(importJobRows, failedRows)
      .orderBy(asc(importJobRows.lineNo))
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page),
  ])
  return {
    data: toImportJob(job),
    errors: rows.map((r) => ({ line: r.lineNo, field: r.error?.field ?? 'line', reason: r.error?.reason ?? 'failed' })),
    errors_meta: { ...paging, total, total_pages: Math.ceil(total / paging.per_page) },
  }
}

/** The program's latest imports, newest first (the dialog shows the one running). */
export async function recentImports(scope: ProgramScope, limit = 10): Promise<ImportJob[]> {
  const rows = await scope.select(importJobs, ne(importJobs.status, 'uploading')).orderBy(desc(importJobs.id)).limit(limit)
  return rows.map(toImportJob)
}
