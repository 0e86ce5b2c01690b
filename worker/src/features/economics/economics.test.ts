import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { economicsBlockSchemas, economicsBlocks, economicsReportSchema } from '../../../../sdk/contract/console/economics'
import { programSettingsSchema } from '../../../../sdk/contract/console/settings'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { adminBrowser, makeAdmin } from '../../../test/console-fixtures'
import { createApiKey } from '../integrations/api-keys'
import { economicsWorld } from './economics-fixtures'

type Json = Record<string, any>

async function setup() {
  const t = await makeTestApp()
  const w = await economicsWorld(t)
  const base = `/admin/v2/programs/${w.program.id}`
  const get = async (path: string) => {
    const res = await w.browser.request(`${base}${path}`)
    return { status: res.status, body: (await res.json()) as Json }
  }
  // 0.015 USD a point, through the settings screen's own call.
  const saved = await w.browser.json<Json>(`${base}/settings/general`, { method: 'PATCH', json: { name: w.program.name, point_value: '0.015', currency: 'usd' } })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  return { t, w, base, get, period: `from=${w.month(-2)}-01` }
}

/** The fixture's ledger, as economics-fixtures.ts tells it, counted by the report's rules. */
const ALL_TIME = { earned: 915 - 40, spent: 130 - 10, expired: 20 }

describe('program economics report', () => {
  it('holds the fixture exactly: outstanding, liability, rates all time and for the period', async () => {
    const { w, get, period, t } = await setup()
    const res = await get(`/economics?${period}`)
    expect(res.status).toBe(200)
    const report = economicsReportSchema.parse(res.body.data)
    const summary = ok(report.summary)
    expect(report.period).toEqual({ from: `${w.month(-2)}-01`, to: new Date(t.clock.now()).toISOString().slice(0, 10) })
    expect(summary).toEqual({
      point_value: 0.015,
      currency: 'USD',
      // A 130 + B 180 + S (staff) 400 + C 20.
      points_outstanding: 730,
      liability: 10.95,
      redemption_rate: ALL_TIME.spent / ALL_TIME.earned,
      breakage_rate: ALL_TIME.expired / ALL_TIME.earned,
      all_time: { ...ALL_TIME, redemption_rate: 120 / 875, breakage_rate: 20 / 875 },
      // From M-2: A's 100 and 50 are older; the receipt's 40 is reversed; the refund gives 10 back.
      period: { ...report.period, earned: 200 + 40 - 40 + 500 + 25, spent: 30 - 10 + 100, expired: 20, redemption_rate: 120 / 725, breakage_rate: 20 / 725 },
    })
  })

  it('equals the sum of the participants export unused_points and the ledger balance', async () => {
    const { w, get, t, base } = await setup()
    const outstanding = ok(economicsReportSchema.parse((await get('/economics')).body.data).summary).points_outstanding
    const csv = await w.browser.request(`${base}/participants.csv`)
    expect(csv.status).toBe(200)
    const [header, ...rows] = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data
    const col = header!.indexOf('unused_points')
    expect(rows).toHaveLength(4)
    expect(rows.reduce((n, r) => n + Number(r[col]), 0)).toBe(outstanding)
    const ledger = await t.execute(`SELECT sum(delta) AS n FROM points_ledger WHERE program_id = ${w.program.id}`)
    expect(Number(ledger.rows[0]!.n)).toBe(outstanding)
    expect(outstanding).toBe(730)
  })

  it('splits earn and burn by source and month, challenges by type', async () => {
    const { w, get } = await setup()
    const all = ok(economicsReportSchema.parse((await get(`/economics?from=${w.month(-14)}-01`)).body.data).earn_burn)
    const row = (source: string, earned: number, spent: number, deducted: number, expired: number, challenge_type: string | null = null) => ({
      source,
      challenge_type,
      earned,
      spent,
      deducted,
      expired,
      net: earned - spent - deducted - expired,
    })
    expect(all.sources).toEqual([
      row('admin', 50 + 25, 0, 5, 20),
      row('api', 200, 0, 0, 0),
      row('challenge', 100, 0, 0, 0, 'video'),
      row('purchase_proof', 0, 0, 0, 0),
      row('referral', 500, 0, 0, 0),
      row('reward', 0, 120, 0, 0),
    ])
    expect(all.sources.reduce((n, r) => n + r.net, 0)).toBe(730)
    expect(all.months.map((m) => m.month)).toEqual([w.month(-14), w.month(-13), w.month(-2), w.month(-1), w.month(0)])
    expect(all.months[3]!.sources).toEqual([row('admin', 0, 0, 0, 20), row('purchase_proof', 0, 0, 0, 0), row('referral', 500, 0, 0, 0), row('reward', 0, -10, 0, 0)])
    // The default period (twelve months to today) leaves M-14 and M-13 out.
    const recent = ok(economicsReportSchema.parse((await get('/economics')).body.data).earn_burn)
    expect(recent.sources.map((r) => [r.source, r.earned])).toEqual([
      ['admin', 25],
      ['api', 200],
      ['purchase_proof', 0],
      ['referral', 500],
      ['reward', 0],
    ])
  })

  it('forecasts the expiring points by the 12-month rule, oldest points used first, with the expected breakage', async () => {
    const { w, get } = await setup()
    const forecast = ok(economicsReportSchema.parse((await get('/economics')).body.data).forecast)
    expect(forecast.expiry_rule).toEqual({ active: true, months_after_earning: 12 })
    // A's M-14 and M-13 lots (70 and 50 left after the spend of 30) are past 12 months.
    expect(forecast.overdue_points).toBe(120)
    expect(forecast.expected_breakage_rate).toBe(20 / (120 + 20))
    expect(forecast.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => w.month(i)))
    const due = Object.fromEntries(forecast.months.filter((m) => m.points_expiring).map((m) => [m.month, m]))
    // M-2's lot: B's 200 less the 20 expired and the 40 reversed (oldest first); M-1's: A's refund 10, B's receipt 40, S's 500 less 100 spent.
    expect(due).toEqual({
      [w.month(10)]: { month: w.month(10), points_expiring: 140, value: 2.1, expected_breakage: 20, expected_breakage_value: 0.3 },
      [w.month(11)]: { month: w.month(11), points_expiring: 450, value: 6.75, expected_breakage: 64, expected_breakage_value: 0.96 },
    })
    expect(forecast.total_points_expiring).toBe(590)
    expect(forecast.total_expected_breakage).toBe(84)
  })

  it('counts members only (staff left out) in participation, retention and tiers', async () => {
    const { w, get } = await setup()
    const report = economicsReportSchema.parse((await get(`/economics?from=${w.month(-2)}-01`)).body.data)
    expect(ok(report.participation).months).toEqual([
      { month: w.month(-2), active: 2, members: 2, participation_rate: 1 },
      { month: w.month(-1), active: 1, members: 2, participation_rate: 0.5 },
      { month: w.month(0), active: 1, members: 3, participation_rate: 1 / 3 },
    ])
    expect(ok(report.retention).cohorts).toEqual([
      {
        cohort: w.month(-2),
        size: 1,
        months: [
          { offset: 0, month: w.month(-2), active: 1, rate: 1 },
          { offset: 1, month: w.month(-1), active: 1, rate: 1 },
          { offset: 2, month: w.month(0), active: 0, rate: 0 },
        ],
      },
      // S, staff, joined in M-1: an empty cohort.
      { cohort: w.month(-1), size: 0, months: [{ offset: 0, month: w.month(-1), active: 0, rate: null }, { offset: 1, month: w.month(0), active: 0, rate: null }] },
      { cohort: w.month(0), size: 1, months: [{ offset: 0, month: w.month(0), active: 1, rate: 1 }] },
    ])
    const tiers = ok(report.tiers)
    expect(tiers.tiers).toEqual([
      { tier_id: w.tiers.bronze.id, name: 'Bronze', points_threshold_min: 0, points_threshold_max: 999, members: 2, moves_up: 1, moves_down: 1 },
      { tier_id: w.tiers.silver.id, name: 'Silver', points_threshold_min: 1000, points_threshold_max: 4999, members: 1, moves_up: 1, moves_down: 0 },
      { tier_id: null, name: 'No tier', points_threshold_min: null, points_threshold_max: null, members: 0, moves_up: 0, moves_down: 0 },
    ])
    expect(tiers.months.at(-1)).toEqual({ month: w.month(0), moves_up: 2, moves_down: 1 })
    expect(tiers.months.slice(0, -1).every((m) => m.moves_up === 0 && m.moves_down === 0)).toBe(true)

    // Made staff, C leaves every member count; made a member again, C is back.
    const scope = programScope(w.scope.db, w.program.id)
    const { eq } = await import('drizzle-orm')
    const { participants } = await import('../../db/schema')
    await scope.update(participants, { staff: true }, eq(participants.id, w.people.c.id))
    const staffed = economicsReportSchema.parse((await get(`/economics?from=${w.month(-2)}-01`)).body.data)
    expect(ok(staffed.participation).months.at(-1)).toEqual({ month: w.month(0), active: 0, members: 2, participation_rate: 0 })
    expect(ok(staffed.tiers).tiers[0]!.members).toBe(1)
    expect(ok(staffed.summary).points_outstanding).toBe(730)
    await scope.update(participants, { staff: false }, eq(participants.id, w.people.c.id))
    expect(economicsReportSchema.parse((await get(`/economics?from=${w.month(-2)}-01`)).body.data)).toEqual(report)
  })

  it('answers each block alone, and each table as CSV', async () => {
    const { get, w, base, period } = await setup()
    const whole = economicsReportSchema.parse((await get(`/economics?${period}`)).body.data)
    for (const block of economicsBlocks) {
      const one = await get(`/economics/${block}?${period}`)
      expect(one.status).toBe(200)
      expect(economicsBlockSchemas[block].parse(one.body.data)).toEqual(ok(whole[block] as { ok: true; data: unknown }))
      const csv = await w.browser.request(`${base}/economics/${block}.csv?${period}`)
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="economics-${block}-.+\\.csv"$`))
    }
    const csv = await w.browser.request(`${base}/economics/forecast.csv?${period}`)
    const lines = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data
    expect(lines[0]).toEqual(['month', 'points_expiring', 'value', 'expected_breakage', 'expected_breakage_value', 'currency'])
    expect(lines[1]).toEqual(['overdue', '120', '', '', '', 'USD'])
    expect(lines.find((l) => l[0] === w.month(11))).toEqual([w.month(11), '450', '6.75', '64', '0.96', 'USD'])
  })

  it('answers the other blocks when one fails', async () => {
    const { get, t } = await setup()
    await t.execute('DROP TABLE program_tier_moves')
    const res = await get('/economics')
    expect(res.status).toBe(200)
    const report = economicsReportSchema.parse(res.body.data)
    expect(report.tiers).toEqual({ ok: false, error: { code: 'internal_error', message: 'This block could not be computed' } })
    expect(ok(report.summary).points_outstanding).toBe(730)
    expect([report.earn_burn.ok, report.forecast.ok, report.participation.ok, report.retention.ok]).toEqual([true, true, true, true])
    expect((await get('/economics/tiers')).status).toBe(500)
  })

  it('refuses a bad period naming the field, and callers without dashboard view or of another program', async () => {
    const { get, t, w, base } = await setup()
    const bad = await get('/economics?from=2025-02-30')
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.body)).toMatch(/from/)
    const reversed = await get('/economics?from=2025-03-01&to=2025-02-01')
    expect(reversed.status).toBe(422)
    expect(JSON.stringify(reversed.body)).toMatch(/to: must be on or after from|"to":"must be on or after from"/)
    expect((await get('/economics/tiers.csv?to=yesterday')).status).toBe(422)
    const other = await makeAdmin(t, { organizationId: w.org.id, grants: [[w.program.id, 'users:view']] })
    expect((await (await adminBrowser(t, other)).request(`${base}/economics`)).status).toBe(403)
    const viewer = await makeAdmin(t, { organizationId: w.org.id, grants: [[w.program.id, 'dashboard:view']] })
    expect((await (await adminBrowser(t, viewer)).request(`${base}/economics/summary`)).status).toBe(200)
    const demo = (await t.execute("SELECT id FROM programs WHERE public_key = 'demo'")).rows[0]!.id
    expect((await (await adminBrowser(t, viewer)).request(`/admin/v2/programs/${demo}/economics`)).status).toBe(403)
  })

  it('keeps the point value in settings (general), refusing bad values by field', async () => {
    const { w, base } = await setup()
    const patch = (json: Json) => w.browser.json<Json>(`${base}/settings/general`, { method: 'PATCH', json: { name: w.program.name, ...json } })
    const read = async () => programSettingsSchema.parse((await w.browser.json<Json>(`${base}/settings`)).body.data)
    expect(await read()).toMatchObject({ point_value: 0.015, currency: 'USD' })
    const bad = await patch({ point_value: 'ten', currency: 'USD' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ point_value: expect.stringMatching(/Point value must be a number/) })
    expect((await patch({ point_value: '0.0000001', currency: 'USD' })).body.errors).toHaveProperty('point_value')
    expect((await patch({ point_value: '0.01', currency: 'DOLLARS' })).body.errors).toHaveProperty('currency')
    expect((await patch({ point_value: '0.01' })).body.errors).toEqual({ currency: 'Currency is required with a point value' })
    expect((await patch({ currency: 'EUR' })).body.errors).toEqual({ point_value: 'Point value is required with a currency' })
    // Left out, they stay; a name-only save (the form before issue 27) keeps them.
    expect((await patch({})).status).toBe(200)
    expect(await read()).toMatchObject({ point_value: 0.015, currency: 'USD' })
    expect((await patch({ point_value: 2, currency: 'JPY' })).status).toBe(200)
    const summary = (await w.browser.json<Json>(`${base}/economics/summary`)).body.data
    expect(summary).toMatchObject({ point_value: 2, currency: 'JPY', liability: 1460 })
    expect((await patch({ point_value: '', currency: null })).status).toBe(200)
    expect((await w.browser.json<Json>(`${base}/economics/summary`)).body.data).toMatchObject({ point_value: null, currency: null, liability: null, points_outstanding: 730 })
  })

  it('answers the same report in /api/v1 with a program API key, listed in the OpenAPI document', async () => {
    const { t, w, get, period } = await setup()
    const made = await createApiKey(programScope(t.db, w.program.id), t.deps, { name: 'finance', expires_at: new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, null)
    const key = (made.result.data as { api_key: string }).api_key
    const res = await t.app.request(`/api/v1/economics?${period}`, { headers: { authorization: `Bearer ${key}` } })
    expect(res.status).toBe(200)
    expect(economicsReportSchema.parse(await res.json())).toEqual(economicsReportSchema.parse((await get(`/economics?${period}`)).body.data))
    const bad = await t.app.request('/api/v1/economics?to=2025-13-01', { headers: { authorization: `Bearer ${key}` } })
    expect(bad.status).toBe(422)
    expect((await t.app.request('/api/v1/economics')).status).toBe(401)
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as Json
    expect(doc.paths['/api/v1/economics'].get.operationId).toBe('getEconomics')
    expect(doc.components.schemas.EconomicsReport).toBeTruthy()
  })
})

function ok<T>(block: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!block.ok) throw new Error(`block failed: ${JSON.stringify(block.error)}`)
  return block.data
}

