import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PerformanceMetrics } from '../../../../sdk/contract/console/dashboard'
import { visitEvents, visits } from '../../db/schema'
import { adminSignIn, programByKey } from '../../../test/dashboard-fixtures'
import { makeTestApp } from '../../../test/helpers'
import { VISITS_PER_IP } from './public'

type Init = { ip?: string; origin?: string; type?: string; key?: string }

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  // Like the widgets: no cookie, a simple text/plain request, the program by key.
  const post = (path: string, body: unknown, init: Init = {}) =>
    t.app.request(`http://localhost${path}?program=${init.key ?? 'demo'}`, {
      method: 'POST',
      headers: { 'content-type': init.type ?? 'text/plain', 'cf-connecting-ip': init.ip ?? '203.0.113.7', ...(init.origin ? { origin: init.origin } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const token = (n: number | string) => `tab-token-${String(n).padStart(8, '0')}`
  const metrics = async () => {
    const admin = await adminSignIn(t, 'admin@tessera.dev')
    return (await admin.json<{ data: PerformanceMetrics }>(`/admin/v2/programs/${demo.id}/dashboard/program_performance_metrics`)).body.data.program_visits
  }
  return { t, demo, post, token, metrics }
}

describe('POST /ahoy/visits and /ahoy/events', () => {
  it('counts one visit per token, records view events, sets no cookie, and feeds the Program visits card', async () => {
    const { t, demo, post, token, metrics } = await setup()
    const first = await post('/ahoy/visits', { visit_token: token(1), landing_page: 'http://localhost/', referrer: 'https://search.example/', surface: 'site' })
    expect(first.status).toBe(201)
    expect(first.headers.get('set-cookie')).toBeNull()
    expect(await first.json()).toEqual({ visit_token: token(1), created: true })
    const again = await post('/ahoy/visits', { visit_token: token(1), surface: 'site' }, { type: 'application/json' })
    expect(again.status).toBe(200)
    const views = await post('/ahoy/events', { visit_token: token(1), events: [{ name: 'view', properties: { program_id: demo.id, page: '/rewards' } }] })
    expect(views.status).toBe(200)
    expect(views.headers.get('set-cookie')).toBeNull()
    // An events call for a visit the server has not seen starts it (its visits call was lost).
    expect((await post('/ahoy/events', { visit_token: token(2), events: [{ name: 'view', properties: { page: '/' } }] })).status).toBe(200)

    const rows = await t.db.select().from(visits).where(eq(visits.programId, demo.id))
    expect(rows.map((r) => [r.visitToken, r.landingPage, r.surface])).toEqual([
      [token(1), 'http://localhost/', 'site'],
      [token(2), '/', null],
    ])
    const events = await t.db.select().from(visitEvents).where(eq(visitEvents.programId, demo.id))
    expect(events.map((e) => [e.name, e.properties])).toEqual([
      ['view', { program_id: demo.id, page: '/rewards' }],
      ['view', { program_id: demo.id, page: '/' }],
    ])
    expect(await metrics()).toEqual({ total: 2, recent: 2 })
  })

  it("starts a visit with its first page's view in one call, atomically: a bad event records neither", async () => {
    const { t, demo, post, token, metrics } = await setup()
    const view = { name: 'view', properties: { page: '/' } }
    const started = await post('/ahoy/visits', { visit_token: token(1), landing_page: 'http://localhost/', referrer: 'https://search.example/', surface: 'site', events: [view] })
    expect(started.status).toBe(201)
    expect(await started.json()).toEqual({ visit_token: token(1), created: true, recorded: 1 })
    // The same call again (a retry): the same visit, its view counted again as a page view.
    expect((await post('/ahoy/visits', { visit_token: token(1), events: [view] })).status).toBe(200)
    const bad = await post('/ahoy/visits', { visit_token: token(2), surface: 'site', events: [view, { name: 'view', properties: { program_id: demo.id + 1000 } }] })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'events.1.properties.program_id': 'is not this program' })
    const wrong = await post('/ahoy/visits', { visit_token: token(3), events: [{ name: 'click' }] })
    expect(wrong.status).toBe(422)
    expect(JSON.stringify(await wrong.json())).toContain('events.0.name')

    const rows = await t.db.select().from(visits).where(eq(visits.programId, demo.id))
    expect(rows.map((r) => [r.visitToken, r.landingPage, r.referrer, r.surface])).toEqual([[token(1), 'http://localhost/', 'https://search.example/', 'site']])
    const events = await t.db.select().from(visitEvents).where(eq(visitEvents.programId, demo.id))
    expect(events.map((e) => [e.name, e.properties])).toEqual([
      ['view', { program_id: demo.id, page: '/' }],
      ['view', { program_id: demo.id, page: '/' }],
    ])
    expect(await metrics()).toEqual({ total: 1, recent: 1 })
  })

  it('limits visits per client address; another address still counts', async () => {
    const { post, token, metrics } = await setup()
    for (let i = 0; i < VISITS_PER_IP.limit; i++) expect((await post('/ahoy/visits', { visit_token: token(i) })).status).toBe(201)
    const refused = await post('/ahoy/visits', { visit_token: token('over') })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post('/ahoy/visits', { visit_token: token('other') }, { ip: '198.51.100.9' })).status).toBe(201)
    expect(await metrics()).toEqual({ total: VISITS_PER_IP.limit + 1, recent: VISITS_PER_IP.limit + 1 })
  })

  it('refuses bad input naming the field, unknown programs, other programs’ ids and unlisted partner origins', async () => {
    const { demo, post, token, metrics } = await setup()
    const short = await post('/ahoy/visits', { visit_token: 'abc' })
    expect(short.status).toBe(422)
    expect(((await short.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('visit_token')
    const badEvent = await post('/ahoy/events', { visit_token: token(1), events: [{ name: 'click' }] })
    expect(badEvent.status).toBe(422)
    const otherProgram = await post('/ahoy/events', { visit_token: token(1), events: [{ name: 'view', properties: { program_id: demo.id + 1000 } }] })
    expect(otherProgram.status).toBe(422)
    expect((await post('/ahoy/visits', 'not json')).status).toBe(400)
    expect((await post('/ahoy/visits', { visit_token: token(1) }, { type: 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await post('/ahoy/visits', { visit_token: token(1) }, { key: 'nope' })).status).toBe(404)
    expect((await post('/ahoy/visits', { visit_token: token(1) }, { origin: 'https://evil.example' })).status).toBe(403)
    expect(await metrics()).toEqual({ total: 0, recent: 0 })
  })
})
