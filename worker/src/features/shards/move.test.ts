import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminTags, apiKeyDirectory, challenges, devMailbox, importJobs, outbox, participants, pointsLedger, programMoves, programs } from '../../db/schema'
import { createD1Db, type Db } from '../../db/client'
import { d1OverHttp } from '../../db/d1-http'
import { serveD1HttpApi } from '../../../local/d1-http-local'
import { programScope } from '../../db/scope'
import { makeAdmin, makeProgram } from '../../../test/console-fixtures'
import { migrationCheck, NEWEST_MIGRATION } from '../../db/migration-check'
import { openTestDatabase } from '../../../test/test-database'
import { deliverOutbox } from '../webhooks/outbox'
import { processImportChunk, resumeImports } from '../participants/import-runner'
import { abortMove, confirmMove, moveProgram } from './move'
import { type ShardedWorld, shardedWorld, signUpOn } from './shards-fixtures'

/**
 * Moving a program between shards (decision 0041, features/shards/move.ts), on libSQL and on D1: the
 * demo program starts on shard 2 with a participant who earned points and a server API key; it moves to
 * control and back, each time with every row, id and session intact, writes refused while it moves,
 * and the old copy kept until confirmed. A stop at any table resumes; a move that would collide on ids
 * changes nothing.
 */

const dbs = (w: ShardedWorld): Db[] => [w.control.db, w.shard2.db]

/** What a program has on a database: participants (id, email, points) and ledger rows. */
async function holdings(db: Db, programId: number) {
  const scope = programScope(db, programId)
  const people = await db.select({ id: participants.id, email: participants.email, points: participants.points }).from(participants).where(eq(participants.programId, programId)).orderBy(participants.id) // tenant-guard: allow (a program's own rows)
  return { people, ledger: await scope.count(pointsLedger) }
}

async function world() {
  const w = await shardedWorld()
  const [org] = await w.control.db.select({ id: programs.organizationId }).from(programs).where(eq(programs.id, w.demo.id))
  const admin = await w.consoleAs((await makeAdmin(w.control, { organizationId: org!.id, organizationAdmin: true })).id)
  const ana = await signUpOn(w, 'ana.move@example.com')
  const submitted = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' }, headers: ana.headers })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
  // A server API key, made in the console (listed on control for the shard-2 program).
  const expires = new Date(w.control.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  const made = await admin.json<{ data: { api_key: string } }>(`/admin/v2/programs/${w.demo.id}/api_auths`, { json: { name: 'Move test', expires_at: expires } })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return { w, admin, ana, apiKey: made.body.data.api_key, orgId: org!.id }
}

const directoryShard = async (w: ShardedWorld, id: number) => (await w.control.db.select({ shard: programs.shard }).from(programs).where(eq(programs.id, id)))[0]!.shard

describe('moving a program between shards', () => {
  it('moves the demo program to control and back with every row and id; sessions, the console and API keys follow it', async () => {
    const { w, admin, ana, apiKey } = await world()
    const before = await holdings(w.shard2.db, w.demo.id)
    expect(before.people.some((p) => p.email === 'ana.move@example.com' && p.points > 0)).toBe(true)
    const lines: string[] = []

    const moved = await moveProgram(dbs(w), w.demo.id, 1, { settleMs: 0, log: (l) => lines.push(l) })
    expect(moved).toMatchObject({ from: 2, to: 1, step: 'switched' })
    expect(moved.tables.participants!.rows).toBe(before.people.length)
    expect(await directoryShard(w, w.demo.id)).toBe(1)
    expect(await holdings(w.control.db, w.demo.id)).toEqual(before)
    expect(lines.join('\n')).toMatch(/every table has the same rows and checksum/)

    // Until the router's directory cache expires, it still sends the program to shard 2: the old copy
    // answers reads and refuses writes (to be retried), so nothing is written where it would be lost.
    expect((await ana.browser.json<{ id: number }>('/public/participant', { headers: ana.headers })).body).toMatchObject({ id: ana.id })
    const stale = await ana.browser.json<{ error: { code: string } }>('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' }, headers: ana.headers })
    expect([stale.status, stale.body.error.code]).toEqual([503, 'program_read_only'])
    w.freshRouter()

    // Ana's session, the console and the API key now reach control's copy, through the router.
    const me = await ana.browser.json<{ id: number; points: number }>('/public/participant', { headers: ana.headers })
    expect(me.body).toMatchObject({ id: ana.id })
    const page = await admin.json<{ data: { email: string } }>(`/admin/v2/programs/${w.demo.id}/participants/${ana.id}`)
    expect(page.status).toBe(200)
    const api = await w.browser().json<{ email: string; points: number }>(`/api/v1/participants/${ana.id}`, { headers: { authorization: `Bearer ${apiKey}` } })
    expect(api.status, JSON.stringify(api.body)).toBe(200)
    expect(api.body.email).toBe('ana.move@example.com')
    // Writes land on control now.
    const again = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' }, headers: ana.headers })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await holdings(w.control.db, w.demo.id)).ledger).toBe(before.ledger + 1)

    // The old copy: kept, read-only (its row names the new shard).
    expect((await holdings(w.shard2.db, w.demo.id)).people).toEqual(before.people)
    const [old] = await w.shard2.db.select().from(programs).where(eq(programs.id, w.demo.id))
    expect(old).toMatchObject({ shard: 1 })
    expect(old!.readOnly).toMatch(/has moved to another database/)

    // Confirmed: the old copy is gone; control's copy untouched.
    await confirmMove(dbs(w), w.demo.id)
    expect((await holdings(w.shard2.db, w.demo.id)).people).toEqual([])
    expect(await w.shard2.db.select().from(programs).where(eq(programs.id, w.demo.id))).toEqual([])
    const onControl = await holdings(w.control.db, w.demo.id)
    expect(onControl.people).toEqual(expect.arrayContaining(before.people.map((p) => expect.objectContaining({ id: p.id, email: p.email }))))

    // And back to shard 2, from control (which keeps the program's directory row and its API key listing).
    const back = await moveProgram(dbs(w), w.demo.id, 2, { settleMs: 0 })
    expect(back).toMatchObject({ from: 1, to: 2, step: 'switched' })
    w.freshRouter()
    expect(await holdings(w.shard2.db, w.demo.id)).toEqual(onControl)
    await confirmMove(dbs(w), w.demo.id)
    expect(await w.control.db.select({ id: participants.id }).from(participants).where(eq(participants.programId, w.demo.id))).toEqual([]) // tenant-guard: allow (the moved program's rows)
    const [directory] = await w.control.db.select().from(programs).where(eq(programs.id, w.demo.id))
    expect(directory).toMatchObject({ shard: 2, readOnly: null })
    expect(await w.control.db.select().from(apiKeyDirectory).where(eq(apiKeyDirectory.programId, w.demo.id))).toHaveLength(1)
    expect((await ana.browser.json<{ id: number }>('/public/participant', { headers: ana.headers })).body).toMatchObject({ id: ana.id })
    expect((await w.browser().request(`/api/v1/participants/${ana.id}`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200)
  })

  it('refuses writes while the program is read-only (reads go on), and resumes after a stop at any table', async () => {
    const { w, ana, apiKey } = await world()
    const before = await holdings(w.shard2.db, w.demo.id)
    let checked = false
    // The wait for caches: the program is read-only by then. Its writes answer 503 with Retry-After; reads answer.
    const sleep = async () => {
      const write = await ana.browser.request('/public/challenges/submit', { method: 'POST', body: JSON.stringify({ challenge_id: 'coffee-origins' }), headers: { ...ana.headers, 'content-type': 'application/json' } })
      expect(write.status).toBe(503)
      expect(write.headers.get('retry-after')).toBe('60')
      expect(((await write.json()) as { error: { code: string } }).error.code).toBe('program_read_only')
      const apiWrite = await w.browser().request(`/api/v1/participants/${ana.id}/points`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': 'move-1' },
        body: JSON.stringify({ type: 'earn', amount: 5, reason: 'During the move' }),
      })
      expect(apiWrite.status).toBe(503)
      expect((await ana.browser.request('/public/participant', { headers: ana.headers })).status).toBe(200)
      checked = true
    }
    // Stopped after the third table with rows, as a killed process would stop.
    let copied = 0
    const stopAtThird = (line: string) => {
      if (/copied \w+ \(\d+ rows\)/.test(line) && ++copied === 3) throw new Error('killed')
    }
    await expect(moveProgram(dbs(w), w.demo.id, 1, { settleMs: 60_000, sleep, log: stopAtThird })).rejects.toThrow('killed')
    expect(checked).toBe(true)
    const [stopped] = await w.control.db.select().from(programMoves).where(eq(programMoves.programId, w.demo.id))
    expect(stopped).toMatchObject({ step: 'copying', fromShard: 2, toShard: 1 })
    expect(stopped!.nextTable).toBeGreaterThan(0)
    expect(await directoryShard(w, w.demo.id)).toBe(2)

    // Run again: it resumes at the table it stopped in, and finishes with everything.
    const lines: string[] = []
    await moveProgram(dbs(w), w.demo.id, 1, { settleMs: 60_000, sleep: async () => {}, log: (l) => lines.push(l) })
    w.freshRouter()
    expect(lines.filter((l) => /copied/.test(l)).length).toBeLessThan(copied + lines.length)
    expect(await holdings(w.control.db, w.demo.id)).toEqual(before)
    expect(await directoryShard(w, w.demo.id)).toBe(1)
    // Writable again where it now lives.
    const write = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' }, headers: ana.headers })
    expect(write.status, JSON.stringify(write.body)).toBe(200)
  })

  it('a run stopped before it refused writes refuses them when run again, and waits for caches from then', async () => {
    const { w } = await world()
    // As a run leaves it when stopped right after recording the move.
    await w.control.db.insert(programMoves).values({ programId: w.demo.id, fromShard: 2, toShard: 1, step: 'read_only' }) // tenant-guard: allow (the move records on control)
    let seen: { waited: number; readOnly: string | null } | undefined
    const sleep = async (ms: number) => {
      seen = { waited: ms, readOnly: (await w.shard2.db.select({ readOnly: programs.readOnly }).from(programs).where(eq(programs.id, w.demo.id)))[0]!.readOnly }
    }
    await moveProgram(dbs(w), w.demo.id, 1, { settleMs: 60_000, sleep })
    expect(seen!.waited).toBeGreaterThan(59_000)
    expect(seen!.readOnly).toMatch(/moving to another database/)
    expect(await directoryShard(w, w.demo.id)).toBe(1)
  })

  it("pauses the program's outbox and imports while it moves; the new shard sends each message once, the old copy never; confirm deletes in chunks", async () => {
    const { w } = await world()
    const mailTo = 'move.mail@example.com'
    const mails = async () => (await w.control.db.select().from(devMailbox).where(eq(devMailbox.to, mailTo))).length
    const [queued] = await w.shard2.db.insert(outbox).values({ programId: w.demo.id, topic: 'email', payload: { to: mailTo, from: 'x@example.com', subject: 'Queued before the move', text: 'Hello' } }).returning({ id: outbox.id })
    // An import that was running when the move began.
    const [job] = await programScope(w.shard2.db, w.demo.id).insert(importJobs, { fileName: 'm.csv', fileHash: 'move-test', status: 'running', options: {}, updatedAt: new Date(w.control.clock.now() - 3_600_000) }).returning({ id: importJobs.id })
    const state = async (db: Db) => (await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, queued!.id)))[0]?.status
    // While the program is read-only, the sweep and the in-process deliverer of its shard leave the row, and no import runs.
    const sleep = async () => {
      await deliverOutbox(w.shard2.deps)
      await deliverOutbox(w.shard2.deps, [queued!.id])
      expect(await state(w.shard2.db)).toBe('pending')
      expect(await processImportChunk(w.shard2.deps, job!.id, 10)).toBe('paused')
      expect(await resumeImports(w.shard2.deps, 0)).not.toContain(job!.id)
    }
    await moveProgram(dbs(w), w.demo.id, 1, { settleMs: 60_000, sleep })
    w.freshRouter()
    expect(await mails()).toBe(0)
    // The old copy never sends it; the new shard does, once.
    await deliverOutbox(w.shard2.deps)
    expect(await state(w.shard2.db)).toBe('pending')
    await deliverOutbox(w.control.deps)
    await deliverOutbox(w.control.deps)
    expect([await state(w.control.db), await mails()]).toEqual(['delivered', 1])
    expect(await resumeImports(w.control.deps, 0)).toContain(job!.id)

    // Confirm, three rows a statement: every table of the old copy emptied chunk by chunk.
    const oldChallenges = await programScope(w.shard2.db, w.demo.id).count(challenges)
    expect(oldChallenges).toBeGreaterThan(6)
    const lines: string[] = []
    await confirmMove(dbs(w), w.demo.id, { deleteChunkRows: 3, log: (l) => lines.push(l) })
    expect(lines).toContain(`program ${w.demo.id}: deleted its challenges in ${Math.ceil(oldChallenges / 3)} statements`)
    expect(await programScope(w.shard2.db, w.demo.id).count(challenges)).toBe(0)
    expect((await holdings(w.shard2.db, w.demo.id)).people).toEqual([])
    expect(await w.shard2.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.programId, w.demo.id))).toEqual([]) // tenant-guard: allow (the old copy is gone)
    expect(await w.shard2.db.select().from(programs).where(eq(programs.id, w.demo.id))).toEqual([])
  })

  it.runIf(process.env.TESSERA_TEST_DB === 'd1')("moves and confirms through the D1 HTTP API, as `--remote` reaches a deployment's databases", async () => {
    const { w, ana, apiKey } = await world()
    const api = await serveD1HttpApi({ control: w.control.d1 as never, shard2: w.shard2.d1 as never })
    try {
      const viaApi = ['control', 'shard2'].map((databaseId) => createD1Db(d1OverHttp({ ...api, databaseId })))
      const before = await holdings(w.shard2.db, w.demo.id)
      expect(await moveProgram(viaApi, w.demo.id, 1, { settleMs: 0 })).toMatchObject({ from: 2, to: 1, step: 'switched' })
      expect(await holdings(w.control.db, w.demo.id)).toEqual(before)
      await confirmMove(viaApi, w.demo.id, { deleteChunkRows: 50 })
      expect((await holdings(w.shard2.db, w.demo.id)).people).toEqual([])
      w.freshRouter()
      expect((await ana.browser.json<{ id: number }>('/public/participant', { headers: ana.headers })).body).toMatchObject({ id: ana.id })
      const write = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' }, headers: ana.headers })
      expect(write.status, JSON.stringify(write.body)).toBe(200)
      expect((await w.browser().request(`/api/v1/participants/${ana.id}`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200)
    } finally {
      await api.close()
    }
  })

  it('aborts a move before its switch: the program takes writes where it was, the partial copy is gone', async () => {
    const { w, ana } = await world()
    await expect(
      moveProgram(dbs(w), w.demo.id, 1, {
        settleMs: 0,
        log: (l) => {
          if (/copied participants/.test(l)) throw new Error('killed')
        },
      }),
    ).rejects.toThrow('killed')
    const ids = await w.control.db.select({ id: participants.id }).from(participants).where(and(eq(participants.programId, w.demo.id), eq(participants.id, ana.id))) // tenant-guard: allow (the partial copy)
    expect(ids).toHaveLength(1)
    await abortMove(dbs(w), w.demo.id)
    w.freshRouter()
    expect(await w.control.db.select({ id: participants.id }).from(participants).where(eq(participants.id, ana.id))).toEqual([]) // tenant-guard: allow (the partial copy is gone)
    expect(await w.control.db.select().from(programMoves)).toEqual([])
    expect(await directoryShard(w, w.demo.id)).toBe(2)
    const write = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' }, headers: ana.headers })
    expect(write.status, JSON.stringify(write.body)).toBe(200)
  })

  it('moves a table of more rows than a page (read a page at a time after the first) with every row and its checksum', async () => {
    const { w } = await world()
    // 1,234 tags on shard 2: three pages of 500, the first read in the batch of every table's first page.
    await w.shard2.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234) INSERT INTO admin_tags (program_id, name) SELECT ${w.demo.id}, 'tag-' || i FROM n`)
    const tags = (db: Db) => programScope(db, w.demo.id).count(adminTags)
    const before = await tags(w.shard2.db)
    expect(before).toBeGreaterThanOrEqual(1234)
    const moved = await moveProgram(dbs(w), w.demo.id, 1, { settleMs: 0 })
    expect(moved.tables.admin_tags!.rows).toBe(before)
    expect(await tags(w.control.db)).toBe(before)
    await confirmMove(dbs(w), w.demo.id)
    expect(await tags(w.shard2.db)).toBe(0)
  })

  it('changes nothing when another program on the target holds one of its ids', async () => {
    const { w, ana, orgId } = await world()
    const other = await makeProgram(w.control, orgId)
    // Control's program with a participant of the same id as Ana's on shard 2 (a row from before id ranges).
    await w.control.db.insert(participants).values({ id: ana.id, programId: other.id, email: 'same.id@example.com', firstName: 'Same', lastName: 'Id', referralCode: 'SAMEID01' })
    await expect(moveProgram(dbs(w), w.demo.id, 1, { settleMs: 0 })).rejects.toThrow(/same ids as this program's, in participants \(1\): nothing was changed/)
    const [row] = await w.shard2.db.select().from(programs).where(eq(programs.id, w.demo.id))
    expect(row).toMatchObject({ shard: 2, readOnly: null })
    expect(await w.control.db.select().from(programMoves)).toEqual([])
  })

  it.runIf(process.env.TESSERA_TEST_DB === 'd1')("the Worker gives a shard its id range on the shard's first request (db/migration-check.ts)", async () => {
    const { d1, db } = await openTestDatabase()
    await d1!.exec('CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)')
    await d1!.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(NEWEST_MIGRATION).run()
    const check = migrationCheck(d1 as never, 3)
    expect(await check()).toBe(null)
    const [program] = await db.select({ id: programs.id }).from(programs).limit(1)
    const [row] = await db.insert(participants).values({ programId: program!.id, email: 'range@example.com', firstName: 'R', lastName: 'Ange', referralCode: 'RANGE001' }).returning({ id: participants.id })
    expect(row!.id).toBe(2_000_000_000_001)
  })

  it('a new row on shard 2 takes an id from its own range', async () => {
    const { ana } = await world()
    expect(ana.id).toBeGreaterThan(1_000_000_000_000)
    expect(ana.id).toBeLessThan(2_000_000_000_000)
  })
})
