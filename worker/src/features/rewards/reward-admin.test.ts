import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CouponAddResult, CouponRow, PossibleWinners, RewardDetail, RewardListResponse, RewardParticipantRow } from '../../../../sdk/contract/console/rewards'
import { challengeCompletions, challenges, coupons, outbox, participantActions, rewardClaims } from '../../db/schema'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { deliverOutbox } from '../webhooks/outbox'
import { addPeople, consoleAs, programByKey } from '../participants/participants-fixtures'

type Result = { success: boolean; message: string; errors?: Record<string, string>; data?: { id: number } & Record<string, unknown> }

/** The rewards test app with a console admin; queued work stays queued until the test runs it. */
async function setup() {
  const queued: number[] = []
  let capture = false
  // Sign-in mail is delivered at once; after that, queued work waits for runQueue().
  const r = await makeRewardsTest({ enqueue: async (ids) => void (capture ? queued.push(...ids) : await deliverOutbox(r.deps, ids)) })
  const admin = await consoleAs(r, 'admin@tessera.dev')
  capture = true
  const base = `/admin/v2/programs/${r.program.id}/rewards`
  const runQueue = async () => {
    const ids = queued.splice(0)
    return ids.length ? deliverOutbox(r.deps, ids) : { delivered: 0, failed: 0 }
  }
  return { ...r, admin, base, queued, runQueue }
}

const redeemForm = (over: Record<string, unknown> = {}) => ({
  name: 'Free espresso',
  selection: 'redeem',
  status: 'active',
  description: 'One espresso at the counter',
  image: '',
  threshold: 50,
  limit: 10,
  points: 0,
  start: '',
  finish: '',
  featured: true,
  repeatable: false,
  terms_conditions: 'One per visit',
  redemption_details: 'Show the code at the counter',
  redemption_image: '',
  coupons_required: true,
  achievement_rule: '',
  achievement_count: 0,
  achievement_tag: '',
  achievement_points: 0,
  active_image: '',
  tag_list: 'drinks, promo',
  ...over,
})

describe('console rewards: list, form, create, update', () => {
  it('creates a reward the participant site shows on the next request, and an edit shows at once too', async () => {
    const { admin, base, get, addMember } = await setup()
    const form = await admin.json<{ fields: { name: string }[]; defaultValues: Record<string, unknown>; fields_by_selection: Record<string, string[]> }>(`${base}/new`)
    expect(form.status).toBe(200)
    expect(form.body.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'selection', 'threshold', 'limit', 'achievement_rule', 'active_image', 'tag_list']))
    expect(form.body.fields_by_selection.achievement).toContain('achievement_rule')
    expect(form.body.fields_by_selection.redeem).not.toContain('achievement_rule')

    const member = await addMember(100)
    // The participant site reads the reward list once first (a cached copy must not hide the new one).
    expect((await get<{ data: { name: string }[] }>('/public/home/active_rewards', member)).body.data.map((r) => r.name)).not.toContain('Free espresso')
    const created = await admin.json<Result>(base, { json: redeemForm() })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ success: true, data: { message: 'Reward created successfully.' } })
    const id = created.body.data!.id
    expect((await get<{ data: { name: string }[] }>('/public/home/active_rewards', member)).body.data.map((r) => r.name)).toContain('Free espresso')

    const edit = await admin.json<{ defaultValues: Record<string, unknown> }>(`${base}/${id}/edit`)
    expect(edit.body.defaultValues).toMatchObject({ name: 'Free espresso', threshold: 50, coupons_required: true, tag_list: 'drinks, promo' })
    const updated = await admin.json<Result>(`${base}/${id}`, { method: 'PUT', json: redeemForm({ name: 'Free cortado', limit: 3 }) })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect((await get<{ name: string }>(`/public/rewards/${id}`, member)).body.name).toBe('Free cortado')

    const detail = await admin.json<{ data: RewardDetail }>(`${base}/${id}`)
    expect(detail.body.data).toMatchObject({ name: 'Free cortado', limit: 3, claims: 0, balance: 3, tag_list: ['drinks', 'promo'], selection: 'redeem', coupons: { total: 0, free: 0 } })

    const list = await admin.json<RewardListResponse>(`${base}?q=cortado&selection=redeem&status=active&tag=promo`)
    expect(list.body.data.map((r) => r.id)).toEqual([id])
    expect((await admin.json<RewardListResponse>(`${base}?selection=sweepstake&q=cortado`)).body.meta.total).toBe(0)
    expect((await admin.json<RewardListResponse>(`${base}?sort=name&order=asc&per_page=10`)).status).toBe(200)
  })

  it('validates per selection: name, the achievement rule and its value, dates in order', async () => {
    const { admin, base } = await setup()
    const bad = await admin.json<Result>(base, { json: redeemForm({ name: '', selection: 'achievement', achievement_rule: '', start: '2026-02-01T00:00:00Z', finish: '2026-01-01T00:00:00Z' }) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({ name: 'Name is required', achievement_rule: 'Achievement rule is required', finish: 'Finish must be after start' })
    const tagRule = await admin.json<Result>(base, { json: redeemForm({ selection: 'milestone', achievement_rule: 'tag', achievement_tag: '' }) })
    expect(tagRule.body.errors).toMatchObject({ achievement_tag: 'Challenge tag is required' })
    const ok = await admin.json<Result>(base, { json: redeemForm({ name: 'Ten visits', selection: 'achievement', achievement_rule: 'completed_challenges', achievement_count: 10, active_image: '/brand/logo.svg', threshold: 99 }) })
    expect(ok.status).toBe(201)
    const detail = await admin.json<{ data: RewardDetail }>(`${base}/${ok.body.data!.id}`)
    // Fields the selection does not use are not saved (an achievement has no price).
    expect(detail.body.data).toMatchObject({ parameters: { rule: 'completed_challenges', value: 10 }, active_image: { url: '/brand/logo.svg' }, threshold: 0, coupons_required: false })
  })

  it('refuses a limit below the claims already made', async () => {
    const { admin, base, addReward, addMember, claim } = await setup()
    const reward = await addReward({ threshold: 10, limit: 5 })
    await claim(await addMember(50), reward.id)
    await claim(await addMember(50), reward.id)
    const res = await admin.json<Result>(`${base}/${reward.id}`, { method: 'PUT', json: redeemForm({ limit: 1, coupons_required: false }) })
    expect(res.status).toBe(422)
    expect(res.body.errors).toMatchObject({ limit: 'Limit must be at least the 2 claims already made' })
  })
})

describe('console rewards: claims', () => {
  it('refunds a claim (PUT reward_participants/{id}): points back, stock released, once', async () => {
    const { admin, addReward, addMember, claim, balance, program, base } = await setup()
    const reward = await addReward({ threshold: 30, limit: 2 })
    const member = await addMember(50)
    expect((await claim(member, reward.id)).status).toBe(200)
    const users = await admin.json<{ data: RewardParticipantRow[] }>(`${base}/${reward.id}/reward_participants`)
    const claimId = users.body.data[0]!.id
    const path = `/admin/v2/programs/${program.id}/reward_participants/${claimId}`
    const res = await admin.json<Result>(path, { method: 'PUT', json: { status: 'refunded' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Claim refunded', data: { refunded: 30 } })
    expect((await balance(member)).unused).toBe(50)
    expect((await admin.json<{ data: RewardDetail }>(`${base}/${reward.id}`)).body.data).toMatchObject({ claims: 0, balance: 2 })
    expect((await admin.json(path, { method: 'PUT', json: { status: 'refunded' } })).status).toBe(409)
    expect((await admin.json(path, { method: 'PUT', json: { status: 'claimed' } })).status).toBe(422)
  })
})

describe('console rewards: coupons', () => {
  it('adds a comma-separated list, reports every duplicate by name, and a participant claim gets a console coupon', async () => {
    const { admin, base, addReward, addMember, claim, scope } = await setup()
    const reward = await addReward({ threshold: 10, limit: 5, couponsRequired: true })
    const first = await admin.json<CouponAddResult>(`${base}/${reward.id}/coupons`, { json: { codes: 'ALPHA-1, BRAVO-2,ALPHA-1,CHARLIE-3', reward_id: reward.id } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ success: true, added: ['ALPHA-1', 'BRAVO-2', 'CHARLIE-3'], duplicates: ['ALPHA-1'] })
    expect(first.body.message).toBe('3 coupons added. Duplicates not added: ALPHA-1')
    const second = await admin.json<CouponAddResult>(`${base}/${reward.id}/coupons`, { json: { codes: 'CHARLIE-3,DELTA-4' } })
    expect(second.body).toMatchObject({ added: ['DELTA-4'], duplicates: ['CHARLIE-3'] })
    const only = await admin.json<CouponAddResult>(`${base}/${reward.id}/coupons`, { json: { codes: 'DELTA-4' } })
    expect(only.status).toBe(422)
    expect(only.body).toMatchObject({ success: false, added: [], duplicates: ['DELTA-4'] })
    expect((await admin.json(`${base}/${reward.id}/coupons`, { json: { codes: ' , ' } })).status).toBe(422)
    expect(await scope.count(coupons, eq(coupons.rewardId, reward.id))).toBe(4)

    // The claim path assigns from the same pool the console fills.
    const member = await addMember(50)
    const claimed = await claim(member, reward.id)
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)
    const code = claimed.body.reward!.coupon_code
    expect(['ALPHA-1', 'BRAVO-2', 'CHARLIE-3', 'DELTA-4']).toContain(code)
    const tab = await admin.json<{ data: CouponRow[] }>(`${base}/${reward.id}/coupons?q=${code}`)
    expect(tab.body.data).toHaveLength(1)
    expect(tab.body.data[0]).toMatchObject({ code, participant: { id: member.id } })
    const users = await admin.json<{ data: RewardParticipantRow[] }>(`${base}/${reward.id}/reward_participants?q=member`)
    expect(users.body.data[0]).toMatchObject({ participant_id: member.id, coupon_code: code, status: 'claimed', points_spent: 10 })
    const detail = await admin.json<{ data: RewardDetail }>(`${base}/${reward.id}`)
    expect(detail.body.data).toMatchObject({ claims: 1, limit: 5, balance: 4, coupons: { total: 4, free: 3 } })
  })
})

describe('console rewards: winners', () => {
  it('syncs the winners of an achievement in the background, staff excluded, each winner awarded once even when synced twice at once', async () => {
    const { admin, base, addReward, addMember, scope, runQueue, queued, deps, db } = await setup()
    const reward = await addReward({ name: 'Coffee lover', selection: 'achievement', threshold: 0, limit: 3, parameters: { rule: 'lifetime_points', value: 100 } })
    const winners = [await addMember(150), await addMember(100)]
    const staff = await addMember(500, { staff: true })
    await addMember(40) // below the rule
    const intent = (json: Record<string, unknown>) => admin.json<PossibleWinners & Result>(`${base}/${reward.id}`, { json: { id: reward.id, ...json } })

    expect((await intent({ intent: 'fetch_possible_winners_to_sync' })).body).toEqual({ success: true, limit_left: 3, eligible_participants_count: 2 })
    const a = await intent({ intent: 'sync_winners', send_email: true })
    const b = await intent({ intent: 'sync_winners', send_email: true })
    expect(a.status).toBe(202)
    expect(a.body.message).toBe('Winners are being synced')
    expect(b.status).toBe(202)
    // Not immediate: nothing is awarded until the queue runs the work.
    expect(await scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(0)
    expect(queued).toHaveLength(2)
    // Both syncs run at the same time, as two queue consumers would.
    const ids = queued.splice(0)
    await Promise.all(ids.map((id) => deliverOutbox(deps, [id])))
    await runQueue()

    const claims = await scope.select(rewardClaims, eq(rewardClaims.rewardId, reward.id))
    expect(claims.map((c) => c.participantId).sort()).toEqual(winners.map((w) => w.id).sort())
    expect(claims.every((c) => c.status === 'won')).toBe(true)
    expect(claims.some((c) => c.participantId === staff.id)).toBe(false)
    const detail = await admin.json<{ data: RewardDetail }>(`${base}/${reward.id}`)
    expect(detail.body.data).toMatchObject({ claims: 2, balance: 1 })
    const won = await scope.count(participantActions, and(eq(participantActions.actionType, 'reward_won'), eq(participantActions.actionableId, reward.id)))
    expect(won).toBe(2)
    const mails = (await db.select().from(outbox).where(eq(outbox.topic, 'email'))).filter((m) => String((m.payload as { subject: string }).subject).includes('Coffee lover'))
    expect(mails).toHaveLength(2)

    // A third sync has nobody left to award.
    expect((await intent({ intent: 'fetch_possible_winners_to_sync' })).body).toMatchObject({ limit_left: 1, eligible_participants_count: 0 })
    const again = await intent({ intent: 'sync_winners' })
    expect(again.status).toBe(422)
    expect(await scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(2)
  })

  it('syncs min(limit left, eligible) winners', async () => {
    const { admin, base, addReward, addMember, scope, runQueue } = await setup()
    const reward = await addReward({ selection: 'milestone', threshold: 0, limit: 2, parameters: { rule: 'lifetime_points', value: 10 } })
    for (let i = 0; i < 4; i++) await addMember(20)
    const res = await admin.json<Result>(`${base}/${reward.id}`, { json: { intent: 'sync_winners', id: reward.id } })
    expect(res.body.data).toMatchObject({ limit_left: 2, eligible_participants_count: 4, to_sync: 2 })
    await runQueue()
    expect(await scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(2)
  })

  it('counts the eligible of a tag rule: every started, approved challenge with the tag completed', async () => {
    const { admin, base, addReward, addMember, scope } = await setup()
    const made = await scope
      .insert(challenges, ['tag-a', 'tag-b', 'tag-c'].map((identifier, i) => ({ identifier, name: identifier, challengeType: 'article' as const, status: 'active' as const, parameters: {}, tagList: i < 2 ? ['espresso'] : ['other'] })))
      .returning({ id: challenges.id })
    const [all, half] = [await addMember(0), await addMember(0)]
    await scope.insert(challengeCompletions, [
      { challengeId: made[0]!.id, participantId: all.id, periodKey: 'once' },
      { challengeId: made[1]!.id, participantId: all.id, periodKey: 'once' },
      { challengeId: made[0]!.id, participantId: half.id, periodKey: 'once' },
      { challengeId: made[2]!.id, participantId: half.id, periodKey: 'once' },
    ])
    const reward = await addReward({ selection: 'achievement', threshold: 0, limit: 5, parameters: { rule: 'tag', tag: 'espresso' } })
    const res = await admin.json<PossibleWinners>(`${base}/${reward.id}`, { json: { intent: 'fetch_possible_winners_to_sync' } })
    expect(res.body).toEqual({ success: true, limit_left: 5, eligible_participants_count: 1 })
  })

  it('sets mini-contest winners: Winner assigned, staff never win, an empty result is Failed to perform action', async () => {
    const { admin, base, addReward, addMember, scope } = await setup()
    const reward = await addReward({ selection: 'mini-contest', threshold: 0, limit: 2 })
    const [one, two] = [await addMember(0), await addMember(0)]
    const staff = await addMember(0, { staff: true })
    const set = (selectedData: number[]) => admin.json<Result>(`${base}/${reward.id}`, { json: { intent: 'set_winners', id: reward.id, selectedData } })
    const res = await set([one.id, staff.id])
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Winner assigned')
    const again = await set([one.id, staff.id])
    expect(again.status).toBe(422)
    expect(again.body.message).toBe('Failed to perform action')
    expect((await set([two.id])).body.message).toBe('Winner assigned')
    expect((await scope.select(rewardClaims, eq(rewardClaims.rewardId, reward.id))).map((c) => c.participantId).sort()).toEqual([one.id, two.id].sort())
    const tab = await admin.json<{ data: { participant_id: number; winner: boolean }[] }>(`${base}/${reward.id}/mini_contest?per_page=50`)
    expect(tab.body.data.filter((r) => r.winner).map((r) => r.participant_id).sort()).toEqual([one.id, two.id].sort())
  })

  it("answers 'Invalid intent' to an unknown intent and toggles tags ('Tag updated')", async () => {
    const { admin, base, addReward } = await setup()
    const reward = await addReward({ tagList: ['a'] })
    const bad = await admin.json<Result>(`${base}/${reward.id}`, { json: { intent: 'drop_tables' } })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('Invalid intent')
    const on = await admin.json<Result>(`${base}/${reward.id}`, { json: { intent: 'toggle_tag', tag: 'vip', id: reward.id } })
    expect(on.body).toMatchObject({ message: 'Tag updated', data: { tag_list: ['a', 'vip'] } })
    const off = await admin.json<Result>(`${base}/${reward.id}`, { json: { intent: 'toggle_tag', tag: 'a', id: reward.id } })
    expect(off.body.data).toEqual({ tag_list: ['vip'] })
  })
})

describe('console rewards: exports', () => {
  it('streams participants.csv and sweepstake.csv, formula-safe', async () => {
    const { admin, base, addReward, addMember, claim } = await setup()
    const redeem = await addReward({ threshold: 5, limit: 5 })
    const risky = await addMember(20, { firstName: '=HYPERLINK("x")' })
    expect((await claim(risky, redeem.id)).status).toBe(200)
    const res = await admin.request(`${base}/${redeem.id}/participants.csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="participants.csv"')
    const text = await res.text()
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('claim_id,participant_id,first_name,last_name,email,status,points_spent,coupon_code,claimed_at')
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).toContain(',claimed,5,')

    const sweep = await addReward({ selection: 'sweepstake', threshold: 1, limit: 1, repeatable: true })
    const entrant = await addMember(10)
    expect((await claim(entrant, sweep.id, { entries: 3, key: 'e2' })).status).toBe(200)
    const tab = await admin.json<{ data: Record<string, unknown>[] }>(`${base}/${sweep.id}/sweepstake?q=member`)
    expect(tab.body.data).toEqual([expect.objectContaining({ participant_id: entrant.id, entries: 3, winner: false, rewards: 0, gender: null })])
    const csv = await (await admin.request(`${base}/${sweep.id}/sweepstake.csv`)).text()
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(new RegExp(`^${entrant.id},Member,\\d+,member\\d+@example.com,3,false,0,,`))
  })
})

describe('console rewards: tenant scoping', () => {
  it("never reads or writes another program's reward through this program's paths", async () => {
    const t = await setup()
    const { admin, base, addReward, program } = t
    const links = await programByKey(t, 'links')
    const foreign = await addReward({ name: 'Elsewhere', limit: 3 }, links.id)
    const [person] = await addPeople(t, links.id, [{ email: 'far@example.com' }])
    for (const path of ['', '/edit', '/coupons', '/reward_participants', '/sweepstake', '/mini_contest']) {
      const res = await admin.json<Result>(`${base}/${foreign.id}${path}`)
      expect(res.status, path).toBe(404)
    }
    expect((await admin.json(`${base}/${foreign.id}/coupons`, { json: { codes: 'X1' } })).status).toBe(404)
    expect((await admin.json(`${base}/${foreign.id}`, { json: { intent: 'toggle_tag', tag: 'x' } })).status).toBe(404)
    expect((await admin.json(`${base}/${foreign.id}`, { method: 'PUT', json: redeemForm() })).status).toBe(404)
    expect(await t.db.select().from(coupons).where(eq(coupons.rewardId, foreign.id))).toHaveLength(0)
    const list = await admin.json<RewardListResponse>(`${base}?per_page=50&q=Elsewhere`)
    expect(list.body.meta.total).toBe(0)
    // A mini-contest winner must be a participant of the reward's program.
    const contest = await addReward({ selection: 'mini-contest', threshold: 0, limit: 2 })
    const res = await admin.json<Result>(`${base}/${contest.id}`, { json: { intent: 'set_winners', selectedData: [person!.id] } })
    expect(res.body.message).toBe('Failed to perform action')
    expect(program.id).not.toBe(links.id)
  })
})
