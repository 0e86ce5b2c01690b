import { describe, expect, it } from 'vitest'
import type { DashboardAction, LatestUser, PerformanceMetrics, TopUser, UsersGrowthPoint } from '../../../../sdk/contract/console/dashboard'
import { addAdmin, addHistory, addVisits, adminSignIn, DAY, programByKey, type TestApp } from '../../../test/dashboard-fixtures'
import { makeTestApp } from '../../../test/helpers'
import { lastMonths } from './metrics'

/**
 * A known history on the demo program. Ann, Ben and Eve are active members with actions; Cal is
 * blocked; Dan has no action yet; Sam is staff (counted nowhere). Ben's and Ann's recent actions are
 * in the last 30 days, Eve's only action 45 days ago.
 */
async function knownProgram() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const ids = await addHistory(t, demo.id, [
    { first: 'Eve', last: 'Early', createdDaysAgo: 50, points: 40, actions: [{ daysAgo: 45, points: 40, completion: true }] },
    {
      first: 'Ann',
      last: 'Archer',
      createdDaysAgo: 40,
      points: 80,
      city: 'Austin',
      actions: [
        { daysAgo: 35, points: 50, completion: true },
        { daysAgo: 5, points: -20, type: 'Reward' },
        { daysAgo: 1, points: 30, completion: true },
      ],
    },
    { first: 'Ben', last: 'Baker', createdDaysAgo: 10, points: 100, actions: [{ daysAgo: 2, points: 100, completion: true }] },
    {
      first: 'Cal',
      last: 'Cole',
      createdDaysAgo: 3,
      status: 'blocked',
      points: 10,
      actions: [
        { daysAgo: 0, points: 15, type: 'Reward', actionType: 'reward_refunded' },
        { daysAgo: 0, points: 10, type: null, actionType: 'points_adjusted' },
      ],
    },
    { first: 'Sam', last: 'Staff', createdDaysAgo: 2, staff: true, points: 500, actions: [{ daysAgo: 1, points: 500, completion: true }, { daysAgo: 1, points: 5, type: 'Reward' }] },
    { first: 'Dan', last: 'Dawn', createdDaysAgo: 1 },
  ])
  await addVisits(t, demo.id, [0, 0, 40])
  const admin = await adminSignIn(t, 'admin@tessera.dev')
  const get = async <T>(name: string, browser = admin) => {
    const r = await browser.json<{ data: T }>(`/admin/v2/programs/${demo.id}/dashboard/${name}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  return { t, demo, ids, admin, get }
}

describe('dashboard endpoints on known data', () => {
  it('program_performance_metrics: totals and the last 30 days from the rollups, staff left out', async () => {
    const { get } = await knownProgram()
    expect(await get<PerformanceMetrics>('program_performance_metrics')).toEqual({
      // Ann, Ben, Eve (Cal is blocked, Dan has no action, Sam is staff); recent: Ann and Ben.
      active_participants: { total: 3, recent: 2 },
      completed_challenges: { total: 4, recent: 2 },
      program_visits: { total: 3, recent: 2 },
      participant_actions: { total: 7, recent: 5 },
    })
  })

  it('users_growth: twelve months, active and new members per month', async () => {
    const { t, get } = await knownProgram()
    const months = lastMonths(t.clock.now(), 12)
    const monthOf = (daysAgo: number) => new Date(t.clock.now() - daysAgo * DAY).toISOString().slice(0, 7)
    const active = new Map<string, Set<string>>()
    const acts: [string, number[]][] = [['Eve', [45]], ['Ann', [35, 5, 1]], ['Ben', [2]], ['Cal', [0, 0]]]
    for (const [who, days] of acts) for (const d of days) active.set(monthOf(d), (active.get(monthOf(d)) ?? new Set()).add(who))
    const created = [50, 40, 10, 3, 1].map(monthOf)
    const growth = await get<UsersGrowthPoint[]>('users_growth')
    expect(growth.map((g) => g.month)).toEqual(months)
    expect(growth).toEqual(months.map((month) => ({ month, active_users: active.get(month)?.size ?? 0, new_users: created.filter((m) => m === month).length })))
  })

  it('top users: lifetime points, and points earned in the last 30 days (refunds and spends are not earnings)', async () => {
    const { get, ids } = await knownProgram()
    const all = await get<TopUser[]>('top_users_all_time')
    expect(all.map((u) => [u.rank, u.name, u.points])).toEqual([
      [1, 'Ben Baker', 100],
      [2, 'Ann Archer', 80],
      [3, 'Eve Early', 40],
      [4, 'Cal Cole', 10],
    ])
    expect(all[0]).toMatchObject({ short_name: 'Ben B.', censured_email: 'b***@example.com', details_url: expect.stringMatching(new RegExp(`/users/${ids.Ben}$`)) })
    const month = await get<TopUser[]>('top_users_this_month')
    expect(month.map((u) => [u.name, u.points])).toEqual([
      ['Ben Baker', 100],
      ['Ann Archer', 30],
      ['Cal Cole', 10],
    ])
  })

  it('top users of the last 30 days stay exact past stale bounds (members whose best month is over)', async () => {
    const t = await makeTestApp()
    const demo = await programByKey(t, 'demo')
    // 55 members earned a lot 40 days ago and 1 point 20 days ago: their recent_points bound (the 30
    // days up to their last action) is 5001, their last 30 days 1. They come first in the index: the
    // ranking must read past them to the 12 who earned 10 to 120 points this week.
    const stale = Array.from({ length: 55 }, (_, i) => ({
      first: `Stale${i}`,
      last: 'Member',
      createdDaysAgo: 60,
      actions: [{ daysAgo: 40, points: 5000 }, { daysAgo: 20, points: 1 }],
    }))
    const fresh = Array.from({ length: 12 }, (_, i) => ({ first: `Fresh${i + 1}`, last: 'Member', createdDaysAgo: 10, actions: [{ daysAgo: 2, points: (i + 1) * 10 }] }))
    await addHistory(t, demo.id, [...stale, ...fresh])
    const admin = await adminSignIn(t, 'admin@tessera.dev')
    const top = await admin.json<{ data: TopUser[] }>(`/admin/v2/programs/${demo.id}/dashboard/top_users_this_month`)
    expect(top.body.data.map((u) => [u.name, u.points])).toEqual(Array.from({ length: 10 }, (_, i) => [`Fresh${12 - i} Member`, (12 - i) * 10]))
  })

  it('latest users and latest actions: newest first, staff left out, with the spec fields', async () => {
    const { get, demo, ids } = await knownProgram()
    const users = await get<LatestUser[]>('latest_users')
    expect(users.map((u) => u.name)).toEqual(['Dan Dawn', 'Cal Cole', 'Ben Baker', 'Ann Archer', 'Eve Early'])
    const actions = await get<DashboardAction[]>('latest_actions')
    expect(actions.map((a) => a.name)).toEqual(['Cal Cole', 'Cal Cole', 'Ann Archer', 'Ben Baker', 'Ann Archer', 'Ann Archer', 'Eve Early'])
    const ann = actions[2]!
    expect(ann).toMatchObject({
      action_type: 'challenge_completed',
      name: 'Ann Archer',
      short_name: 'Ann A.',
      city: 'Austin',
      country: 'US',
      actionable_type: 'Challenge',
      actionable_url: expect.stringMatching(new RegExp(`^/admin/v2/programs/${demo.id}/challenges/\\d+$`)),
      details_url: `/admin/v2/programs/${demo.id}/users/${ids.Ann}`,
    })
    expect(new Date(ann.created_at).toISOString()).toBe(ann.created_at)
    expect(actions.find((a) => a.action_type === 'points_adjusted')!.actionable_url).toBeNull()
  })

  it('an empty program answers zeros and empty lists', async () => {
    const t = await makeTestApp()
    const links = await programByKey(t, 'links')
    const admin = await adminSignIn(t, 'admin@tessera.dev')
    const metrics = await admin.json<{ data: PerformanceMetrics }>(`/admin/v2/programs/${links.id}/dashboard/program_performance_metrics`)
    expect(Object.values(metrics.body.data).every((m) => m.total === 0 && m.recent === 0)).toBe(true)
    for (const name of ['top_users_all_time', 'top_users_this_month', 'latest_users', 'latest_actions']) {
      expect((await admin.json<{ data: unknown[] }>(`/admin/v2/programs/${links.id}/dashboard/${name}`)).body.data).toEqual([])
    }
  })
})

describe('dashboard permissions', () => {
  const names = ['program_performance_metrics', 'users_growth', 'top_users_all_time', 'top_users_this_month', 'latest_users', 'latest_actions', 'actions', 'actions.csv']

  it('refuses (403) an admin without dashboard view, on every dashboard endpoint', async () => {
    const t: TestApp = await makeTestApp()
    const demo = await programByKey(t, 'demo')
    await addAdmin(t, 'nodash@example.com', demo.id, ['users:manage', 'challenges:manage'])
    const b = await adminSignIn(t, 'nodash@example.com')
    for (const name of names) expect((await b.request(`/admin/v2/programs/${demo.id}/dashboard/${name}`)).status, name).toBe(403)
    // Signed out: 401.
    expect((await t.browser().request(`/admin/v2/programs/${demo.id}/dashboard/latest_users`)).status).toBe(401)
  })

  it('lets the manager (dashboard view) read the demo program but not the links program', async () => {
    const t = await makeTestApp()
    const demo = await programByKey(t, 'demo')
    const links = await programByKey(t, 'links')
    const b = await adminSignIn(t, 'manager@tessera.dev')
    for (const name of names) expect((await b.request(`/admin/v2/programs/${demo.id}/dashboard/${name}`)).status, name).toBe(200)
    expect((await b.request(`/admin/v2/programs/${links.id}/dashboard/latest_actions`)).status).toBe(403)
  })
})
