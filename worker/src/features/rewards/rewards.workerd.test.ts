import { env, SELF } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { batch } from '../../db/batch'
import type { ProcessRewardResponse } from '../../../../sdk/contract/rewards'
import { createD1Db, type Db } from '../../db/client'
import { participantActions, participants, programs, rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import { systemClock, type Deps } from '../../deps'
import { configFromEnv } from '../../config'
import { randomToken, sha256 } from '../../lib/crypto'
import { captchaOff } from '../../platform/captcha'
import { createDevMailbox } from '../../platform/mail'
import { createCatalogOffers } from '../../platform/offers'
import { createLocalPayments } from '../../platform/payments'
import { claimReward } from './rewards-claim'
import { claimFailure, claimStatements } from './rewards-write'

/** Claims inside workerd on D1, through the Worker's own fetch handler. */

const base = 'http://localhost'
let programId = 0
let seq = 0
const run = Math.random().toString(36).slice(2, 8)

beforeAll(async () => {
  await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
  const row = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{
    id: number
  }>()
  programId = row!.id
})

async function addReward(values: {
  threshold: number
  limit: number
  selection?: string
  repeatable?: boolean
  couponsRequired?: boolean
}) {
  const row = await env.DB.prepare(
    `INSERT INTO rewards (program_id, name, selection, threshold, "limit", repeatable, coupons_required, parameters, tag_list)
     VALUES (?, ?, ?, ?, ?, ?, ?, '{}', '[]') RETURNING id`,
  )
    .bind(
      programId,
      `D1 reward ${run}-${++seq}`,
      values.selection ?? 'redeem',
      values.threshold,
      values.limit,
      values.repeatable ? 1 : 0,
      values.couponsRequired ? 1 : 0,
    )
    .first<{ id: number }>()
  return row!.id
}

/** Participants with points (through the ledger trigger) and bearer session tokens, in one batch. */
async function addMembers(count: number, points: number) {
  const members: { email: string; token: string }[] = []
  const statements = []
  const expires = Date.now() + 86_400_000
  for (let i = 0; i < count; i++) {
    const n = ++seq
    const email = `d1-${run}-${n}@example.com`
    const token = randomToken(24)
    members.push({ email, token })
    statements.push(
      env.DB.prepare(
        "INSERT INTO participants (program_id, email, first_name, last_name, referral_code) VALUES (?, ?, 'D', 'One', ?)",
      ).bind(programId, email, `D1${run}${n}`),
      env.DB.prepare(
        "INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, title, idempotency_key) SELECT ?, id, ?, 'earn', 'admin', 'credit', ? FROM participants WHERE program_id = ? AND email = ?",
      ).bind(programId, points, `credit:${email}`, programId, email),
      env.DB.prepare(
        "INSERT INTO participant_sessions (program_id, participant_id, token_hash, kind, expires_at) SELECT ?, id, ?, 'token', ? FROM participants WHERE program_id = ? AND email = ?",
      ).bind(programId, await sha256(token), expires, programId, email),
    )
  }
  for (let i = 0; i < statements.length; i += 90) await env.DB.batch(statements.slice(i, i + 90))
  return members
}

async function claim(token: string, rewardId: number, key?: string) {
  const res = await SELF.fetch(`${base}/public/rewards/process_reward`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ reward_id: rewardId }),
  })
  return {
    status: res.status,
    body: (await res.json()) as ProcessRewardResponse & { error?: { code: string } },
  }
}

const one = async <T>(query: string, ...args: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...args)
    .first<T>())!

describe('reward claims on D1 in workerd', () => {
  it('100 participants claiming a reward with limit 5 at once get exactly 5 claims', async () => {
    const rewardId = await addReward({ threshold: 10, limit: 5 })
    const members = await addMembers(100, 10)
    const results = await Promise.all(members.map((m) => claim(m.token, rewardId)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(5)
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.error?.code).toBe('out_of_stock')
    expect((await one<{ claims: number }>('SELECT claims FROM rewards WHERE id = ?', rewardId)).claims).toBe(
      5,
    )
    expect(
      (await one<{ n: number }>('SELECT count(*) AS n FROM reward_claims WHERE reward_id = ?', rewardId)).n,
    ).toBe(5)
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM points_ledger WHERE kind = 'spend' AND source_id = ?",
          rewardId,
        )
      ).n,
    ).toBe(5)
  })

  it('50 parallel claims by one participant who can afford one spend exactly once', async () => {
    const rewardId = await addReward({ threshold: 100, limit: 1000, repeatable: true })
    const [member] = await addMembers(1, 150)
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(member!.token, rewardId)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.error?.code).toBe('not_enough_points')
    const p = await one<{ unused_points: number }>(
      'SELECT unused_points FROM participants WHERE email = ?',
      member!.email,
    )
    expect(p.unused_points).toBe(50)
    expect(
      (await one<{ n: number }>('SELECT count(*) AS n FROM reward_claims WHERE reward_id = ?', rewardId)).n,
    ).toBe(1)
  })

  it('gives each coupon to one participant and refuses an empty required pool without spending', async () => {
    const rewardId = await addReward({ threshold: 5, limit: 100, couponsRequired: true })
    await env.DB.batch(
      Array.from({ length: 4 }, (_, i) =>
        env.DB.prepare('INSERT INTO coupons (program_id, reward_id, code) VALUES (?, ?, ?)').bind(
          programId,
          rewardId,
          `D1-${i}`,
        ),
      ),
    )
    const members = await addMembers(12, 5)
    const results = await Promise.all(members.map((m) => claim(m.token, rewardId)))
    const won = results.filter((r) => r.status === 200)
    expect(won).toHaveLength(4)
    expect(new Set(won.map((r) => r.body.reward.coupon_code)).size).toBe(4)
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.error?.code).toBe('out_of_stock')
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM points_ledger WHERE kind = 'spend' AND source_id = ?",
          rewardId,
        )
      ).n,
    ).toBe(4)
    expect(
      (
        await one<{ n: number }>(
          'SELECT count(DISTINCT participant_id) AS n FROM coupons WHERE reward_id = ?',
          rewardId,
        )
      ).n,
    ).toBe(4)
  })

  it('answers a retried Idempotency-Key with the same body and spends once', async () => {
    const rewardId = await addReward({ threshold: 10, limit: 10, repeatable: true })
    const [member] = await addMembers(1, 100)
    const a = await claim(member!.token, rewardId, 'retry-1')
    const b = await claim(member!.token, rewardId, 'retry-1')
    expect(a.status).toBe(200)
    expect(b).toEqual(a)
    expect(
      (
        await one<{ unused_points: number }>(
          'SELECT unused_points FROM participants WHERE email = ?',
          member!.email,
        )
      ).unused_points,
    ).toBe(90)
  })
})

describe('the claim batch on D1', () => {
  const deps = (db: Db): Deps => ({
    db,
    config: configFromEnv({ ENVIRONMENT: 'test' }),
    clock: systemClock,
    mail: createDevMailbox(db),
    payments: createLocalPayments({ webhookSecret: 'whsec_test_workerd' }),
    captcha: captchaOff,
    offers: createCatalogOffers(db),
    log: () => {},
  })
  async function context(db: Db, email: string) {
    const [program] = await db.select().from(programs).where(eq(programs.id, programId))
    const scope = programScope(db, programId)
    const [participant] = await scope.select(participants, eq(participants.email, email))
    return { scope, deps: deps(db), program: program!, participant: participant! }
  }

  it('replays a repeated sweepstake purchase key without adding entries (changes() guard)', async () => {
    const rewardId = await addReward({ selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true })
    const [member] = await addMembers(1, 100)
    const ctx = await context(createD1Db(env.DB), member!.email)
    const first = await claimReward(ctx, { rewardId, idempotencyKey: 'same', entries: 2 })
    const again = await claimReward(ctx, { rewardId, idempotencyKey: 'same', entries: 2 })
    expect(again).toEqual(first)
    expect(first.reward.participant_sweepstakes_entry).toEqual({ count: 2 })
    const fresh = await claimReward(ctx, { rewardId, idempotencyKey: 'other', entries: 1 })
    expect(fresh.reward.participant_sweepstakes_entry).toEqual({ count: 3 })
    expect(
      (
        await one<{ unused_points: number }>(
          'SELECT unused_points FROM participants WHERE email = ?',
          member!.email,
        )
      ).unused_points,
    ).toBe(70)
  })

  it('turns the constraint each guard trips into the right refusal', async () => {
    const db = createD1Db(env.DB)
    const scope = programScope(db, programId)
    const [member] = await addMembers(1, 50)
    const { participant } = await context(db, member!.email)
    const attempt = async (rewardId: number, pointsSpent: number) => {
      const [row] = await scope.select(rewards, eq(rewards.id, rewardId))
      const statements = claimStatements(scope, row!, {
        participantId: participant.id,
        claimKey: 'once',
        status: 'claimed',
        pointsSpent,
        now: Date.now(),
        actionType: 'reward_claimed',
      })
      return batch(db, statements).then(
        () => 'ok',
        (err) => claimFailure(err) ?? String(err),
      )
    }
    expect(await attempt(await addReward({ threshold: 0, limit: 0 }), 0)).toBe('out_of_stock')
    expect(await attempt(await addReward({ threshold: 0, limit: 5, couponsRequired: true }), 0)).toBe(
      'out_of_stock',
    )
    expect(await attempt(await addReward({ threshold: 100, limit: 5 }), 100)).toBe('not_enough_points')
    const once = await addReward({ threshold: 0, limit: 5 })
    expect(await attempt(once, 0)).toBe('ok')
    expect(await attempt(once, 0)).toBe('already_claimed')
    expect((await one<{ claims: number }>('SELECT claims FROM rewards WHERE id = ?', once)).claims).toBe(1)
  })

  it('rolls back everything when one statement of the batch fails', async () => {
    const rewardId = await addReward({ threshold: 10, limit: 5 })
    const [member] = await addMembers(1, 100)
    const db = createD1Db(env.DB)
    const faulty = new Proxy(db, {
      get(target, prop) {
        if (prop === 'batch') {
          return (statements: never[]) =>
            target.batch([
              ...statements,
              target
                .insert(participantActions)
                .values({ programId, participantId: 0, actionType: sql`NULL` as never, title: 'fault' }),
            ] as never)
        }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    }) as Db
    const ctx = await context(faulty, member!.email)
    await expect(claimReward(ctx, { rewardId })).rejects.toThrow(/NOT NULL/)
    expect((await one<{ claims: number }>('SELECT claims FROM rewards WHERE id = ?', rewardId)).claims).toBe(
      0,
    )
    expect(
      (await one<{ n: number }>('SELECT count(*) AS n FROM reward_claims WHERE reward_id = ?', rewardId)).n,
    ).toBe(0)
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM participant_actions WHERE actionable_id = ? AND actionable_type = 'Reward'",
          rewardId,
        )
      ).n,
    ).toBe(0)
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM outbox WHERE json_extract(payload, '$.data.reward_id') = ?",
          rewardId,
        )
      ).n,
    ).toBe(0)
    expect(
      (
        await one<{ unused_points: number }>(
          'SELECT unused_points FROM participants WHERE email = ?',
          member!.email,
        )
      ).unused_points,
    ).toBe(100)
  })
})
