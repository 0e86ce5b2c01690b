import type { Client, InStatement } from '@libsql/client'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLibsqlDb, type Db } from '../src/db/client'
import { openLibsql } from '../src/db/node'
import {
  answerTypes,
  challengeCompletions,
  challengeTypes,
  challenges,
  coupons,
  participantAnswers,
  participantProfileAttributes,
  participants,
  pointsLedger,
  programs,
  questionOptions,
  questions,
  referrals,
  rewardClaims,
  rewardSelections,
  rewards,
  socialNetworkPosts,
  tiers,
} from '../src/db/schema'
import { seedDemo } from '../src/db/seed'

/** Wraps the libSQL client to record the most parameters any one statement binds (D1 allows 100). */
function paramGuard(client: Client) {
  const stats = { maxParams: 0, calls: 0 }
  const count = (stmt: InStatement) => {
    if (typeof stmt === 'string') return
    const args = stmt.args ?? []
    stats.maxParams = Math.max(stats.maxParams, Array.isArray(args) ? args.length : Object.keys(args).length)
  }
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === 'execute')
        return (stmt: InStatement, args?: never) => {
          stats.calls++
          count(typeof stmt === 'string' && args ? { sql: stmt, args } : stmt)
          return args ? target.execute(stmt as string, args) : target.execute(stmt)
        }
      if (prop === 'batch')
        return (stmts: InStatement[], mode?: never) => {
          stats.calls++
          stmts.forEach(count)
          return target.batch(stmts, mode)
        }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { client: proxy as Client, stats }
}

async function freshSeeded() {
  const { client } = await openLibsql(':memory:')
  const guard = paramGuard(client)
  const db = createLibsqlDb(guard.client)
  const started = performance.now()
  await seedDemo(db)
  return { db, client, stats: guard.stats, ms: performance.now() - started }
}

let db: Db
let client: Client
let stats: { maxParams: number; calls: number }
let demoId: number
let linksId: number

const rows = async <T>(query: string) => (await client.execute(query)).rows as unknown as T[]

beforeAll(async () => {
  const seeded = await freshSeeded()
  ;({ db, client, stats } = seeded)
  // Its speed is bench:api's and bench:workerd's `seedDemo` phase (timed tests fail on a loaded machine).
  console.log(`[seed.test] seedDemo (300 participants) took ${Math.round(seeded.ms)} ms in ${stats.calls} round trips`)
  const all = await db.select({ id: programs.id, key: programs.publicKey }).from(programs)
  demoId = all.find((p) => p.key === 'demo')!.id
  linksId = all.find((p) => p.key === 'links')!.id
})

describe('demo seed', () => {
  it('keeps every statement within D1 limits', () => {
    expect(stats.maxParams).toBeGreaterThan(0)
    expect(stats.maxParams).toBeLessThanOrEqual(100)
  })

  it('has an active challenge of every type in the demo program, plus scheduled, ended and draft ones', async () => {
    const list = await db.select().from(challenges).where(eq(challenges.programId, demoId))
    const activeTypes = new Set(list.filter((c) => c.status === 'active').map((c) => c.challengeType))
    expect([...activeTypes].sort()).toEqual([...challengeTypes].sort())
    const collect = list.filter((c) => c.challengeType === 'collect' && c.status === 'active').map((c) => c.parameters.collect_type)
    expect(collect.sort()).toEqual(['profile', 'quiz', 'survey'])
    expect(list.filter((c) => c.challengeType === 'signup')).toHaveLength(1)
    for (const status of ['scheduled', 'ended', 'draft'] as const) expect(list.some((c) => c.status === status)).toBe(true)
    const now = Date.now()
    expect(list.find((c) => c.status === 'scheduled')!.start!.getTime()).toBeGreaterThan(now)
    expect(list.find((c) => c.status === 'ended')!.finish!.getTime()).toBeLessThan(now)
    expect(list.some((c) => c.parameters.repeat === 'daily' && c.status === 'active')).toBe(true)
    expect(list.filter((c) => c.ctaButtonText).length).toBeGreaterThanOrEqual(1)
    const byType = (t: string) => list.find((c) => c.challengeType === t && c.status === 'active')!
    expect(byType('video').parameters).toMatchObject({ video_url: expect.stringMatching(/^\/brand\/.+\.mp4$/), duration: 80 })
    expect(byType('membership').parameters.price_cents).toBeGreaterThan(0)
    expect(byType('link').parameters.link_url).toMatch(/^https:/)
    expect(byType('call_action').parameters.link_url).toMatch(/^https:/)
    const donation = byType('donation').parameters as { entity_label: string; entities: unknown[]; amounts: { amount: number; points: number }[] }
    expect(donation.entity_label).toBeTruthy()
    expect(donation.entities.length).toBeGreaterThan(1)
    expect(donation.amounts.every((a) => a.amount > 0 && a.points > 0)).toBe(true)
    for (const c of list) expect(c.identifier).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)

    const posts = await db.select().from(socialNetworkPosts).where(eq(socialNetworkPosts.challengeId, byType('unified_social').id))
    expect(new Set(posts.map((p) => p.postType))).toEqual(new Set(['gallery', 'image', 'video']))
    expect(posts.some((p) => p.parentId !== null)).toBe(true)
    expect(posts.find((p) => p.postType === 'video')!.durationSeconds).toBeGreaterThan(0)

    const links = await db.select().from(challenges).where(eq(challenges.programId, linksId))
    expect(links.length).toBeGreaterThanOrEqual(3)
  })

  it('covers all 15 answer types in the survey and quiz, with options where needed', async () => {
    const qs = await db
      .select({ id: questions.id, type: questions.answerType, required: questions.isRequired, parameters: challenges.parameters, profile: questions.profileAttribute })
      .from(questions)
      .innerJoin(challenges, eq(challenges.id, questions.challengeId))
      .where(eq(questions.programId, demoId))
    const opts = await db.select().from(questionOptions).where(eq(questionOptions.programId, demoId))
    const surveyAndQuiz = qs.filter((q) => q.parameters.collect_type === 'survey' || q.parameters.collect_type === 'quiz')
    expect(new Set(surveyAndQuiz.map((q) => q.type))).toEqual(new Set(answerTypes))
    expect(surveyAndQuiz.filter((q) => q.required).length).toBeGreaterThan(surveyAndQuiz.length / 2)
    const optionTypes = new Set(['dropdown', 'radio_button', 'image_radio_button', 'check_box', 'image_check_box'])
    for (const q of surveyAndQuiz.filter((q) => optionTypes.has(q.type))) {
      const mine = opts.filter((o) => o.questionId === q.id)
      expect(mine.length).toBeGreaterThan(1)
      if (q.type.startsWith('image_')) for (const o of mine) expect(o.imageUrl && o.imageAltText).toBeTruthy()
    }
    const quiz = qs.filter((q) => q.parameters.collect_type === 'quiz')
    expect(quiz[0]!.parameters.pass_score).toBeGreaterThan(0)
    for (const q of quiz) expect(opts.some((o) => o.questionId === q.id && o.correct)).toBe(true)
    const profile = qs.filter((q) => q.parameters.collect_type === 'profile').map((q) => q.profile)
    expect(profile.sort()).toEqual(['address_1', 'affiliation', 'city', 'phone', 'postal', 'state'])
  })

  it('has a reward of every selection, a coupon pool, tiers and rules', async () => {
    const list = await db.select().from(rewards).where(eq(rewards.programId, demoId))
    expect(new Set(list.map((r) => r.selection))).toEqual(new Set(rewardSelections))
    expect(list.some((r) => !r.featured)).toBe(true)
    for (const r of list) {
      expect(r.description && r.descriptionDetails && r.termsConditions && r.redemptionDetails).toBeTruthy()
      expect(r.claims).toBeLessThanOrEqual(r.limit)
    }
    expect(list.find((r) => r.selection === 'achievement')!.parameters).toEqual({ rule: 'completed_challenges', value: 3 })
    expect(list.find((r) => r.selection === 'milestone')!.parameters).toEqual({ rule: 'lifetime_points', value: 1000 })
    const pool = list.find((r) => r.couponsRequired)!
    expect(pool.selection).toBe('redeem')
    const codes = await db.select().from(coupons).where(eq(coupons.rewardId, pool.id))
    expect(codes).toHaveLength(20)
    expect(codes.filter((c) => c.participantId !== null)).toHaveLength(pool.claims)
    const t = await db.select().from(tiers).where(eq(tiers.programId, demoId)).orderBy(tiers.pointsThresholdMin)
    expect(t.map((x) => [x.name, x.pointsThresholdMin, x.pointsThresholdMax])).toEqual([
      ['Bronze', 0, 999],
      ['Silver', 1000, 4999],
      ['Gold', 5000, 999999],
    ])
  })

  it('seeds participants with history', async () => {
    const demo = await db.select().from(participants).where(eq(participants.programId, demoId))
    expect(demo).toHaveLength(300)
    for (const p of demo) expect(p.email).toMatch(/^[a-z]+\.[a-z]+\d+@example\.com$/)
    expect(new Set(demo.map((p) => `${p.firstName} ${p.lastName}`)).size).toBeGreaterThan(200)
    expect(demo.filter((p) => p.staff).length).toBeGreaterThan(0)
    expect(demo.filter((p) => p.status === 'active').length).toBeGreaterThan(240)
    const ages = demo.map((p) => Date.now() - p.createdAt.getTime())
    expect(Math.max(...ages)).toBeGreaterThan(330 * 86_400_000)
    expect(Math.min(...ages)).toBeLessThan(30 * 86_400_000)
    expect(demo.filter((p) => p.points >= 1000).length).toBeGreaterThan(5)
    expect(demo.filter((p) => p.points >= 5000).length).toBeGreaterThan(0)
    const tierRows = await db.select().from(tiers).where(eq(tiers.programId, demoId))
    for (const p of demo) {
      const tier = tierRows.find((t) => p.points >= t.pointsThresholdMin && p.points <= t.pointsThresholdMax)
      expect(p.tierId).toBe(tier!.id)
    }
    const links = await db.select().from(participants).where(eq(participants.programId, linksId))
    expect(links.length).toBeGreaterThanOrEqual(3)
    expect(links.length).toBeLessThanOrEqual(5)

    const refs = await db.select().from(referrals).where(eq(referrals.programId, demoId))
    expect(refs.some((r) => r.status === 'approved')).toBe(true)
    expect(refs.some((r) => r.status === 'pending')).toBe(true)
    for (const r of refs) expect(demo.find((p) => p.id === r.referredParticipantId)!.referredById).toBe(r.referrerId)
    const attrs = await db.select().from(participantProfileAttributes).where(eq(participantProfileAttributes.programId, demoId))
    expect(new Set(attrs.map((a) => a.name))).toEqual(new Set(['phone', 'address_1', 'city', 'state', 'postal', 'affiliation']))
    const answers = await db.select({ n: sql<number>`count(*)` }).from(participantAnswers).where(eq(participantAnswers.programId, demoId))
    expect(answers[0]!.n).toBeGreaterThan(100)
  })

  it('keeps balances equal to the ledger and never negative along the way', async () => {
    const mismatches = await rows<{ id: number }>(`
      SELECT p.id FROM participants p
      LEFT JOIN (SELECT participant_id, SUM(delta) AS balance,
                        SUM(CASE WHEN kind = 'earn' AND delta > 0 THEN delta ELSE 0 END) AS lifetime
                   FROM points_ledger GROUP BY participant_id) l ON l.participant_id = p.id
      WHERE p.unused_points != COALESCE(l.balance, 0) OR p.points != COALESCE(l.lifetime, 0) OR p.unused_points < 0`)
    expect(mismatches).toEqual([])
    const negative = await rows<{ id: number }>(`
      SELECT id FROM (SELECT id, SUM(delta) OVER (PARTITION BY participant_id ORDER BY created_at, id) AS running FROM points_ledger)
      WHERE running < 0`)
    expect(negative).toEqual([])
    const spends = await db.select().from(pointsLedger).where(and(eq(pointsLedger.programId, demoId), eq(pointsLedger.kind, 'spend')))
    expect(spends.length).toBeGreaterThan(10)
    const claims = await db.select().from(rewardClaims).where(eq(rewardClaims.programId, demoId))
    expect(claims.filter((c) => c.status === 'claimed').length).toBeGreaterThan(10)
  })

  it('keeps counters equal to the rows they count', async () => {
    const completed = await rows<{ id: number }>(`
      SELECT p.id FROM participants p
      WHERE p.completed_challenges != (SELECT COUNT(*) FROM challenge_completions c WHERE c.participant_id = p.id)`)
    expect(completed).toEqual([])
    const perChallenge = await rows<{ id: number }>(`
      SELECT ch.id FROM challenges ch
      WHERE ch.completions != (SELECT COUNT(*) FROM challenge_completions c WHERE c.challenge_id = ch.id)`)
    expect(perChallenge).toEqual([])
    const perReward = await rows<{ id: number }>(`
      SELECT r.id FROM rewards r
      WHERE r.claims != (SELECT COUNT(*) FROM reward_claims c WHERE c.reward_id = r.id) OR r.claims > r."limit"`)
    expect(perReward).toEqual([])
    const completions = await db.select().from(challengeCompletions).where(eq(challengeCompletions.programId, demoId))
    const daily = await db.select().from(challenges).where(and(eq(challenges.programId, demoId), eq(challenges.identifier, 'daily-brew-tip')))
    const dailyKeys = completions.filter((c) => c.challengeId === daily[0]!.id).map((c) => c.periodKey)
    expect(dailyKeys.length).toBeGreaterThan(50)
    for (const key of dailyKeys) expect(key).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const actions = await rows<{ n: number }>(`SELECT COUNT(*) AS n FROM participant_actions WHERE program_id = ${demoId}`)
    expect(Number(actions[0]!.n)).toBeGreaterThanOrEqual(completions.length)
  })

  it('writes nothing when run again', async () => {
    const changes = async () => Number((await client.execute('SELECT total_changes() AS n')).rows[0]!.n)
    const before = await changes()
    const result = await seedDemo(db)
    expect(result).toEqual({ created: false })
    expect(await changes()).toBe(before)
  })

  it('is deterministic on a fresh database', async () => {
    const other = await freshSeeded()
    const digest = async (d: Db) => ({
      people: await d
        .select({
          email: participants.email,
          status: participants.status,
          staff: participants.staff,
          balance: participants.unusedPoints,
          points: participants.points,
          code: participants.referralCode,
        })
        .from(participants)
        .orderBy(participants.id),
      ledger: await d.select({ key: pointsLedger.idempotencyKey, delta: pointsLedger.delta }).from(pointsLedger).orderBy(pointsLedger.id),
      coupons: await d.select({ code: coupons.code, claim: coupons.claimId }).from(coupons).orderBy(coupons.id),
    })
    expect(await digest(other.db)).toEqual(await digest(db))
  })
})
