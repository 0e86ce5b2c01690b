import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import { importJobRows, importJobs, participants, programs } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { mapPerOwner } from '../../lib/cache'
import { afterParticipantsChange } from '../challenges/effects'
import { markLines, rowWrites } from './import-rows'
import { inIds } from '../../db/in-ids'
import { batch } from '../../db/batch'
import { programTakesWrites } from '../shards'

type Job = typeof importJobs.$inferSelect

/**
 * Lines per chunk. On Workers one chunk is one queue message, and one invocation may run at most 1,000
 * D1 queries: 50 lines write at most ~7 statements each plus the follow-ups. In-process (Node) chunks
 * are bigger; the event loop is given back between them.
 */
export const QUEUE_CHUNK_ROWS = 50
export const PROCESS_CHUNK_ROWS = 100
/**
 * A job untouched this long while queued or running has lost its runner: the sweep starts it again.
 * Every chunk renews it (decision 0034); a chunk is at most 100 lines, seconds of work, so two minutes
 * is far past the slowest honest one, and a runner slower than that only gets a second runner beside
 * it, which is safe (processImportChunk).
 */
export const STALLED_AFTER_MS = 2 * 60 * 1000
/** An upload that never finished storing its lines. */
const UPLOAD_ABANDONED_AFTER_MS = 10 * 60 * 1000

const otherThan = (status: 'pending') => ne(importJobRows.status, status)
const countOf = (jobId: number, status: SQLStatus) =>
  sql`(SELECT count(*) FROM ${importJobRows} WHERE ${importJobRows.jobId} = ${jobId} AND ${status === 'processed' ? otherThan('pending') : eq(importJobRows.status, status)})`
type SQLStatus = 'processed' | 'imported' | 'failed'

/** The job's counters, recounted from its lines (so a chunk applied twice never counts twice). */
async function recount(scope: ProgramScope, deps: Deps, jobId: number, finished: boolean) {
  const now = new Date(deps.clock.now())
  const counts = { processedRows: countOf(jobId, 'processed') as never, importedRows: countOf(jobId, 'imported') as never, failedRows: countOf(jobId, 'failed') as never }
  await scope.update(importJobs, finished ? { ...counts, status: 'done', finishedAt: now, updatedAt: now } : { ...counts, updatedAt: now }, and(eq(importJobs.id, jobId), inArray(importJobs.status, ['queued', 'running'])))
}

/**
 * Applies a chunk of pending lines: one batch for all of them; if it fails (one line conflicts), each
 * line again in its own batch, so one bad line fails alone with its reason. Then the tier and automatic
 * rewards of everyone whose points moved.
 */
async function applyLines(scope: ProgramScope, deps: Deps, job: Job, lines: (typeof importJobRows.$inferSelect)[]) {
  const emails = lines.map((l) => l.data.email!)
  const existing = new Map<string, ParticipantRow>((await scope.select(participants, inIds(participants.email, emails))).map((p) => [p.email, p]))
  const plans = lines.map((l) => rowWrites(scope, job, l, existing.get(l.data.email!)))
  const mark = (status: 'imported' | 'skipped', lineNos: number[]) => markLines(scope, job.id, status, lineNos)
  const moved = new Set<number>()
  const collect = (results: unknown[], offset: number, plan: (typeof plans)[number]) => {
    if (plan.ledgerIndex === null) return
    for (const r of (results[offset + plan.ledgerIndex] as { participantId: number }[] | undefined) ?? []) moved.add(r.participantId)
  }
  const imported = plans.filter((p) => !p.skip).map((p) => p.line)
  const skipped = plans.filter((p) => p.skip).map((p) => p.line)
  const all = plans.flatMap((p) => p.writes)
  try {
    const results = (await batch(deps.db, [...all, mark('imported', imported), mark('skipped', skipped)])) as unknown[]
    let offset = 0
    for (const plan of plans) {
      collect(results, offset, plan)
      offset += plan.writes.length
    }
  } catch {
    for (const plan of plans) {
      try {
        const results = (await batch(deps.db, [...plan.writes, mark(plan.skip ? 'skipped' : 'imported', [plan.line])])) as unknown[]
        collect(results, 0, plan)
      } catch (err) {
        const reason = `could not be saved: ${String((err as Error)?.message ?? err).replace(/\s+/g, ' ').slice(0, 160)}`
        await scope.update(importJobRows, { status: 'failed', error: { field: 'line', reason } }, and(eq(importJobRows.jobId, job.id), eq(importJobRows.lineNo, plan.line), eq(importJobRows.status, 'pending')))
      }
    }
  }
  if (!moved.size) return
  await afterParticipantsChange(scope, deps, [...moved])
}

/**
 * One step of an import: the next chunk of pending lines, or, when none is left, the final counts.
 * Answers `more` while lines remain. Safe to run twice at once (the queue and the sweep): every write
 * is idempotent and lines are marked only while still pending.
 */
export async function processImportChunk(deps: Deps, jobId: number, size: number): Promise<'more' | 'done' | 'gone' | 'paused'> {
  // A queue message names only the job; its row names the program, scoped from here on.
  const [found] = await deps.db
    .select({ job: importJobs, readOnly: programs.readOnly })
    .from(importJobs) // tenant-guard: allow (by job id)
    .innerJoin(programs, eq(programs.id, importJobs.programId))
    .where(eq(importJobs.id, jobId))
    .limit(1)
  const job = found?.job
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return 'gone'
  // A program being moved (or the old copy of a moved one) takes no writes: the job waits, and the stall
  // sweep runs it on from wherever the program then lives (its rows move with it).
  if (found.readOnly) return 'paused'
  const scope = programScope(deps.db, job.programId)
  if (job.status === 'queued') await scope.update(importJobs, { status: 'running', updatedAt: new Date(deps.clock.now()) }, and(eq(importJobs.id, job.id), eq(importJobs.status, 'queued')))
  const lines = await scope
    .select(importJobRows, and(eq(importJobRows.jobId, job.id), eq(importJobRows.status, 'pending')))
    .orderBy(asc(importJobRows.lineNo))
    .limit(size)
  if (!lines.length) {
    await recount(scope, deps, job.id, true)
    return 'done'
  }
  await applyLines(scope, deps, job, lines)
  await recount(scope, deps, job.id, false)
  return 'more'
}

/** Jobs this process is running in-process, per app: never two runners for one job here. */
const runnersOf = mapPerOwner<number, Promise<void>>()

/** Runs a job to the end in this process (Node), giving the event loop back between chunks. */
function runInProcess(deps: Deps, jobId: number): Promise<void> {
  const runners = runnersOf(deps)
  const running = runners.get(jobId)
  if (running) return running
  const run = (async () => {
    try {
      while ((await processImportChunk(deps, jobId, PROCESS_CHUNK_ROWS)) === 'more') await new Promise((r) => setTimeout(r, 0))
    } catch (err) {
      // The job stays running; the sweep starts it again once it looks stalled.
      deps.log?.(`[import] job ${jobId} stopped: ${(err as Error).message}`)
    } finally {
      runners.delete(jobId)
    }
  })()
  runners.set(jobId, run)
  return run
}

/** Starts a job in the background: a queue message on Workers, an in-process runner under Node. */
export async function scheduleImport(deps: Deps, jobId: number): Promise<void> {
  if (deps.enqueueImport) {
    try {
      await deps.enqueueImport(jobId)
      return
    } catch (err) {
      deps.log?.(`[import] enqueue failed, running in-process: ${(err as Error).message}`)
    }
  }
  void runInProcess(deps, jobId)
}

/** Workers' queue consumer: one chunk per message, then the next message while lines remain. */
export async function continueImportFromQueue(deps: Deps, jobId: number): Promise<void> {
  if ((await processImportChunk(deps, jobId, QUEUE_CHUNK_ROWS)) === 'more') await scheduleImport(deps, jobId)
}

/**
 * The sweep (Workers' cron, the Node entry at start and every minute): restarts queued or running jobs
 * nobody has touched for `stalledAfterMs` (a restart, a lost message), and fails uploads that never
 * finished storing their lines. A job's `updated_at` is its lease: every chunk moves it, so a live
 * job is never taken. Taking a stalled one moves it too, guarded by the value read, so of two sweeps
 * at once one restarts it (docs/decisions/0034).
 */
export async function resumeImports(deps: Deps, stalledAfterMs = STALLED_AFTER_MS): Promise<number[]> {
  const now = deps.clock.now()
  await deps.db
    .update(importJobs) // tenant-guard: allow — the sweep covers every program's jobs, by status and age only.
    .set({ status: 'failed', error: 'The upload did not finish; please upload the file again.', finishedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(importJobs.status, 'uploading'), lt(importJobs.updatedAt, new Date(now - UPLOAD_ABANDONED_AFTER_MS))))
  const stalled = await deps.db
    .select({ id: importJobs.id, updatedAt: importJobs.updatedAt })
    .from(importJobs) // tenant-guard: allow — as above.
    .where(and(inArray(importJobs.status, ['queued', 'running']), lt(importJobs.updatedAt, new Date(now - stalledAfterMs + 1)), programTakesWrites(importJobs.programId)))
  const taken: number[] = []
  for (const job of stalled) {
    const [took] = await deps.db
      .update(importJobs) // tenant-guard: allow — as above, one job by id.
      .set({ updatedAt: new Date(now) })
      .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ['queued', 'running']), eq(importJobs.updatedAt, job.updatedAt)))
      .returning({ id: importJobs.id })
    if (!took) continue
    taken.push(job.id)
    await scheduleImport(deps, job.id)
  }
  return taken
}

/** Tests and shutdown: resolves when this process's in-process imports have finished. */
export async function importsSettled(deps: Deps): Promise<void> {
  const runners = runnersOf(deps)
  while (runners.size) await Promise.all([...runners.values()])
}
