import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker, { type WorkerEnv } from '../src/index'
import { createD1Db } from '../src/db/client'
import { D1_COUNT_HEADER, D1_SQL_HEADER, parseCounts } from '../src/db/d1-count'
import { bumpContentVersion } from '../src/features/programs/content-version'
import { createParticipantSession } from '../src/features/signin/sessions'

/**
 * What each participant call asks of D1 on the Workers entry, counted through the counting D1 wrapper
 * (TESSERA_COUNT_D1, db/d1-count.ts) that bench:workerd reads: the targets of decision 0014, on a warm
 * isolate (the caches of decision 0008 filled by a first request), and what keeps them correct.
 */

const base = 'http://localhost'
/** The Worker's fetch handler with its own bindings object: one app (and one set of caches) per object. */
const isolate = (vars: Partial<WorkerEnv>): WorkerEnv => ({ ...(env as unknown as WorkerEnv), ENVIRONMENT: 'development', LOCAL_ORIGIN: base, TESSERA_COUNT_D1: '1', ...vars })
const warm = isolate({ CACHE_TTL_MS: '60000' })
/** The same, listing each request's SQL (`x-tessera-d1-sql`). */
const listing = isolate({ CACHE_TTL_MS: '60000', TESSERA_COUNT_D1: 'sql' })

async function call(on: WorkerEnv, path: string, init: RequestInit & { json?: unknown } = {}, token?: string) {
  const headers = new Headers(init.headers)
  // As an HTTP request arrives (the kept-read path resolves the program by Host, as the app does).
  headers.set('host', 'localhost')
  if (token) {
    headers.set('authorization', `Bearer ${token}`)
    headers.set('x-tessera-session', 'token')
  }
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`${base}${path}`, { ...init, method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), headers, body: body ?? null }) as never, on, ctx as never)
  await waitOnExecutionContext(ctx)
  const counts = parseCounts(res.headers.get(D1_COUNT_HEADER))!
  const sql = JSON.parse(res.headers.get(D1_SQL_HEADER) ?? '[]') as string[]
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text), counts, sql, statements: counts.queries + counts.batchStatements }
}

const db = () => createD1Db(env.DB as never)
let programId = 0
let entryTier: number | null = null
let pastryId = 0
let seq = 0

/** A settled member without history (as bench:workerd's bulk participants), with a token session. */
async function member(points = 0) {
  const n = ++seq
  const id = (await env.DB.prepare(
    "INSERT INTO participants (program_id, email, first_name, last_name, referral_code, tier_id, email_verified_at) VALUES (?, ?, 'Work', 'Erd', ?, ?, ?) RETURNING id",
  )
    .bind(programId, `statements${n}@example.com`, `statements-${n}`, entryTier, Date.now())
    .first<{ id: number }>())!.id
  if (points) {
    await env.DB.prepare("INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, title, idempotency_key) VALUES (?, ?, ?, 'earn', 'import', 'Grant', ?)")
      .bind(programId, id, points, `statements-grant:${id}`)
      .run()
    // In the tier those points fall in, as earning them through the app would have put them.
    await env.DB.prepare(
      'UPDATE participants SET tier_id = (SELECT t.id FROM tiers t WHERE t.program_id = participants.program_id AND t.points_threshold_min <= participants.points AND t.points_threshold_max >= participants.points ORDER BY t.points_threshold_min, t.id LIMIT 1) WHERE id = ?',
    )
      .bind(id)
      .run()
  }
  return { id, token: await createParticipantSession(db(), { programId, participantId: id, kind: 'token', now: Date.now() }) }
}

beforeAll(async () => {
  await call(warm, '/_dev/seed', { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
  programId = (await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>())!.id
  entryTier = (await env.DB.prepare('SELECT id FROM tiers WHERE program_id = ? AND points_threshold_min <= 0 AND points_threshold_max >= 0 LIMIT 1').bind(programId).first<{ id: number }>())?.id ?? null
  const pastry = (await env.DB.prepare("SELECT id, threshold FROM rewards WHERE program_id = ? AND name = 'Free pastry with any drink'").bind(programId).first<{ id: number; threshold: number }>())!
  pastryId = pastry.id
})

describe('D1 statements per participant call on a warm isolate (decision 0014)', () => {
  it('signed-in home, participant and challenge reads: at most 2 statements, no batch', async () => {
    const { token } = await member()
    for (const path of ['/public/home/active_uncompleted_challenges', '/public/participant', '/public/challenges/taste-profile-survey']) {
      expect((await call(warm, path, {}, token)).status).toBe(200)
      const again = await call(warm, path, {}, token)
      expect(again.status).toBe(200)
      expect({ path, statements: again.statements, batches: again.counts.batches }).toEqual({ path, statements: expect.any(Number), batches: 0 })
      expect(again.statements, path).toBeLessThanOrEqual(2)
      // Answered before routing when kept (index.ts), with the headers the app gives API answers.
      expect(again.headers.get('x-request-id'), path).toBeTruthy()
      expect(again.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(again.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
    // The session lookup answers the participant's row with the session: a participant this isolate
    // has never seen costs no second statement for it (the summary then reads their attributes).
    await call(listing, '/public/participant', {}, token)
    const fresh = await member()
    const first = await call(listing, '/public/participant', {}, fresh.token)
    expect(first.status).toBe(200)
    expect(first.sql.filter((q) => q.includes('from "participants"'))).toEqual([])
    expect(first.statements).toBeLessThanOrEqual(2)
  })

  it('answers a kept home list before routing, gzipped once for a client that takes gzip', async () => {
    const { token } = await member()
    const path = '/public/home/active_uncompleted_challenges'
    await call(warm, path, {}, token)
    const ctx = createExecutionContext()
    const headers = { host: 'localhost', authorization: `Bearer ${token}`, 'x-tessera-session': 'token', 'accept-encoding': 'gzip' }
    const res = (await worker.fetch(new Request(`${base}${path}`, { headers }) as never, warm, ctx as never)) as unknown as Response
    await waitOnExecutionContext(ctx)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(parseCounts(res.headers.get(D1_COUNT_HEADER))).toMatchObject({ queries: 1, batches: 0 })
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).text()
    expect(JSON.parse(text).data.length).toBeGreaterThan(0)
  })

  it('a completion shows on the next home read, still within 2 statements', async () => {
    const { token } = await member()
    const before = (await call(warm, '/public/home/active_uncompleted_challenges', {}, token)).json() as { data: { identifier: string }[] }
    expect(before.data.map((c) => c.identifier)).toContain('daily-brew-tip')
    expect((await call(warm, '/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } }, token)).status).toBe(200)
    const after = await call(warm, '/public/home/active_uncompleted_challenges', {}, token)
    expect((after.json() as { data: { identifier: string }[] }).data.map((c) => c.identifier)).not.toContain('daily-brew-tip')
    expect(after.statements).toBeLessThanOrEqual(2)
  })

  it('a submit and a claim: one batch plus at most 2 single statements', async () => {
    // Warm the shared caches (webhooks, rewards, tiers) with another participant first. 450 points buy
    // three pastries and stay below the 1,000-point milestone, whose automatic reward is a second write.
    const other = await member(450)
    await call(warm, '/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } }, other.token)
    await call(warm, '/public/rewards/process_reward', { json: { reward_id: pastryId } }, other.token)

    const submitter = await member()
    const submit = await call(warm, '/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } }, submitter.token)
    expect(submit.status).toBe(200)
    expect(submit.counts.batches).toBe(1)
    expect(submit.counts.queries).toBeLessThanOrEqual(2)

    const claimer = await member(450)
    const claim = await call(warm, '/public/rewards/process_reward', { json: { reward_id: pastryId } }, claimer.token)
    expect(claim.status).toBe(200)
    expect(claim.counts.batches).toBe(1)
    expect(claim.counts.queries).toBeLessThanOrEqual(2)
  })

  it('a blocked participant or a deleted session stops working at once, caches or not', async () => {
    const blocked = await member()
    expect((await call(warm, '/public/participant', {}, blocked.token)).status).toBe(200)
    expect((await call(warm, '/public/home/active_uncompleted_challenges', {}, blocked.token)).status).toBe(200)
    await env.DB.prepare("UPDATE participants SET status = 'blocked' WHERE id = ?").bind(blocked.id).run()
    expect((await call(warm, '/public/participant', {}, blocked.token)).status).toBe(401)
    expect((await call(warm, '/public/challenges/taste-profile-survey', {}, blocked.token)).json().current_participant_name).toBeNull()

    const signedOut = await member()
    expect((await call(warm, '/public/participant', {}, signedOut.token)).status).toBe(200)
    await env.DB.prepare('DELETE FROM participant_sessions WHERE participant_id = ?').bind(signedOut.id).run()
    expect((await call(warm, '/public/participant', {}, signedOut.token)).status).toBe(401)
  })
})

describe('public reads: cached, and invalidated by the content version', () => {
  it('answers repeated signed-out reads without D1, on a warm isolate', async () => {
    for (const path of ['/public/program', '/public/challenges/taste-profile-survey']) {
      expect((await call(warm, path)).status).toBe(200)
      const again = await call(warm, path)
      expect(again.status).toBe(200)
      expect(again.statements, path).toBe(0)
      expect(again.headers.get('x-request-id'), path).toBeTruthy()
      expect(again.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'")
    }
  })

  it("a visitor's home page, with the answers of its first screen (issue 29): at most 2 statements on a warm isolate", async () => {
    const page = { headers: { accept: 'text/html' } }
    expect((await call(listing, '/', page)).status).toBe(200)
    const again = await call(listing, '/', page)
    expect(again.status).toBe(200)
    expect(again.text).toContain('"primed":{')
    expect(again.statements, again.sql.join('\n')).toBeLessThanOrEqual(2)
  })

  it('serves no copy of an older content version once the program row says a save happened, from memory or the Cache API', async () => {
    // A short program-cache TTL stands for "the program row is read again"; the Cache API keeps copies
    // for minutes, so without the version in its key the old answer would come back from there.
    const short = isolate({ CACHE_TTL_MS: '300', TESSERA_COUNT_D1: 'sql' })
    const path = '/public/challenges/coffee-origins'
    const name = async (on: WorkerEnv) => (await call(on, path)).json().name as string
    const original = await name(short)
    await new Promise((r) => setTimeout(r, 350))
    // From the Cache API (the memory copy has expired): the program row is read again (on localhost, a
    // domain lookup then the development program), no content.
    const fromShared = await call(short, path)
    expect(fromShared.json().name).toBe(original)
    expect(fromShared.sql.length).toBeGreaterThan(0)
    expect(fromShared.sql.filter((q) => /from "(challenges|questions|question_options|social_network_posts)"/.test(q))).toEqual([])

    // An admin save: the trigger moves the program's content version in the same statement.
    const version = async () => (await env.DB.prepare('SELECT content_version AS v FROM programs WHERE id = ?').bind(programId).first<{ v: number }>())!.v
    const v0 = await version()
    await env.DB.prepare("UPDATE challenges SET name = 'Coffee origins, renamed' WHERE program_id = ? AND identifier = 'coffee-origins'").bind(programId).run()
    expect(await version()).toBe(v0 + 1)
    await new Promise((r) => setTimeout(r, 350))
    expect(await name(short)).toBe('Coffee origins, renamed')
    // And an isolate that kept the old answer in memory for a minute sees it as soon as it reads the
    // program row again (a new bindings object is a cold isolate: it reads the row first).
    expect(await name(isolate({ CACHE_TTL_MS: '60000' }))).toBe('Coffee origins, renamed')

    // Content kept outside the content tables moves the version with bumpContentVersion.
    await bumpContentVersion(db(), programId)
    expect(await version()).toBe(v0 + 2)
  })

  it('completions and claims do not move the content version (they are not content)', async () => {
    const version = async () => (await env.DB.prepare('SELECT content_version AS v FROM programs WHERE id = ?').bind(programId).first<{ v: number }>())!.v
    const v0 = await version()
    const { token } = await member(450)
    expect((await call(warm, '/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } }, token)).status).toBe(200)
    expect((await call(warm, '/public/rewards/process_reward', { json: { reward_id: pastryId } }, token)).status).toBe(200)
    expect(await version()).toBe(v0)
  })
})
