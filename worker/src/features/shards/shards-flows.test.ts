import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { challenges, importJobs, participants, paymentSessions, pointsLedger, programs, rewardClaims, rewards } from '../../db/schema'
import type { Db } from '../../db/client'
import { programScope } from '../../db/scope'
import { makeAdmin, makeProgram } from '../../../test/console-fixtures'
import { emailsOn, shardedWorld, signUpOn } from './shards-fixtures'

/**
 * The writes and the work after them for a program on shard 2 (decision 0041), on libSQL and on D1: a
 * challenge submitted, a reward claimed, the points.changed webhook the credit announces (written to
 * shard 2's outbox and delivered by shard 2's app), and a participant import run by shard 2's runner.
 * Every row lands on shard 2 and none on control, though both hold the demo program's seeded rows.
 */
const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> => {
  for (const end = Date.now() + ms; ; ) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const count = async (db: Db, programId: number, table: typeof pointsLedger | typeof rewardClaims | typeof participants) => programScope(db, programId).count(table)

describe('a program on shard 2: its writes and their background work', () => {
  it('buys a membership through the development checkout page of a program on another shard than its host', async () => {
    const w = await shardedWorld()
    // A program on control, reached by its key on the host whose own program (the demo one) is on shard 2,
    // with the demo program's membership challenge.
    const [org] = await w.control.db.select({ id: programs.organizationId }).from(programs).where(eq(programs.id, w.demo.id))
    const local = await makeProgram(w.control, org!.id)
    const [{ id: _id, ...club }] = (await w.shard2.db.select().from(challenges).where(eq(challenges.identifier, 'ember-club'))) as [typeof challenges.$inferSelect] // tenant-guard: allow (a row to copy)
    await w.control.db.insert(challenges).values({ ...club, programId: local.id })
    const bo = await signUpOn(w, 'bo.member@example.com', local.publicKey)
    const started = await bo.browser.json<{ url: string; session_id: string }>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST', headers: bo.headers })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const url = new URL(started.body.url)
    // The page's link carries its program: on this host the router would otherwise pick the demo program's shard.
    expect(url.searchParams.get('program_id')).toBe(String(local.id))
    const page = await bo.browser.request(`${url.pathname}${url.search}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    const action = /action="([^"]+)"/.exec(html)![1]!
    const token = /name="authenticity_token" value="([^"]+)"/.exec(html)![1]!
    const paid = await bo.browser.request(action.replaceAll('&amp;', '&'), { method: 'POST', body: new URLSearchParams({ authenticity_token: token, outcome: 'pay' }) })
    expect(paid.status, await paid.clone().text()).toBeLessThan(400)
    const [session] = await w.control.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, started.body.session_id))
    expect(session).toMatchObject({ status: 'fulfilled', programId: local.id })
  })

  it('submits a challenge, claims a reward, announces the points by webhook and imports participants, all on shard 2', async () => {
    const w = await shardedWorld()
    const [org] = await w.control.db.select({ id: programs.organizationId }).from(programs).where(eq(programs.id, w.demo.id))
    const admin = await w.consoleAs((await makeAdmin(w.control, { organizationId: org!.id, organizationAdmin: true })).id)
    const base = `/admin/v2/programs/${w.demo.id}`

    // A webhook receiver for points.changed, set up in the console (stored on shard 2).
    const hits: { headers: Record<string, string>; body: string }[] = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        hits.push({ headers: req.headers as Record<string, string>, body })
        res.end('ok')
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`
      const hook = await admin.json<{ data: { secret: string } }>(`${base}/webhooks`, { json: { url, events: ['points.changed'], active: true } })
      expect(hook.status, JSON.stringify(hook.body)).toBe(201)

      const before = { control: await count(w.control.db, w.demo.id, pointsLedger), shard: await count(w.shard2.db, w.demo.id, pointsLedger) }
      const ana = await signUpOn(w, 'ana.flows@example.com')
      const submitted = await ana.browser.json('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' }, headers: ana.headers })
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)

      // The credit is announced from shard 2's outbox: signed, about Ana, delivered by shard 2's app.
      const event = await waitFor('the points.changed delivery', async () => hits.find((h) => h.body.includes(`"participant_id":${ana.id}`)))
      expect(new Webhook(hook.body.data.secret).verify(event.body, event.headers)).toMatchObject({ type: 'points.changed', data: { participant_id: ana.id } })

      // A reward she can afford, claimed on the site.
      const [reward] = await programScope(w.shard2.db, w.demo.id).insert(rewards, { name: 'Shard mug', selection: 'redeem', threshold: 1, limit: 5, parameters: {}, tagList: [] }).returning({ id: rewards.id })
      const claimed = await ana.browser.json('/public/rewards/process_reward', { json: { reward_id: reward!.id }, headers: ana.headers })
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)

      // Two participants imported from the console, by shard 2's import runner.
      const form = new FormData()
      form.set('email', 'replace')
      form.set('points', 'replace')
      form.set('csv_file', new Blob(['email,first_name,last_name,points\r\nimp.one@example.com,Imp,One,5\r\nimp.two@example.com,Imp,Two,7\r\n'], { type: 'text/csv' }), 'members.csv')
      const upload = await admin.json<{ data: { id: number } }>(`${base}/participants/import`, { method: 'POST', body: form })
      expect(upload.status, JSON.stringify(upload.body)).toBeLessThan(300)
      const job = await waitFor('the import', async () => {
        const [row] = await w.shard2.db.select().from(importJobs).where(eq(importJobs.id, upload.body.data.id))
        return row?.status === 'done' ? row : undefined
      })
      expect(job).toMatchObject({ importedRows: 2, failedRows: 0 })

      // Every row on shard 2, none on control.
      for (const email of ['ana.flows@example.com', 'imp.one@example.com', 'imp.two@example.com']) expect([email, await emailsOn(w.shard2.db, email), await emailsOn(w.control.db, email)]).toEqual([email, 1, 0])
      expect(await count(w.shard2.db, w.demo.id, pointsLedger)).toBeGreaterThan(before.shard)
      expect(await count(w.control.db, w.demo.id, pointsLedger)).toBe(before.control)
      expect(await count(w.shard2.db, w.demo.id, rewardClaims)).toBe(1)
      expect(await count(w.control.db, w.demo.id, rewardClaims)).toBe(0)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
