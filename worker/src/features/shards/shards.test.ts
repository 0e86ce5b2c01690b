import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { domainLists, programs } from '../../db/schema'
import { TestBrowser } from '../../../test/helpers'
import { makeAdmin, makeProgram } from '../../../test/console-fixtures'
import { shardRouter } from './router'
import { emailsOn, shardedWorld, signUpOn as signUp } from './shards-fixtures'

describe('programs on two shards', () => {
  it("writes a program's participants on its own shard, and a session or id of one shard reads nothing of the other's program", async () => {
    // Both shards allocating from the same ids (no id ranges): the same numeric id on both must still read nothing across.
    const w = await shardedWorld({ sharedIds: true })
    const [org] = await w.control.db.select({ id: programs.organizationId }).from(programs).where(eq(programs.id, w.demo.id))
    const local = await makeProgram(w.control, org!.id)

    const onShard2 = await signUp(w, 'ana.shard@example.com')
    const onControl = await signUp(w, 'bo.control@example.com', local.publicKey)
    // Each sign-up is on its program's shard only.
    expect([await emailsOn(w.shard2.db, 'ana.shard@example.com'), await emailsOn(w.control.db, 'ana.shard@example.com')]).toEqual([1, 0])
    expect([await emailsOn(w.control.db, 'bo.control@example.com'), await emailsOn(w.shard2.db, 'bo.control@example.com')]).toEqual([1, 0])
    // Both databases started from one template: the two participants have the same numeric id.
    expect(onShard2.id).toBe(onControl.id)

    // A session is good on its own program only: sent with the other program's key, it is nobody.
    expect((await onShard2.browser.request('/public/participant', { headers: { 'x-program-key': local.publicKey } })).status).toBe(401)
    expect((await onControl.browser.request('/public/participant', { headers: { 'x-program-key': 'demo' } })).status).toBe(401)
    expect((await onShard2.browser.json<{ email: string }>('/public/participant', { headers: onShard2.headers })).body.email).toBe('ana.shard@example.com')

    // The console: the admin's session and grants on control, each program's rows from its shard, by the same id.
    const admin = await makeAdmin(w.control, { organizationId: org!.id, organizationAdmin: true, superAdmin: true })
    const consoleBrowser = await w.consoleAs(admin.id)
    const read = async (programId: number, id: number) => {
      const res = await consoleBrowser.request(`/admin/v2/programs/${programId}/participants/${id}`)
      expect(res.status).toBe(200)
      return JSON.stringify(await res.json())
    }
    // A console page of the shard-2 program lists the admin's programs from control (the program made there too).
    const shell = await consoleBrowser.request(`/admin/v2/programs/${w.demo.id}/users`, { headers: { accept: 'text/html' } })
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain(local.publicKey)
    const demoView = await read(w.demo.id, onShard2.id)
    expect(demoView).toContain('ana.shard@example.com')
    expect(demoView).not.toContain('bo.control@example.com')
    const localView = await read(local.id, onControl.id)
    expect(localView).toContain('bo.control@example.com')
    expect(localView).not.toContain('ana.shard@example.com')

    // The server API: a key made in the console for the program on shard 2 is found through the directory.
    const expires = new Date(w.control.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const made = await consoleBrowser.json<{ data: { api_key: string } }>(`/admin/v2/programs/${w.demo.id}/api_auths`, { json: { name: 'shard key', expires_at: expires } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const lookup = await w.browser().request('/api/v1/participants?email=ana.shard@example.com', { headers: { authorization: `Bearer ${made.body.data.api_key}` } })
    expect(lookup.status).toBe(200)
    expect(JSON.stringify(await lookup.json())).toContain('ana.shard@example.com')

    // A custom domain of the program on shard 2: listed on control too, so requests to it are routed
    // there and no program on any shard can take it; removed, it answers as no program at once.
    const domain = 'rewards.shop.example'
    const added = await consoleBrowser.json<{ data: { id: number } }>(`/admin/v2/programs/${w.demo.id}/domain_lists`, { json: { domain, domain_type: 'perk_domain' } })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect((await w.browser(domain).json<{ public_key: string }>('/public/program')).body.public_key).toBe('demo')
    const taken = await consoleBrowser.json(`/admin/v2/programs/${local.id}/domain_lists`, { json: { domain, domain_type: 'perk_domain' } })
    expect(JSON.stringify(taken.body)).toContain('already the custom domain of another program')
    // Added again by the same program: refused, and the host still answers as the program (the refusal
    // leaves the listing on control that the first add made).
    const again = await consoleBrowser.json(`/admin/v2/programs/${w.demo.id}/domain_lists`, { json: { domain, domain_type: 'perk_domain' } })
    expect(again.status).toBe(422)
    expect((await w.browser(domain).json<{ public_key: string }>('/public/program')).body.public_key).toBe('demo')
    expect((await consoleBrowser.request(`/admin/v2/programs/${w.demo.id}/domain_lists/${added.body.data.id}`, { method: 'DELETE' })).status).toBeLessThan(300)
    expect((await w.browser(domain).request('/public/program')).status).toBe(404)
    // An add that stopped after its listing on control (a killed process): the next add of it completes.
    const halfDone = 'half.shop.example'
    await w.control.db.insert(domainLists).values({ programId: w.demo.id, domain: halfDone, domainType: 'perk_domain' }) // tenant-guard: allow (what the stopped add left)
    expect((await consoleBrowser.json(`/admin/v2/programs/${w.demo.id}/domain_lists`, { json: { domain: halfDone, domain_type: 'perk_domain' } })).status).toBe(201)
    expect((await w.browser(halfDone).json<{ public_key: string }>('/public/program')).body.public_key).toBe('demo')

    // Asked directly, an app never serves a program the directory puts on another shard.
    expect((await w.control.app.request('/public/program', { headers: { 'x-program-key': 'demo' } })).status).toBe(404)
    const onControlApp = new TestBrowser(w.control.app)
    onControlApp.cookies = consoleBrowser.cookies
    expect((await onControlApp.request(`/admin/v2/programs/${w.demo.id}/participants/${onShard2.id}`)).status).toBe(404)
    expect((await w.shard2.app.request('/public/program', { headers: { 'x-program-key': local.publicKey } })).status).toBe(404)

    // A program made in the console goes to the shard with the fewest programs (shard 2 holds one), and works there.
    const created = await consoleBrowser.json<{ data: { id: number } }>('/admin/v2/programs', { json: { name: 'Shard Made' } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const [placed] = await w.control.db.select().from(programs).where(eq(programs.id, created.body.data.id))
    expect(placed!.shard).toBe(2)
    const madeHere = await signUp(w, 'cy.made@example.com', placed!.publicKey)
    expect([await emailsOn(w.shard2.db, 'cy.made@example.com'), await emailsOn(w.control.db, 'cy.made@example.com')]).toEqual([1, 0])
    expect((await madeHere.browser.json<{ email: string }>('/public/participant', { headers: madeHere.headers })).body.email).toBe('cy.made@example.com')

    // The directory, as development tools list it.
    const listed = await w.browser().json<{ public_key: string; shard: number }[]>('/_dev/shards.json')
    expect(listed.body).toContainEqual({ public_key: 'demo', shard: 2 })
    expect(listed.body).toContainEqual({ public_key: local.publicKey, shard: 1 })
  })

  it("names the shard the directory gives, even one the deployment does not declare (the entries answer that 503), and looks nothing up with one shard", async () => {
    const w = await shardedWorld()
    await w.control.db.update(programs).set({ shard: 3 }).where(eq(programs.id, w.demo.id))
    const router = shardRouter(w.control.db, w.control.deps.config, 2)
    expect(await router.shardOf(new Request('http://localhost/public/program', { headers: { 'x-program-key': 'demo' } }))).toBe(3)
    // Paths naming their program by id, and Stripe's webhook by its session's metadata (verified by the shard's app).
    const on2 = shardRouter(w.control.db, w.control.deps.config, 2)
    await w.control.db.update(programs).set({ shard: 2 }).where(eq(programs.id, w.demo.id))
    expect(await on2.shardOf(new Request(`http://localhost/media/${w.demo.id}/logo.png`))).toBe(2)
    expect(await on2.shardOf(new Request(`http://localhost/receipts-file/${w.demo.id}/7?sig=x`))).toBe(2)
    const event = (programId: string) => JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'cs_1', metadata: { program_id: programId } } } })
    expect(await on2.shardOf(new Request('http://localhost/payments/stripe/webhook', { method: 'POST', body: event(String(w.demo.id)) }))).toBe(2)
    expect(await on2.shardOf(new Request('http://stripe.example/payments/stripe/webhook', { method: 'POST', body: 'not json' }))).toBe(1)
    const forwarded = new Request('http://localhost/payments/stripe/webhook', { method: 'POST', body: event(String(w.demo.id)) })
    await on2.shardOf(forwarded)
    expect(await forwarded.text()).toContain('checkout.session.completed') // the app still reads the body

    // One shard: no lookup at all, everything on the one database.
    expect(shardRouter(w.control.db, w.control.deps.config, 1).shardOf(new Request('http://localhost/public/program'))).toBe(1)
  })
})
