import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminProgramPermissions, adminUsers, programs, programTemplateDetails } from '../../db/schema'
import { can, listPermissions } from './permissions'
import { lastMail, makeTestApp, type TestBrowser } from '../../../test/helpers'

async function adminSignIn(t: Awaited<ReturnType<typeof makeTestApp>>, email: string): Promise<TestBrowser> {
  const b = t.browser()
  const start = await b.json<{ success: boolean; data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email } })
  expect(start.body.success).toBe(true)
  const code = (await lastMail(t.db, email))!.code
  const verify = await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
  expect(verify.status, JSON.stringify(verify.body)).toBe(200)
  expect(verify.body).toMatchObject({ success: true, redirect_to: '/admin/v2' })
  return b
}

describe('console sign-in', () => {
  it('answers known and unknown e-mails alike and mails a code only to admins', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const known = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email: 'admin@tessera.dev' } })
    const unknown = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email: 'mallory@example.com' } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(Object.keys(unknown.body.data)).toEqual(Object.keys(known.body.data))
    expect(await lastMail(t.db, 'admin@tessera.dev')).not.toBeNull()
    expect(await lastMail(t.db, 'mallory@example.com')).toBeNull()
  })

  it('validates with the spec messages', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const empty = await b.json<{ error: { fields: Record<string, string> } }>('/admin/v2/auth/start', { json: { email: '' } })
    expect(empty.status).toBe(422)
    expect(empty.body.error.fields.email).toBe('Email is required')
    const otp = await b.json<{ error: { fields: Record<string, string> } }>('/admin/v2/auth/verify', { json: { otp: '', browser_token: 'x' } })
    expect(otp.body.error.fields.otp).toBe('OTP is required')
  })

  it('signs in with the code, refuses a wrong one with Invalid OTP, and signs out', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email: 'admin@tessera.dev' } })
    const code = (await lastMail(t.db, 'admin@tessera.dev'))!.code!
    const wrong = await b.json('/admin/v2/auth/verify', { json: { otp: code === '000000' ? '111111' : '000000', browser_token: start.body.data.browser_token } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid OTP')
    const ok = await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
    expect(ok.status).toBe(200)
    const me = await b.json<{ user: { email: string }; programs: unknown[] }>('/admin/v2/me')
    expect(me.body.user.email).toBe('admin@tessera.dev')
    expect(me.body.programs.length).toBe(2)
    const out = await b.request('/admin/v2/auth/sign_out', { form: { _method: 'delete', authenticity_token: b.csrf! }, csrf: false })
    expect(out.status).toBe(200)
    expect((await b.request('/admin/v2/me')).status).toBe(401)
  })

  it('expires console codes after 10 minutes', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email: 'admin@tessera.dev' } })
    const code = (await lastMail(t.db, 'admin@tessera.dev'))!.code
    t.clock.advance(10 * 60 * 1000)
    expect((await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })).status).toBe(401)
  })

  it('signs in with an e-mailed link only through the confirm POST', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const r = await b.json('/admin/v2/auth/sign_in', { json: { email: 'manager@tessera.dev' } })
    expect(r.status).toBe(200)
    const link = new URL((await lastMail(t.db, 'manager@tessera.dev'))!.link!)
    const page = await b.request(`${link.pathname}${link.search}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect((await b.request('/admin/v2/me')).status).toBe(401)
    const post = await b.request('/admin/v2/auth/link', { form: { token: link.searchParams.get('token')!, authenticity_token: await b.fetchCsrf() }, csrf: false })
    expect(post.status).toBe(303)
    expect((await b.request('/admin/v2/me')).status).toBe(200)
  })

  it('requires CSRF on console posts', async () => {
    const t = await makeTestApp()
    const b = await adminSignIn(t, 'admin@tessera.dev')
    expect((await b.request('/admin/v2/programs', { json: { name: 'New one' }, csrf: false })).status).toBe(403)
  })
})

describe('permission middleware', () => {
  it('lets a super admin in everywhere but behind features that are off', async () => {
    const t = await makeTestApp()
    const b = await adminSignIn(t, 'admin@tessera.dev')
    const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const ok = await b.json<{ data: { active_participants: { total: number } } }>(`/admin/v2/programs/${demo!.id}/dashboard/program_performance_metrics`)
    expect(ok.status).toBe(200)
    expect(ok.body.data.active_participants.total).toBeGreaterThanOrEqual(0)
    const created = await b.json<{ data: { name: string } }>('/admin/v2/programs', { json: { name: 'Coffee Club' } })
    expect(created.status).toBe(201)
    // The same name again: a new slug, and each program has its own template row (written in one batch with it).
    expect((await b.json('/admin/v2/programs', { json: { name: 'Coffee Club' } })).status).toBe(201)
    const made = await t.db.select().from(programs).where(eq(programs.name, 'Coffee Club'))
    expect(new Set(made.map((p) => p.publicKey)).size).toBe(2)
    const templates = await t.db.select().from(programTemplateDetails).where(inArray(programTemplateDetails.programId, made.map((p) => p.id)))
    expect(templates.map((r) => r.elementCssStyle)).toEqual([{}, {}])
  })

  it('allows granted pairs, denies the rest with the spec message', async () => {
    const t = await makeTestApp()
    const b = await adminSignIn(t, 'receipts@tessera.dev')
    const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const denied = await b.json(`/admin/v2/programs/${demo!.id}/dashboard/program_performance_metrics`)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You are not allowed to access this page')
    expect((await b.json('/admin/v2/programs', { json: { name: 'Nope' } })).status).toBe(403)
    const m = await adminSignIn(t, 'manager@tessera.dev')
    expect((await m.json(`/admin/v2/programs/${demo!.id}/dashboard/program_performance_metrics`)).status).toBe(200)
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    expect((await m.json(`/admin/v2/programs/${links!.id}/dashboard/program_performance_metrics`)).status).toBe(403)
  })


  it("reads a request's session, program and grants in one batch (on D1 one round trip, not three)", async () => {
    const t = await makeTestApp()
    const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const receipts = await adminSignIn(t, 'receipts@tessera.dev')
    const manager = await adminSignIn(t, 'manager@tessera.dev')
    const seen: string[] = []
    const stop = t.watch((sql) => seen.push(sql))
    const denied = await receipts.json(`/admin/v2/programs/${demo!.id}/dashboard/program_performance_metrics`)
    stop()
    expect(denied.status).toBe(403)
    // The batch is not a statement of its own: a refusal sends nothing else.
    expect(seen).toEqual([])
    // The grants read in the batch are this session's admin's: the manager holds dashboard:view, receipts does not.
    expect((await manager.json(`/admin/v2/programs/${demo!.id}/dashboard/program_performance_metrics`)).status).toBe(200)
    // A program that does not exist is still a 404 for an admin who may see every program.
    const admin = await adminSignIn(t, 'admin@tessera.dev')
    expect((await admin.json('/admin/v2/programs/999999/dashboard/program_performance_metrics')).status).toBe(404)
  })
  it('needs a signed-in admin', async () => {
    const t = await makeTestApp()
    const res = await t.browser().json('/admin/v2/programs/1/dashboard/program_performance_metrics')
    expect(res.status).toBe(401)
  })

  it('decides by the rules of section 6', async () => {
    const t = await makeTestApp()
    const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const [manager] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'manager@tessera.dev'))
    const grants = await t.db.select().from(adminProgramPermissions).where(eq(adminProgramPermissions.adminUserId, manager!.id))
    const program = demo!
    expect(can(manager!, program, grants, 'users', 'view')).toBe(true) // manage implies view
    expect(can(manager!, program, grants, 'users', 'manage')).toBe(true)
    expect(can(manager!, program, grants, 'receipts', 'update')).toBe(false) // only view granted
    expect(can(manager!, program, grants, 'organization', 'manage')).toBe(false)
    expect(can(manager!, program, grants, 'nonsense', 'view')).toBe(false) // unknown denied
    expect(can(manager!, program, grants, 'users', 'destroy')).toBe(false)
    const receiptsOff = { ...program, features: { ...program.features, receipts: false } }
    expect(can(manager!, receiptsOff, grants, 'receipts', 'view')).toBe(false) // feature overrides
    const superAdmin = { ...manager!, isSuperAdmin: true }
    expect(can(superAdmin, receiptsOff, [], 'receipts', 'view')).toBe(false)
    expect(can(superAdmin, program, [], 'super_admin', 'view')).toBe(true)
    const orgAdmin = { ...manager!, isOrganizationAdmin: true }
    expect(can(orgAdmin, program, [], 'organization', 'manage')).toBe(true)
    expect(can(orgAdmin, program, [], 'super_admin', 'view')).toBe(false)
    expect(can(orgAdmin, { ...program, organizationId: 999 }, [], 'users', 'view')).toBe(false)
    expect(listPermissions(manager!, program, grants)).toContain('dashboard:view')
  })
})
