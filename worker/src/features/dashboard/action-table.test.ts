import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { DashboardActionsPage } from '../../../../sdk/contract/console/dashboard'
import { addAdmin, addHistory, adminSignIn, programByKey } from '../../../test/dashboard-fixtures'
import { makeTestApp } from '../../../test/helpers'
import { CSV_CHUNK } from './action-table'
import { csvCell } from '../../lib/csv'

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  // 25 challenge and 12 reward actions on demo, newest first by index; a staff member's and another program's are left out.
  const ids = await addHistory(t, demo.id, [
    {
      first: 'Ann',
      last: 'Archer',
      createdDaysAgo: 60,
      actions: [
        ...Array.from({ length: 25 }, (_, i) => ({ daysAgo: i, points: 10, title: `Challenge ${i}` })),
        ...Array.from({ length: 12 }, (_, i) => ({ daysAgo: i, points: -5, type: 'Reward' as const, title: `Reward ${i}` })),
      ],
    },
    { first: 'Sam', last: 'Staff', createdDaysAgo: 5, staff: true, actions: [{ daysAgo: 0, type: 'Reward', title: 'Staff reward' }] },
  ])
  await addHistory(t, links.id, [{ first: 'Lia', last: 'Links', createdDaysAgo: 5, actions: [{ daysAgo: 0, type: 'Reward', title: 'Links reward' }] }])
  const admin = await adminSignIn(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${demo.id}/dashboard`
  return { t, demo, links, ids, admin, base }
}

describe('GET .../dashboard/actions', () => {
  it('pages rewards, challenges or every action, newest first, 20 a page by default, members only', async () => {
    const { admin, base } = await setup()
    const rewards = await admin.json<DashboardActionsPage>(`${base}/actions?type=rewards&columnFilters[actionable_type]=Reward`)
    expect(rewards.status).toBe(200)
    expect(rewards.body).toMatchObject({ page: 1, per_page: 20, total: 12, total_pages: 1 })
    expect(rewards.body.data.map((a) => a.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Reward ${i}`))

    const challenges = await admin.json<DashboardActionsPage>(`${base}/actions?type=challenges&page=2`)
    expect(challenges.body).toMatchObject({ page: 2, per_page: 20, total: 25, total_pages: 2 })
    expect(challenges.body.data.map((a) => a.title)).toEqual(Array.from({ length: 5 }, (_, i) => `Challenge ${i + 20}`))

    const all = await admin.json<DashboardActionsPage>(`${base}/actions?per_page=10`)
    expect(all.body).toMatchObject({ total: 37, total_pages: 4 })
    expect(all.body.data).toHaveLength(10)
    expect(all.body.data.every((a) => a.name === 'Ann Archer')).toBe(true)
    const filterOnly = await admin.json<DashboardActionsPage>(`${base}/actions?columnFilters[actionable_type]=Reward`)
    expect(filterOnly.body.total).toBe(12)
  })

  it('names a bad parameter and lists nothing', async () => {
    const { admin, base } = await setup()
    const mismatch = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/actions?type=rewards&columnFilters[actionable_type]=Challenge`)
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.error.fields).toHaveProperty(['columnFilters[actionable_type]'])
    const size = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/actions?per_page=1000`)
    expect(size.status).toBe(422)
    expect(size.body.error.fields).toHaveProperty('per_page')
    expect((await admin.json(`${base}/actions?type=badges`)).status).toBe(422)
  })
})

describe('GET .../dashboard/actions.csv', () => {
  it('streams the program’s member actions as CSV, escaping formulas, quotes and separators', async () => {
    const { t, demo, admin, base } = await setup()
    await addHistory(t, demo.id, [
      {
        first: '=cmd',
        last: 'Smith, "Jr"',
        createdDaysAgo: 1,
        actions: [
          { daysAgo: 0, type: 'Reward', title: '=HYPERLINK("http://evil.example","click")', points: -3 },
          { daysAgo: 0, type: 'Reward', title: '@SUM(1+1)' },
          { daysAgo: 0, type: 'Reward', title: '+1 line\nbreak' },
          { daysAgo: 0, type: 'Reward', title: '-2+3' },
        ],
      },
    ])
    const res = await admin.request(`${base}/actions.csv?type=rewards`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="rewards-demo-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers.get('set-cookie')).toBeNull()
    const text = await res.text()
    const rows = Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data
    expect(rows[0]).toEqual(['id', 'created_at', 'participant_id', 'name', 'email', 'action_type', 'title', 'points', 'actionable_type', 'actionable_id', 'city', 'country'])
    // Newest first: the four added last, then Ann's twelve; no staff, no other program.
    expect(rows).toHaveLength(1 + 4 + 12)
    expect(rows.slice(1, 5).map((r) => r[6])).toEqual([`'=HYPERLINK("http://evil.example","click")`, `'@SUM(1+1)`, `'+1 line\nbreak`, `'-2+3`])
    expect(rows[1]![3]).toBe(`'=cmd Smith, "Jr"`)
    expect(rows[1]![7]).toBe('-3')
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(text).not.toMatch(/Staff reward|Links reward/)
  })

  it('walks more rows than one chunk without repeating or skipping any', async () => {
    const { t, demo, admin, base } = await setup()
    const many = CSV_CHUNK + 37
    await addHistory(t, demo.id, [{ first: 'Max', last: 'Many', createdDaysAgo: 3, actions: Array.from({ length: many }, () => ({ daysAgo: 0, type: null })) }])
    const text = await (await admin.request(`${base}/actions.csv`)).text()
    const rows = Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data.slice(1)
    expect(rows).toHaveLength(many + 37)
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length)
  })

  it('needs users manage or challenges manage, besides dashboard view', async () => {
    const { t, demo, base } = await setup()
    await addAdmin(t, 'viewer@example.com', demo.id, ['dashboard:view'])
    await addAdmin(t, 'chall@example.com', demo.id, ['dashboard:view', 'challenges:manage'])
    await addAdmin(t, 'users@example.com', demo.id, ['dashboard:view', 'users:manage'])
    const viewer = await adminSignIn(t, 'viewer@example.com')
    expect((await viewer.request(`${base}/actions`)).status).toBe(200)
    expect((await viewer.request(`${base}/actions.csv`)).status).toBe(403)
    expect((await (await adminSignIn(t, 'chall@example.com')).request(`${base}/actions.csv`)).status).toBe(200)
    expect((await (await adminSignIn(t, 'users@example.com')).request(`${base}/actions.csv`)).status).toBe(200)
  })
})

describe('csvCell', () => {
  it('leaves plain text and numbers alone, quotes separators, defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    for (const s of ['=1+1', '+1', '-1', '@x', '\t=1', '\r=1']) expect(csvCell(s)).toBe(`"'${s}"`)
  })
})
