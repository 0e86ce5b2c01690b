import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { participants, programs } from '../../db/schema'
import type { Db } from '../../db/client'
import type { Deps } from '../../deps'
import { lastMail, makeTestApp, TestBrowser } from '../../../test/helpers'
import { createAdminSession } from '../signin/sessions'
import { reserveShardIds } from './move'
import { shardRouter } from './router'

/**
 * Programs on two shards (decision 0041), on libSQL and on D1 alike: two test databases, control (shard
 * 1) and shard 2, each a copy of the same seeded template, so both hold the demo program's row with the
 * same id. The directory (control's row, and shard 2's own copy) puts the demo program on shard 2; a
 * program made on control stays there. Requests go through the router to the app of their program's
 * shard, as the entries do (node.ts, index.ts).
 */
export async function shardedWorld(opts: { sharedIds?: boolean } = {}) {
  const world = await twoShards({}, opts)
  const { control, shard2 } = world
  const [demo] = await control.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  for (const db of [control.db, shard2.db]) await db.update(programs).set({ shard: 2 }).where(eq(programs.id, demo!.id))
  /** The console, signed in on control as `adminId`. */
  const consoleAs = async (adminId: number) => {
    const b = world.browser()
    b.cookies.set('tessera_admin', await createAdminSession(control.db, adminId, control.clock.now()))
    return b
  }
  return Object.assign(world, { demo: demo!, consoleAs })
}

/**
 * Two test apps as the entries run them (decision 0041): control (shard 1) and shard 2, each on its own
 * test database (copies of one seeded template), shard 2's app reading the console's sessions and grants
 * on control and mailing through control's mailbox, behind the router. `sharedIds`: shard 2 keeps
 * allocating the ids control does (databases from before id ranges).
 */
export async function twoShards(overrides: Partial<Deps> = {}, opts: { sharedIds?: boolean } = {}) {
  const control = await makeTestApp(overrides)
  const shard2 = await makeTestApp({ ...overrides, control: control.db, shard: 2, mail: control.deps.mail, clock: control.clock })
  // Shard 2 allocates from its own id range, as the entries set it (rows seeded before keep control's ids).
  if (!opts.sharedIds) await reserveShardIds(shard2.db, 2)
  // The control app knows every shard (the console places new programs), as the entries set it.
  control.deps.shardDbs = [control.db, shard2.db]
  const apps = [control.app, shard2.app]
  const front = {
    async request(path: string, init: RequestInit = {}) {
      const request = new Request(new URL(path, 'http://localhost'), init)
      return apps[(await world.router.shardOf(request)) - 1]!.request(request)
    },
  }
  const world = {
    control,
    shard2,
    /** The router in front (its directory cached a minute, as in an isolate); `freshRouter` replaces it with a new isolate's. */
    router: shardRouter(control.db, control.deps.config, 2),
    freshRouter: () => void (world.router = shardRouter(control.db, control.deps.config, 2)),
    front,
    browser: (host?: string) => new TestBrowser(front, host),
  }
  return world
}

export type ShardedWorld = Awaited<ReturnType<typeof shardedWorld>>
let ip = 20

/** Signs up through the one-time-code flow of the program `key` (the demo program by host when absent). */
export async function signUpOn(w: ShardedWorld, email: string, key?: string) {
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

/** How many participants with `email` a database holds (any program). */
export const emailsOn = async (db: Db, email: string) => (await db.select({ id: participants.id }).from(participants).where(eq(participants.email, email))).length // tenant-guard: allow (checks where a row landed)
