import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { participants, programs } from '../../db/schema'
import { lastMail, makeTestApp, TestBrowser } from '../../../test/helpers'
import { makeAdmin, makeProgram } from '../../../test/console-fixtures'
import { createAdminSession } from '../signin/sessions'
import { shardRouter } from './router'

/**
 * Programs on two shards (decision 0041), on libSQL and on D1 alike: two test databases, control (shard
 * 1) and shard 2, each a copy of the same seeded template, so both hold the demo program's row with the
 * same id. The directory (control's row, and shard 2's own copy) puts the demo program on shard 2; a
 * program made on control stays there. Requests go through the router to the app of their program's
 * shard, as the entries do (node.ts, index.ts).
 */
async function shardedWorld() {
  const control = await makeTestApp()
  // Shard 2's app: its own database, the console's sessions and grants on control, mail to the one mailbox.
  const shard2 = await makeTestApp({ control: control.db, mail: control.deps.mail })
  const [demo] = await control.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  for (const db of [control.db, shard2.db]) await db.update(programs).set({ shard: 2 }).where(eq(programs.id, demo!.id))
  const router = shardRouter(control.db, control.deps.config, 2)
  const apps = [control.app, shard2.app]
  const front = {
    async request(path: string, init: RequestInit = {}) {
      const request = new Request(new URL(path, 'http://localhost'), init)
      return apps[(await router.shardOf(request)) - 1]!.request(request)
    },
  }
  return { control, shard2, demo: demo!, browser: () => new TestBrowser(front) }
}

type World = Awaited<ReturnType<typeof shardedWorld>>
let ip = 20

/** Signs up through the one-time-code flow of the program `key` (the demo program by host when absent). */
async function signUp(w: World, email: string, key?: string) {
  const b = w.browser()
  const headers: Record<string, string> = { 'cf-connecting-ip': `203.0.113.${ip++}`, ...(key ? { 'x-program-key': key } : {}) }
  const sent = await b.json<{ browser_token: string }>('/public/signin/verify', { json: { email, first_name: 'Sam', last_name: 'Shard', agree_terms: true }, headers })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const code = (await lastMail(w.control.db, email))!.code
  const done = await b.json<{ otp_logged: boolean }>('/public/signin/verify', { json: { email, otp: code, browser_token: sent.body.browser_token }, headers })
  expect(done.body.otp_logged, JSON.stringify(done.body)).toBe(true)
  const me = await b.json<{ id: number; email: string }>('/public/participant', { headers })
  expect(me.status).toBe(200)
  return { browser: b, headers, id: me.body.id }
}

const emailsOn = async (db: World['control']['db'], email: string) => (await db.select({ id: participants.id }).from(participants).where(eq(participants.email, email))).length // tenant-guard: allow (checks where a row landed)

describe('programs on two shards', () => {
  it("writes a program's participants on its own shard, and a session or id of one shard reads nothing of the other's program", async () => {
    const w = await shardedWorld()
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
    const consoleBrowser = w.browser()
    consoleBrowser.cookies.set('tessera_admin', await createAdminSession(w.control.db, admin.id, w.control.clock.now()))
    const read = async (programId: number, id: number) => {
      const res = await consoleBrowser.request(`/admin/v2/programs/${programId}/participants/${id}`)
      expect(res.status).toBe(200)
      return JSON.stringify(await res.json())
    }
    const demoView = await read(w.demo.id, onShard2.id)
    expect(demoView).toContain('ana.shard@example.com')
    expect(demoView).not.toContain('bo.control@example.com')
    const localView = await read(local.id, onControl.id)
    expect(localView).toContain('bo.control@example.com')
    expect(localView).not.toContain('ana.shard@example.com')

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
    // One shard: no lookup at all, everything on the one database.
    expect(shardRouter(w.control.db, w.control.deps.config, 1).shardOf(new Request('http://localhost/public/program'))).toBe(1)
  })
})
