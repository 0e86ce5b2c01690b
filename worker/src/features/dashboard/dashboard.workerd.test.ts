import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { sha256, randomToken } from '../../lib/crypto'
import { compareRollups } from '../../../test/dashboard-recount'

/** The rollup triggers on D1 inside workerd, through the Worker's own fetch handler. */

const base = 'http://localhost'
let programId = 0
const run = Math.random().toString(36).slice(2, 8)

beforeAll(async () => {
  await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
  programId = (await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>())!.id
})

const rows = async (sql: string) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results

/** Participants with points and bearer tokens, written in one batch (staff when asked). */
async function addMembers(count: number, points: number, staff = false) {
  const out: { email: string; token: string }[] = []
  const statements = []
  for (let i = 0; i < count; i++) {
    const email = `dash-${run}-${staff ? 's' : 'm'}${i}@example.com`
    const token = randomToken(24)
    out.push({ email, token })
    statements.push(
      env.DB.prepare("INSERT INTO participants (program_id, email, first_name, last_name, referral_code, staff) VALUES (?, ?, 'D', 'One', ?, ?)").bind(
        programId,
        email,
        `DASH${run}${staff ? 'S' : 'M'}${i}`,
        staff ? 1 : 0,
      ),
      env.DB.prepare(
        "INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, title, idempotency_key) SELECT ?, id, ?, 'earn', 'admin', 'credit', ? FROM participants WHERE program_id = ? AND email = ?",
      ).bind(programId, points, `credit:${email}`, programId, email),
      env.DB.prepare(
        "INSERT INTO participant_sessions (program_id, participant_id, token_hash, kind, expires_at) SELECT ?, id, ?, 'token', ? FROM participants WHERE program_id = ? AND email = ?",
      ).bind(programId, await sha256(token), Date.now() + 86_400_000, programId, email),
    )
  }
  for (let i = 0; i < statements.length; i += 90) await env.DB.batch(statements.slice(i, i + 90))
  return out
}

const post = (path: string, token: string, body: unknown, key?: string) =>
  SELF.fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  })

describe('dashboard rollups on D1', () => {
  it('hold the seed and stay equal to a recount after parallel claims, completions and visits, staff left out', async () => {
    const seeded = await compareRollups(rows)
    expect(seeded.rollups).toEqual(seeded.recounts)

    const rewardId = (await env.DB.prepare(
      `INSERT INTO rewards (program_id, name, selection, threshold, "limit", repeatable, parameters, tag_list)
       VALUES (?, ?, 'redeem', 10, 1000, 1, '{}', '[]') RETURNING id`,
    )
      .bind(programId, `Dashboard ${run}`)
      .first<{ id: number }>())!.id
    const daily = (await env.DB.prepare("SELECT id FROM challenges WHERE program_id = ? AND identifier = 'daily-brew-tip'").bind(programId).first<{ id: number }>())!.id
    const members = [...(await addMembers(20, 100)), ...(await addMembers(2, 100, true))]
    const before = (await rows('SELECT coalesce(sum(reward_actions), 0) r, coalesce(sum(visits), 0) v FROM program_daily_stats'))[0]!

    const results = await Promise.all(
      members.flatMap((m, i) => [
        post('/public/rewards/process_reward', m.token, { reward_id: rewardId }, `dash-${run}-${i}-a`),
        post('/public/rewards/process_reward', m.token, { reward_id: rewardId }, `dash-${run}-${i}-b`),
        post('/public/challenges/submit', m.token, { challenge_id: daily }),
        SELF.fetch(`${base}/ahoy/events?program=demo`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'cf-connecting-ip': `192.0.2.${i + 1}` },
          body: JSON.stringify({ visit_token: `d1-visit-${run}-${i}-token`, events: [{ name: 'view', properties: { page: '/' } }] }),
        }),
      ]),
    )
    expect(results.map((r: Response) => r.status)).toEqual(results.map(() => 200))

    const after = await compareRollups(rows)
    expect(after.rollups).toEqual(after.recounts)
    const now = (await rows('SELECT coalesce(sum(reward_actions), 0) r, coalesce(sum(visits), 0) v FROM program_daily_stats'))[0]!
    // Two claims per member, none of the staff's; one visit per tab.
    expect(Number(now.r) - Number(before.r)).toBe(40)
    expect(Number(now.v) - Number(before.v)).toBe(members.length)
  })
})
