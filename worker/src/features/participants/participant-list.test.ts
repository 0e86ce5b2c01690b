import { describe, expect, it } from 'vitest'
import type { ParticipantListResponse } from '../../../../sdk/contract/console/participants'
import { makeTestApp } from '../../../test/helpers'
import { onD1 } from '../../../test/test-database'
import { addPeople, consoleAs, programByKey } from './participants-fixtures'

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const people = await addPeople(
    t,
    demo.id,
    Array.from({ length: 45 }, (_, i) => ({
      email: `p${String(i).padStart(2, '0')}@example.com`,
      first: i === 3 ? 'Zoë' : `First${i}`,
      last: i === 3 ? 'Álvarez' : `Last${i}`,
      status: i % 5 === 0 ? ('blocked' as const) : ('active' as const),
      points: (i * 37) % 100,
      signIns: i % 7,
      tags: i % 3 === 0 ? ['vip'] : i % 3 === 1 ? ['vip', 'founding'] : [],
    })),
  )
  await addPeople(t, links.id, [{ email: 'p01@example.com', first: 'Other', tags: ['vip'], points: 999 }])
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const list = (query: string) => admin.json<ParticipantListResponse>(`/admin/v2/programs/${demo.id}/participants${query}`)
  return { t, demo, links, people, admin, list }
}

describe('participants list', () => {
  it('pages 20 by default, 10 to 50 on request, with totals', async () => {
    const { list } = await setup()
    const first = await list('')
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(20)
    expect(first.body.meta).toEqual({ page: 1, per_page: 20, total: 45, total_pages: 3 })
    const third = await list('?page=3')
    expect(third.body.data).toHaveLength(5)
    const all = [...first.body.data, ...(await list('?page=2')).body.data, ...third.body.data].map((p) => p.id)
    expect(new Set(all).size).toBe(45)
    expect((await list('?per_page=50')).body.data).toHaveLength(45)
    for (const bad of ['?per_page=5', '?per_page=51', '?page=0', '?sort=password', '?order=up', '?status=gone']) {
      const res = await list(bad)
      expect(res.status, bad).toBe(422)
    }
  })

  it('sorts by every sortable column, both ways, ties broken by id', async () => {
    const { list } = await setup()
    const byPoints = (await list('?sort=points&order=desc&per_page=50')).body.data
    expect(byPoints.map((p) => p.points)).toEqual([...byPoints.map((p) => p.points)].sort((a, b) => b - a))
    const asc = (await list('?sort=email&order=asc&per_page=50')).body.data.map((p) => p.email)
    expect(asc).toEqual([...asc].sort())
    const names = (await list('?sort=name&order=asc&per_page=50')).body.data.map((p) => p.first_name.toLowerCase())
    expect(names).toEqual([...names].sort())
    const signIns = (await list('?sort=sign_in_count&order=asc&per_page=50')).body.data.map((p) => p.sign_in_count)
    expect(signIns).toEqual([...signIns].sort((a, b) => a - b))
    expect((await list('?sort=completed_challenges&order=desc')).status).toBe(200)
    const created = (await list('?sort=created_at&order=asc&per_page=50')).body.data.map((p) => p.created_at)
    expect(created).toEqual([...created].sort())
  })

  it('filters by status and tag, and answers the benchmark query exactly', async () => {
    const { list, people } = await setup()
    const blocked = await list('?status=blocked&per_page=50')
    expect(blocked.body.meta.total).toBe(9)
    expect(blocked.body.data.every((p) => p.status === 'blocked')).toBe(true)
    const founders = await list('?tag=founding&per_page=50')
    expect(founders.body.meta.total).toBe(15)
    expect(founders.body.data.every((p) => p.tag_list.includes('founding'))).toBe(true)
    // bench/admin.ts: ?sort=points&order=desc&tag=<tag>&status=active
    const bench = await list('?sort=points&order=desc&tag=vip&status=active')
    const expected = people
      .filter((_, i) => i % 3 !== 2 && i % 5 !== 0)
      .sort((a, b) => b.points - a.points || b.id - a.id)
      .map((p) => p.id)
    expect(bench.body.meta.total).toBe(expected.length)
    expect(bench.body.data.map((p) => p.id)).toEqual(expected.slice(0, 20))
    expect((await list('?sort=points&order=desc&tag=vip&status=active&page=2')).body.data.map((p) => p.id)).toEqual(expected.slice(20, 40))
    // The same page through the other plan (tag walk over the sort index) agrees.
    expect((await list('?sort=points&order=desc&tag=vip&status=active&q=p')).body.data.map((p) => p.id)).toEqual(expected.slice(0, 20))
    expect((await list('?tag=nobody')).body.meta.total).toBe(0)
  })

  it('searches e-mail, first name, last name and "first last" by prefix, case-insensitively', async () => {
    const { list } = await setup()
    expect((await list('?q=p07@')).body.data.map((p) => p.email)).toEqual(['p07@example.com'])
    expect((await list('?q=FIRST1&per_page=50')).body.meta.total).toBe(11) // First1, First10..First19
    expect((await list('?q=last4')).body.data.map((p) => p.last_name).sort()).toEqual(['Last4', 'Last40', 'Last41', 'Last42', 'Last43', 'Last44'])
    expect((await list('?q=first12 last1')).body.data.map((p) => p.email)).toEqual(['p12@example.com'])
    expect((await list('?q=Zoë Ál')).body.data.map((p) => p.email)).toEqual(['p03@example.com'])
    expect((await list('?q=%25')).body.meta.total).toBe(0) // a LIKE wildcard is just text
  })

  it("shows only the program's own participants, with the entity's fields and no secrets", async () => {
    const { list, links, admin } = await setup()
    const page = await list('?per_page=50')
    expect(page.body.data.every((p) => p.email !== 'p01@example.com' || p.first_name !== 'Other')).toBe(true)
    const p = page.body.data.find((x) => x.email === 'p01@example.com')!
    expect(p).toMatchObject({ name: 'First1 Last1', short_name: 'First1 L.', censured_email: 'p*1@example.com', tag_list: ['founding', 'vip'], staff: false, gender: null, rewards_earned: 0 })
    expect(Object.keys(p)).not.toContain('referral_code')
    expect(JSON.stringify(page.body)).not.toMatch(/referral_code|token|hash/)
    const other = await admin.json<ParticipantListResponse>(`/admin/v2/programs/${links.id}/participants`)
    expect(other.body.data.map((x) => x.first_name)).toEqual(['Other'])
  })
})

// SQLite's query planner reading the indexes: the same engine under D1 (which runs no EXPLAIN from a
// binding), so checked on libSQL only.
describe.skipIf(onD1)('participants list query plans', () => {
  /** The statements one list request runs, each with SQLite's EXPLAIN QUERY PLAN. */
  async function plans(query: string) {
    const { t, list } = await setup()
    const seen: { sql: string; args: unknown[] }[] = []
    const client = t.client!
    const execute = client.execute.bind(client)
    client.execute = (async (stmt: { sql: string; args?: unknown[] } | string, ...rest: unknown[]) => {
      if (typeof stmt === 'object' && /from "participant(s|_tags)"/.test(stmt.sql)) seen.push({ sql: stmt.sql, args: stmt.args ?? [] })
      return (execute as (...a: unknown[]) => unknown)(stmt, ...rest)
    }) as typeof client.execute
    expect((await list(query)).status).toBe(200)
    client.execute = execute
    const out: { sql: string; plan: string }[] = []
    for (const s of seen) {
      const res = await client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args as never })
      out.push({ sql: s.sql, plan: res.rows.map((r) => String(r.detail)).join(' | ') })
    }
    return out
  }

  it('reads the page and the count of the benchmark query from participant_tags_list_idx, without sorting', async () => {
    const statements = await plans('?sort=points&order=desc&tag=vip&status=active')
    const count = statements.find((s) => /count\(\*\)/i.test(s.sql))!
    const page = statements.find((s) => /limit/i.test(s.sql))!
    // e.g. "SEARCH participant_tags USING COVERING INDEX participant_tags_list_idx (program_id=? AND tag=? AND status=?)"
    expect(count.plan).toMatch(/USING COVERING INDEX participant_tags_list_idx \(program_id=\? AND tag=\? AND status=\?\)/)
    // e.g. "SEARCH participant_tags USING COVERING INDEX participant_tags_list_idx (...) | SEARCH participants USING INTEGER PRIMARY KEY (rowid=?)"
    expect(page.plan).toMatch(/participant_tags_list_idx \(program_id=\? AND tag=\? AND status=\?\)/)
    expect(page.plan).toMatch(/SEARCH participants USING INTEGER PRIMARY KEY/)
    expect(page.plan).not.toMatch(/TEMP B-TREE/)
  })

  it('sorts a status filter by points from its index and searches by index ranges', async () => {
    const byStatus = (await plans('?sort=points&order=desc&status=active')).find((s) => /limit/i.test(s.sql))!
    expect(byStatus.plan).toMatch(/participants_program_status_points_idx/)
    expect(byStatus.plan).not.toMatch(/TEMP B-TREE/)
    const byName = (await plans('?sort=name&order=asc')).find((s) => /limit/i.test(s.sql))!
    expect(byName.plan).toMatch(/participants_program_name_idx/)
    expect(byName.plan).not.toMatch(/TEMP B-TREE/)
    const search = (await plans('?q=first1')).find((s) => /count\(\*\)/i.test(s.sql))!
    expect(search.plan).toMatch(/MULTI-INDEX OR/)
    expect(search.plan).toMatch(/participants_program_email_uq/)
    expect(search.plan).toMatch(/participants_program_name_idx/)
    expect(search.plan).toMatch(/participants_program_last_name_idx/)
  })
})
