import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inviteAdminFormSchema, organizationAdminsPageSchema, organizationProgramsPageSchema } from '../../../../sdk/contract/console/organization'
import { adminProgramPermissions, adminUsers, devMailbox, outbox } from '../../db/schema'
import { adminBrowser, makeAdmin, makeOrganization, makeProgram, programByKey } from '../../../test/console-fixtures'
import { lastMail, makeTestApp, type TestBrowser } from '../../../test/helpers'

type Json = Record<string, any>

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const [orgAdmin] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'admin@tessera.dev'))
  const otherOrg = await makeOrganization(t, 'Elsewhere Inc.')
  const foreign = await makeProgram(t, otherOrg.id, { name: 'Elsewhere Rewards' })
  return { t, demo, links, orgAdmin: orgAdmin!, otherOrg, foreign }
}

async function signInWithCode(t: Awaited<ReturnType<typeof makeTestApp>>, email: string): Promise<TestBrowser> {
  const b = t.browser()
  const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email } })
  const code = (await lastMail(t.db, email))?.code
  expect(code, 'a sign-in code was mailed').toMatch(/^\d{6}$/)
  const verify = await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
  expect(verify.status).toBe(200)
  return b
}

const countRows = async (t: Awaited<ReturnType<typeof makeTestApp>>) => ({
  admins: (await t.db.select().from(adminUsers)).length,
  grants: (await t.db.select().from(adminProgramPermissions)).length, // tenant-guard: allow (test)
  outbox: (await t.db.select().from(outbox)).length,
  mail: (await t.db.select().from(devMailbox)).length,
})

describe('invite admin', () => {
  it('answers a form definition with the organization programs and grantable permissions', async () => {
    const { t, orgAdmin, demo, links, foreign } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const res = await b.json<Json>('/admin/v2/users/new')
    expect(res.status).toBe(200)
    const form = inviteAdminFormSchema.parse(res.body)
    expect(form.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['first_name', 'string', true],
      ['last_name', 'string', true],
      ['email', 'email', true],
      ['preferred_locale', 'select', false],
      ['organization_admin', 'boolean', false],
    ])
    expect(form.defaultValues).toMatchObject({ preferred_locale: 'en', organization_admin: false, email: '' })
    expect(form.permission_choices.programs.map((p) => p.id).sort()).toEqual([demo.id, links.id].sort())
    expect(form.permission_choices.programs.map((p) => p.id)).not.toContain(foreign.id)
    const pairs = form.permission_choices.permissions.map((p) => `${p.resource}:${p.action}`)
    expect(pairs).toContain('users:manage')
    expect(pairs).toContain('receipts:update')
    expect(pairs.some((p) => p.startsWith('super_admin:') || p.startsWith('organization:'))).toBe(false)
    expect(form.permission_choices.permissions.find((p) => p.resource === 'receipts')?.feature).toBe('receipts')
  })

  it('invites: mail in the dev mailbox, the invitee signs in with a code and has exactly the granted permissions', async () => {
    const { t, orgAdmin, demo, links } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const res = await b.json<Json>('/admin/v2/users', {
      json: {
        first_name: 'Nina',
        last_name: 'New',
        email: '  Nina.New@Example.com ',
        preferred_locale: 'es',
        permissions: [
          { program_id: demo.id, resource: 'users', action: 'view' },
          { program_id: demo.id, resource: 'receipts', action: 'update' },
          { program_id: demo.id, resource: 'users', action: 'view' },
        ],
      },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ success: true, errors: {} })

    // The invitation, through the outbox into the dev mailbox, links to the configured console origin.
    const box = await t.browser().json<{ messages: { subject: string; link: string | null; code: string | null; text: string }[] }>('/_dev/mailbox.json?to=nina.new@example.com')
    expect(box.body.messages).toHaveLength(1)
    expect(box.body.messages[0]!.subject).toBe('You have been invited to the Tessera Demo Co. console')
    expect(box.body.messages[0]!.link).toBe('http://localhost/admin/v2/login')
    expect(box.body.messages[0]!.code).toBeNull()
    expect(box.body.messages[0]!.text).toContain('invited by Ada Admin')

    const invitee = await signInWithCode(t, 'nina.new@example.com')
    const me = await invitee.json<Json>('/admin/v2/me')
    expect(me.body.user).toMatchObject({ email: 'nina.new@example.com', first_name: 'Nina', preferred_locale: 'es' })
    expect(me.body.is_admin).toBe(false)
    expect(me.body.programs.map((p: Json) => p.id)).toEqual([demo.id])
    expect([...me.body.user_permissions[demo.id]].sort()).toEqual(['receipts:update', 'users:view'])
    expect(me.body.organization_permissions).toEqual([])
    // ...and the server enforces exactly those: no users manage, nothing on the other program.
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'nina.new@example.com'))
    const grants = await t.db.select().from(adminProgramPermissions).where(eq(adminProgramPermissions.adminUserId, row!.id)) // tenant-guard: allow (test)
    expect(grants.map((g) => [g.programId, g.resource, g.action]).sort()).toEqual([
      [demo.id, 'receipts', 'update'],
      [demo.id, 'users', 'view'],
    ])
    expect((await invitee.json(`/admin/v2/programs/${demo.id}/dashboard/program_performance_metrics`)).status).toBe(403)
    expect((await invitee.json(`/admin/v2/programs/${links.id}/search?q=a`)).status).toBe(403)
    expect((await invitee.json('/admin/v2/users')).status).toBe(403)
  })

  it('makes an organization admin when asked, with every permission of the organization', async () => {
    const { t, orgAdmin, links } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const res = await b.json<Json>('/admin/v2/users', { json: { first_name: 'Olga', last_name: 'Org', email: 'olga@example.com', organization_admin: true } })
    expect(res.status).toBe(201)
    const olga = await signInWithCode(t, 'olga@example.com')
    const me = await olga.json<Json>('/admin/v2/me')
    expect(me.body.is_admin).toBe(true)
    expect(me.body.user_permissions[links.id]).toContain('users:manage')
    expect(me.body.user_permissions[links.id]).not.toContain('super_admin:view')
  })

  it('refuses bad invitations naming the field, and writes nothing', async () => {
    const { t, orgAdmin, demo, foreign } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const before = await countRows(t)
    const post = (json: Json) => b.json<Json>('/admin/v2/users', { json })
    const ok = { first_name: 'Pia', last_name: 'P', email: 'pia@example.com' }

    const missing = await post({ email: 'not-an-email' })
    expect(missing.status).toBe(422)
    expect(missing.body).toEqual({ success: false, errors: { first_name: 'First name is required', last_name: 'Last name is required', email: 'Please enter a valid email' } })

    const foreignGrant = await post({ ...ok, permissions: [{ program_id: foreign.id, resource: 'users', action: 'view' }] })
    expect(foreignGrant.body).toEqual({ success: false, errors: { permissions: 'must name programs of your organization' } })

    const superGrant = await post({ ...ok, permissions: [{ program_id: demo.id, resource: 'super_admin', action: 'manage' }] })
    expect(superGrant.body.errors.permissions).toBe('super_admin:manage is not a permission that can be granted')
    const unknown = await post({ ...ok, permissions: [{ program_id: demo.id, resource: 'users', action: 'destroy' }] })
    expect(unknown.body.errors.permissions).toBe('users:destroy is not a permission that can be granted')

    const taken = await post({ ...ok, email: 'Manager@tessera.dev' })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ email: 'An admin with this email already exists' })

    expect(await countRows(t)).toEqual(before)
  })

  it('needs organization manage to invite', async () => {
    const { t, demo } = await setup()
    const manager = await makeAdmin(t, { organizationId: demo.organizationId, grants: [[demo.id, 'users:manage']] })
    const b = await adminBrowser(t, manager)
    expect((await b.json('/admin/v2/users/new')).status).toBe(403)
    const res = await b.json('/admin/v2/users', { json: { first_name: 'A', last_name: 'B', email: 'ab@example.com' } })
    expect(res.status).toBe(403)
    expect(await lastMail(t.db, 'ab@example.com')).toBeNull()
  })
})

describe('organization lists', () => {
  it('lists the organization admins with their grants, searchable, never another organization', async () => {
    const { t, orgAdmin, demo, otherOrg } = await setup()
    await makeAdmin(t, { organizationId: otherOrg.id, email: 'stranger@elsewhere.com', organizationAdmin: true })
    const b = await adminBrowser(t, orgAdmin)
    const res = await b.json<Json>('/admin/v2/users')
    expect(res.status).toBe(200)
    const page = organizationAdminsPageSchema.parse(res.body)
    expect(page.data.map((a) => a.email)).toEqual(['admin@tessera.dev', 'manager@tessera.dev', 'receipts@tessera.dev'])
    expect(page.total).toBe(3)
    const rita = page.data.find((a) => a.email === 'receipts@tessera.dev')!
    expect(rita.grants).toEqual([{ program_id: demo.id, program_name: 'Tessera Demo', resource: 'receipts', action: 'manage' }])
    const found = await b.json<Json>('/admin/v2/users?q=rita')
    expect(found.body.data.map((a: Json) => a.email)).toEqual(['receipts@tessera.dev'])
    const none = await b.json<Json>('/admin/v2/users?q=stranger')
    expect(none.body).toMatchObject({ data: [], total: 0 })
    const sorted = await b.json<Json>('/admin/v2/users?sort=first_name&order=desc&per_page=10')
    expect(sorted.body.data.map((a: Json) => a.first_name)).toEqual(['Rita', 'Max', 'Ada'])
    expect((await b.json<Json>('/admin/v2/users?per_page=7')).body.error.fields.per_page).toBe('must be 10, 20, 30, 40 or 50')
  })

  it('lists the organization programs with details, scoped to the organization', async () => {
    const { t, orgAdmin, demo, foreign } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const res = await b.json<Json>('/admin/v2/organization_programs')
    expect(res.status).toBe(200)
    const page = organizationProgramsPageSchema.parse(res.body)
    expect(page.data.map((p) => p.name)).toEqual(['Tessera Demo', 'Tessera Links'])
    expect(page.data.map((p) => p.id)).not.toContain(foreign.id)
    expect(page.data[0]).toMatchObject({ id: demo.id, subdomain_url: 'demo', site_url: 'http://localhost', status: 'active', admins: 2 })
    expect(page.data[0]!.features.receipts).toBe(true)
    const created = await b.json<Json>('/admin/v2/programs', { json: { name: 'Coffee Club' } })
    expect(created.status).toBe(201)
    const search = await b.json<Json>('/admin/v2/organization_programs?q=coffee')
    expect(search.body.data.map((p: Json) => p.name)).toEqual(['Coffee Club'])
    // Another organization's admin sees only theirs.
    const stranger = await adminBrowser(t, await makeAdmin(t, { organizationId: foreign.organizationId, organizationAdmin: true }))
    expect((await stranger.json<Json>('/admin/v2/organization_programs')).body.data.map((p: Json) => p.id)).toEqual([foreign.id])
    // Admins without organization view are refused.
    const granted = await adminBrowser(t, await makeAdmin(t, { organizationId: demo.organizationId, grants: [[demo.id, 'dashboard:view']] }))
    expect((await granted.json('/admin/v2/organization_programs')).status).toBe(403)
  })

  it('validates new program names with the spec messages', async () => {
    const { t, orgAdmin } = await setup()
    const b = await adminBrowser(t, orgAdmin)
    const short = await b.json<Json>('/admin/v2/programs', { json: { name: 'x' } })
    expect(short.body.error.fields.name).toBe('Name must be at least 2 characters.')
    const long = await b.json<Json>('/admin/v2/programs', { json: { name: 'x'.repeat(31) } })
    expect(long.body.error.fields.name).toBe('Name must not be longer than 30 characters.')
  })
})
