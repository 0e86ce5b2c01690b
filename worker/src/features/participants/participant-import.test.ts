import { and, count, eq, isNotNull, like, max, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ImportJob, ImportJobReport } from '../../../../sdk/contract/console/participants'
import { importJobRows, importJobs, participantActions, participantProfileAttributes, participantTags, participants, pointsLedger } from '../../db/schema'
import { configFromEnv } from '../../config'
import { programScope } from '../../db/scope'
import { onD1 } from '../../../test/test-database'
import type { Db } from '../../db/client'
import { makeTestApp, type TestBrowser } from '../../../test/helpers'
import { importsSettled, processImportChunk, resumeImports, STALLED_AFTER_MS } from './import-runner'
import { startImport } from './participant-import'
import { addPeople, consoleAs, programByKey } from './participants-fixtures'

type T = Awaited<ReturnType<typeof makeTestApp>>
type Fail = { status: number; body: { message: string; error: { fields: Record<string, string> } } }

const upload = (admin: TestBrowser, programId: number, file: Blob | string, name = 'members.csv', fields: Record<string, string> = { email: 'replace', points: 'replace' }) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('csv_file', typeof file === 'string' ? new Blob([file], { type: 'text/csv' }) : file, name)
  return admin.json<{ success: boolean; data: ImportJob }>(`/admin/v2/programs/${programId}/participants/import`, { method: 'POST', body: form })
}

/**
 * The big file's data lines: 2,000 on both databases, twenty chunks of every statement the import
 * sends, with the bad lines at the same fractions of the file. The 10,000-line file is `npm run
 * bench:import` (bench/import.ts), where speed is measured; here it was the longest test of each half
 * (40 s of a loaded machine on libSQL) and proved nothing 2,000 lines do not.
 */
const LINES = 2_000
/** A line of the big file at a fraction of its length: the same bad lines at any size. */
const at = (fraction: number) => Math.floor(LINES * fraction)

/** LINES data lines, with the bad ones at known lines (the header is line 1). */
function bigFile() {
  const lines = ['email,first_name,last_name,points,tags,city']
  const bad = new Map<number, string>()
  for (let i = 0; i < LINES; i++) {
    const line = i + 2
    let row = `user${i}@example.com,First${i},Last${i},${i % 500},${i % 10 === 0 ? '"vip,gold"' : ''},City${i}`
    if (i % 997 === 1) [row] = [`not-an-email-${i},Bad,Row,5,,`, bad.set(line, 'email')]
    else if (i % 1499 === 2) [row] = [`user${i}@example.com,First${i},Last${i},-5,,`, bad.set(line, 'points')]
    else if (i === at(0.4321)) [row] = [`user${i}@example.com,First${i},Last${i},lots,,`, bad.set(line, 'points')]
    else if (i === at(0.5)) [row] = [`user3@example.com,Again,Dup,1,,`, bad.set(line, 'email')]
    else if (i === at(0.6)) [row] = [`user${i}@example.com,Too,Many,1,,x,extra`, bad.set(line, 'line')]
    else if (i === at(0.7)) [row] = [`user${i}@example.com,Long,Tag,1,${'t'.repeat(51)},`, bad.set(line, 'tags')]
    lines.push(row)
  }
  return { text: `${lines.join('\r\n')}\r\n`, bad }
}

async function counts(t: T, programId: number) {
  const scope = programScope(t.db, programId)
  const [version] = await t.db.select({ v: max(participants.rowVersion) }).from(participants).where(eq(participants.programId, programId))
  return {
    participants: await scope.count(participants),
    ledger: await scope.count(pointsLedger, like(pointsLedger.idempotencyKey, 'import:%')),
    actions: await scope.count(participantActions),
    tags: await scope.count(participantTags),
    rowVersion: version?.v ?? 0,
  }
}

async function report(admin: TestBrowser, programId: number, jobId: number, page = 1) {
  return (await admin.json<ImportJobReport>(`/admin/v2/programs/${programId}/participants/imports/${jobId}?per_page=500&page=${page}`)).body
}

describe('participant import (Node, in-process)', () => {
  it('imports 2,000 lines: good ones exactly once, each bad one reported by line and field; the same file again changes nothing', async () => {
    // Programs, tiers and rewards cached as in production (tests default to no cache), so the run
    // measures the import rather than 2,000 reloads of the catalog.
    const t = await makeTestApp({ config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' }), cacheTtlMs: 5000 } })
    const demo = await programByKey(t, 'demo')
    await addPeople(t, demo.id, [{ email: 'user5@example.com', first: 'Old', last: 'Name' }])
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const { text, bad } = bigFile()
    const clock = performance.now()
    const started = await upload(admin, demo.id, text)
    expect(started.status).toBe(202)
    expect(started.body.data).toMatchObject({ total_rows: LINES, failed_rows: bad.size })
    await importsSettled(t.deps)
    console.log(`${LINES}-line import: ${Math.round(performance.now() - clock)} ms`)
    const done = await report(admin, demo.id, started.body.data.id)
    expect(done.data).toMatchObject({ status: 'done', total_rows: LINES, processed_rows: LINES, imported_rows: LINES - bad.size, failed_rows: bad.size, skipped_rows: 0 })
    expect(done.errors.map((e) => [e.line, e.field])).toEqual([...bad].sort((a, b) => a[0] - b[0]))
    expect(done.errors.find((e) => e.line === at(0.5) + 2)!.reason).toBe('appears again (first on line 5)')

    const after = await counts(t, demo.id)
    expect(after.participants).toBe(LINES - bad.size) // one per good line: user5 existed, the rest are new
    const user5 = (await t.db.select().from(participants).where(and(eq(participants.programId, demo.id), eq(participants.email, 'user5@example.com'))))[0]!
    expect(user5).toMatchObject({ firstName: 'First5', lastName: 'Last5', unusedPoints: 5 })
    const user10 = (await t.db.select().from(participants).where(eq(participants.email, 'user10@example.com')))[0]!
    expect(user10.unusedPoints).toBe(10)
    expect((await t.db.select().from(participantTags).where(eq(participantTags.participantId, user10.id))).map((r) => r.tag).sort()).toEqual(['gold', 'vip'])
    // metric defaults to ignore: the city column is not written.
    expect(await programScope(t.db, demo.id).count(participantProfileAttributes)).toBe(0)
    // Every balance equals its ledger.
    const [mismatch] = await t.db.select({ n: count() }).from(participants).where(sql`${participants.programId} = ${demo.id} AND ${participants.unusedPoints} <> (SELECT coalesce(sum(delta), 0) FROM points_ledger l WHERE l.participant_id = ${participants.id})`)
    expect(mismatch!.n).toBe(0)
    // Everyone whose points reach a tier is in it, with one tier_changed action each (recomputeTiers, a chunk at a time).
    const [tiered] = await t.db.select({ n: count() }).from(participants).where(and(eq(participants.programId, demo.id), isNotNull(participants.tierId)))
    expect(tiered!.n).toBeGreaterThan(LINES / 10)
    expect(await programScope(t.db, demo.id).count(participantActions, eq(participantActions.actionType, 'tier_changed'))).toBe(tiered!.n)

    const again = await upload(admin, demo.id, text)
    await importsSettled(t.deps)
    expect((await report(admin, demo.id, again.body.data.id)).data).toMatchObject({ status: 'done', imported_rows: LINES - bad.size })
    expect(await counts(t, demo.id)).toEqual(after)
    // On D1 in workerd every statement is a local round trip: some 800 for the two files (a chunk's tiers
    // are one batch), under a minute on a loaded 2-core machine.
  }, onD1 ? 300_000 : 120_000)

  it('applies each strategy as documented', async () => {
    const t = await makeTestApp()
    const demo = await programByKey(t, 'demo')
    const [keep] = await addPeople(t, demo.id, [{ email: 'keep@example.com', first: 'Keep', last: 'Me', tags: ['old'] }])
    await programScope(t.db, demo.id).insert(pointsLedger, { participantId: keep!.id, delta: 30, kind: 'earn', source: 'admin', title: 'seed', idempotencyKey: 'seed-keep' })
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const file = 'email,first_name,last_name,points,tags,city\r\nkeep@example.com,New,Name,20,"new, other",Porto\r\nfresh@example.com,Fresh,One,7,new,=cmd\r\n'
    const run = async (fields: Record<string, string>) => {
      const job = await upload(admin, demo.id, file, 'strategies.csv', fields)
      await importsSettled(t.deps)
      return (await report(admin, demo.id, job.body.data.id)).data
    }
    const row = async () => (await t.db.select().from(participants).where(eq(participants.id, keep!.id)))[0]!
    const tagsOf = async (id: number) => (await t.db.select().from(participantTags).where(eq(participantTags.participantId, id))).map((r) => r.tag).sort()
    // email ignore: the existing participant is skipped, the new one is created.
    expect(await run({ email: 'ignore', points: 'add' })).toMatchObject({ imported_rows: 1, skipped_rows: 1 })
    expect(await row()).toMatchObject({ firstName: 'Keep', unusedPoints: 30 })
    // add: points are earned on top; tags add; naming ignore keeps the name; metric replace writes attributes.
    expect(await run({ email: 'replace', points: 'add', tags: 'add', naming: 'ignore', metric: 'replace' })).toMatchObject({ imported_rows: 2 })
    expect(await row()).toMatchObject({ firstName: 'Keep', unusedPoints: 50, points: 50 })
    expect(await tagsOf(keep!.id)).toEqual(['new', 'old', 'other'])
    const fresh = (await t.db.select().from(participants).where(eq(participants.email, 'fresh@example.com')))[0]!
    const attrs = await t.db.select().from(participantProfileAttributes).where(eq(participantProfileAttributes.participantId, fresh.id))
    expect(attrs.map((a) => [a.name, a.value])).toEqual([['city', '=cmd']])
    // replace: the balance becomes the file's value (a removal, lifetime points unchanged); tags replaced.
    const edited = 'email,points,tags\r\nkeep@example.com,12,solo\r\n'
    const job = await upload(admin, demo.id, edited, 'replace.csv', { email: 'replace', points: 'replace', tags: 'replace' })
    await importsSettled(t.deps)
    expect((await report(admin, demo.id, job.body.data.id)).data.imported_rows).toBe(1)
    expect(await row()).toMatchObject({ unusedPoints: 12, points: 50 })
    expect(await tagsOf(keep!.id)).toEqual(['solo'])
    // An exported import file (formula cells neutralised) reads back as the original text.
    const exported = await admin.request(`/admin/v2/programs/${demo.id}/participants.csv?type=import`)
    const back = await upload(admin, demo.id, await exported.blob(), 'participants.csv', { email: 'replace', points: 'replace', tags: 'replace', naming: 'replace', metric: 'replace' })
    await importsSettled(t.deps)
    expect((await report(admin, demo.id, back.body.data.id)).data).toMatchObject({ failed_rows: 0, imported_rows: 2 })
    expect((await t.db.select().from(participantProfileAttributes).where(eq(participantProfileAttributes.participantId, fresh.id)))[0]!.value).toBe('=cmd')
  }, 60_000)

  it('refuses a bad file whole (422 naming csv_file) and writes nothing', async () => {
    const t = await makeTestApp()
    const demo = await programByKey(t, 'demo')
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: 'text/csv' })
    const big = `email\r\n${'a'.repeat(5 * 1024 * 1024)}\r\n`
    const many = `email\r\n${Array.from({ length: 50_001 }, (_, i) => `m${i}@example.com`).join('\r\n')}\r\n`
    const cases: [Blob | string, string, RegExp][] = [
      [png, 'members.csv', /not a CSV file/],
      ['\u0000\u0001binary,email\r\n', 'members.csv', /binary/],
      [big, 'members.csv', /at most 5 MB/],
      [many, 'members.csv', /50,001 rows: at most 50,000 per file/],
      ['name,points\r\nAna,3\r\n', 'members.csv', /no email column/],
      ['email;points\r\na@example.com;3\r\n', 'members.csv', /comma-separated/],
      ['email,password\r\na@example.com,x\r\n', 'members.csv', /unknown column "password"/],
      ['email,first_name\r\na@example.com,"unclosed\r\n', 'members.csv', /not valid CSV/],
      ['email\r\n', 'members.csv', /no rows/],
      ['', 'members.csv', /empty/],
    ]
    for (const [file, name, reason] of cases) {
      const res = (await upload(admin, demo.id, file, name)) as unknown as Fail
      expect(res.status, String(reason)).toBe(422)
      expect(res.body.error.fields.csv_file, String(reason)).toMatch(reason)
    }
    const missing = (await admin.json(`/admin/v2/programs/${demo.id}/participants/import`, { method: 'POST', body: new FormData() })) as unknown as Fail
    expect(missing.status).toBe(422)
    const noStrategy = (await upload(admin, demo.id, 'email\r\na@example.com\r\n', 'x.csv', { points: 'replace' })) as unknown as Fail
    expect(noStrategy.body.error.fields.email).toBe('is required')
    const wrongStrategy = (await upload(admin, demo.id, 'email\r\na@example.com\r\n', 'x.csv', { email: 'merge', points: 'replace' })) as unknown as Fail
    expect(wrongStrategy.body.error.fields.email).toBe('Email strategy must be one of replace, ignore')
    expect(await t.db.select({ n: count() }).from(importJobs)).toEqual([{ n: 0 }])
    expect(await t.db.select({ n: count() }).from(importJobRows)).toEqual([{ n: 0 }])
    expect(await programScope(t.db, demo.id).count(participants)).toBe(0)
  }, 60_000)

  it('resumes pending lines after a restart (a lost message, a stopped process)', async () => {
    const t = await makeTestApp({ enqueueImport: async () => {} }) // the message is lost
    const demo = await programByKey(t, 'demo')
    const scope = programScope(t.db, demo.id)
    const file = new Blob([`email,points\r\n${Array.from({ length: 600 }, (_, i) => `r${i}@example.com,${i + 1}`).join('\r\n')}\r\n`])
    const job = await startImport(scope, t.deps, { file, options: { email: 'replace', points: 'replace', tags: 'replace', naming: 'replace', metric: 'ignore' }, adminUserId: 1 })
    expect(job.status).toBe('queued')
    expect(await processImportChunk(t.deps, job.id, 250)).toBe('more') // then the process stops
    // A new process on the same database: its start-up sweep picks the job up.
    const restarted = { ...t.deps, enqueueImport: undefined }
    expect(await resumeImports(restarted, 0)).toEqual([job.id])
    await importsSettled(restarted)
    const [row] = await t.db.select().from(importJobs).where(eq(importJobs.id, job.id))
    expect(row).toMatchObject({ status: 'done', importedRows: 600, failedRows: 0, processedRows: 600 })
    expect(await scope.count(pointsLedger, like(pointsLedger.idempotencyKey, 'import:%'))).toBe(600)
    expect(await resumeImports(restarted, 0)).toEqual([])
  })

  it('the sweep leaves a live job to its runner, and takes a stalled one over once however many sweeps race', async () => {
    const enqueued: number[] = []
    const t = await makeTestApp({ enqueueImport: async (jobId) => void enqueued.push(jobId) }) // messages that never run
    const demo = await programByKey(t, 'demo')
    const file = new Blob([`email,points\r\n${Array.from({ length: 30 }, (_, i) => `s${i}@example.com,${i + 1}`).join('\r\n')}\r\n`])
    const job = await startImport(programScope(t.db, demo.id), t.deps, { file, options: { email: 'replace', points: 'replace', tags: 'replace', naming: 'replace', metric: 'ignore' }, adminUserId: 1 })
    expect(enqueued).toEqual([job.id])
    // Live: touched within its lease, and every chunk renews it.
    t.clock.advance(STALLED_AFTER_MS - 1)
    expect(await resumeImports(t.deps)).toEqual([])
    expect(await processImportChunk(t.deps, job.id, 10)).toBe('more')
    t.clock.advance(STALLED_AFTER_MS - 1)
    expect(await resumeImports(t.deps)).toEqual([])
    // Its runner died: once the lease is over, of three sweeps at once one takes it, and the next waits a lease again.
    t.clock.advance(1)
    const taken = await Promise.all([resumeImports(t.deps), resumeImports(t.deps), resumeImports(t.deps)])
    expect(taken.flat()).toEqual([job.id])
    expect(enqueued).toEqual([job.id, job.id])
    expect(await resumeImports(t.deps)).toEqual([])
    // The taken-over job runs to its end (here in-process, as the Node entry runs it).
    const restarted = { ...t.deps, enqueueImport: undefined }
    t.clock.advance(STALLED_AFTER_MS)
    expect(await resumeImports(restarted)).toEqual([job.id])
    await importsSettled(restarted)
    expect((await t.db.select().from(importJobs).where(eq(importJobs.id, job.id)))[0]).toMatchObject({ status: 'done', importedRows: 30 })
  })

  it('an upload slower than the sweep allows stays failed: its late end does not queue it', async () => {
    const t = await makeTestApp({ enqueueImport: async () => {} })
    const demo = await programByKey(t, 'demo')
    // While the lines are stored, the sweep finds the upload abandoned (ten minutes without a word).
    let swept = false
    const db = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'batch')
          return async (statements: never) => {
            const result = await target.batch(statements)
            if (!swept) {
              swept = true
              t.clock.advance(10 * 60_000 + 1)
              await resumeImports(t.deps)
            }
            return result
          }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    }) as Db
    const file = new Blob(['email,points\r\nslow@example.com,1\r\n'])
    const job = await startImport(programScope(db, demo.id), { ...t.deps, db }, { file, options: { email: 'replace', points: 'replace', tags: 'replace', naming: 'replace', metric: 'ignore' }, adminUserId: 1 })
    expect(swept).toBe(true)
    expect(job.status).toBe('failed')
    expect((await t.db.select().from(importJobs).where(eq(importJobs.id, job.id)))[0]).toMatchObject({ status: 'failed', error: 'The upload did not finish; please upload the file again.' })
  })
})
