import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { commitmentOf, verifyAudit, type SweepstakeAudit } from '../../../../sdk/contract/fair-draw.mjs'
import type { ConsoleFairDraw, FairDrawResponse, PublicFairness } from '../../../../sdk/contract/fairness'
import { createApp } from '../../app'
import type { Db } from '../../db/client'
import { participantActions, rewardClaims, sweepstakeDraws, sweepstakeEntries } from '../../db/schema'
import { adminBrowser, makeAdmin, makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { TestBrowser } from '../../../test/helpers'
import { makeRewardsTest, type Member, type RewardsTest } from '../../../test/rewards-fixtures'
import { testTempDir } from '../../../test/temp-dir'

const run = promisify(execFile)
const SCRIPT = join(__dirname, '../../../../scripts/verify-draw.mjs')

async function setup() {
  const t = await makeRewardsTest()
  const admin = await makeAdmin(t, { organizationId: t.program.organizationId, organizationAdmin: true })
  const console_ = await adminBrowser(t, admin)
  const base = (rewardId: number) => `/admin/v2/programs/${t.program.id}/rewards/${rewardId}/fair_draw`
  const state = async (rewardId: number) => ((await (await console_.request(base(rewardId))).json()) as { data: ConsoleFairDraw }).data
  const commit = (rewardId: number, b = console_) => b.request(`${base(rewardId)}/commit`, { method: 'POST', json: {} })
  const draw = (rewardId: number, b = console_) => b.request(`${base(rewardId)}/draw`, { method: 'POST', json: {} })
  const audit = async (rewardId: number) => (await (await console_.request(`${base(rewardId)}/audit.json`)).json()) as SweepstakeAudit
  const fairness = async (rewardId: number, member: Member | null = null) => t.get<{ data: PublicFairness }>(`/public/sweepstakes/${rewardId}/fairness`, member)
  /** A member who bought `tickets` entries of the sweepstake. */
  const entrant = async (rewardId: number, tickets: number, values: Parameters<RewardsTest['addMember']>[1] = {}) => {
    const m = await t.addMember(tickets * 10, values)
    const r = await t.claim(m, rewardId, { entries: tickets })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return m
  }
  const sweepstake = (limit: number) => t.addReward({ selection: 'sweepstake', threshold: 10, limit, repeatable: true })
  return { t, admin, console: console_, base, state, commit, draw, audit, fairness, entrant, sweepstake }
}

async function writeAudit(audit: unknown) {
  const file = join(testTempDir('audit'), 'audit.json')
  writeFileSync(file, JSON.stringify(audit))
  return file
}

describe('provably fair sweepstake draw', () => {
  it('commits, closes entries, draws weighted distinct winners without staff, reveals the seed, and the script verifies the audit file', async () => {
    const s = await setup()
    const reward = await s.sweepstake(2)
    const members = [await s.entrant(reward.id, 1), await s.entrant(reward.id, 2), await s.entrant(reward.id, 3), await s.entrant(reward.id, 4)]
    const staff = await s.entrant(reward.id, 50, { staff: true })

    const open = await s.state(reward.id)
    expect(open).toMatchObject({ status: 'open', commitment: null, seed: null, open_entrants: 4, open_tickets: 10 })

    const committed = (await (await s.commit(reward.id)).json()) as FairDrawResponse
    expect(committed.data).toMatchObject({ status: 'committed', seed: null, entrants: 4, total_tickets: 10, winner_count: 2, algorithm: 'v1' })
    expect(committed.data.commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(committed)).not.toContain((await s.t.scope.first(sweepstakeDraws))!.seed)
    const pub = (await s.fairness(reward.id)).body.data
    expect(pub).toMatchObject({ status: 'committed', commitment: committed.data.commitment, seed: null, winners: [], audit_url: null })
    // A participant finds their own pseudonymous entry.
    expect((await s.fairness(reward.id, members[3]!)).body.data.your_entry).toMatchObject({ tickets: 4, id: expect.stringMatching(/^[0-9a-f]{20}$/) })

    // Entries are closed: a purchase is refused with a clear message and spends nothing.
    const late = await s.t.addMember(100)
    const refused = await s.t.claim(late, reward.id, { entries: 1 })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('Entries to this sweepstakes are closed: the draw has been committed')
    expect((await s.t.balance(late)).unused).toBe(100)
    // A second commit changes nothing.
    expect((await s.commit(reward.id)).status).toBe(409)

    const drawn = (await (await s.draw(reward.id)).json()) as FairDrawResponse
    expect(drawn).toMatchObject({ success: true, message: 'Winner assigned' })
    expect(drawn.data.status).toBe('drawn')
    expect(await commitmentOf(drawn.data.seed!)).toBe(committed.data.commitment)
    const winnerIds = drawn.data.winners.map((w) => w.participant_id)
    expect(winnerIds).toHaveLength(2)
    expect(new Set(winnerIds).size).toBe(2)
    expect(winnerIds).not.toContain(staff.id)
    expect(drawn.data.winners.every((w) => w.awarded)).toBe(true)
    expect(members.map((m) => m.id)).toEqual(expect.arrayContaining(winnerIds))

    // Awarded through the rewards' award statements: a won claim each, claims counts winners.
    const claims = await s.t.scope.select(rewardClaims, eq(rewardClaims.rewardId, reward.id))
    expect(claims.map((c) => [c.participantId, c.status]).sort()).toEqual(winnerIds.map((id) => [id, 'won']).sort())
    expect((await s.t.reward(reward.id)).claims).toBe(2)
    const flagged = await s.t.scope.select(sweepstakeEntries, and(eq(sweepstakeEntries.rewardId, reward.id), eq(sweepstakeEntries.winner, true)))
    expect(flagged.map((e) => e.participantId).sort()).toEqual([...winnerIds].sort())

    // The public page now shows the seed and the winners' pseudonymous ids.
    const revealed = (await s.fairness(reward.id)).body.data
    expect(revealed).toMatchObject({ status: 'drawn', seed: drawn.data.seed, commitment: committed.data.commitment })
    expect(revealed.winners.map((w) => w.id)).toEqual(drawn.data.winners.map((w) => w.id))

    // The audit file: the server's own file verifies, with the repo's script too.
    const audit = await s.audit(reward.id)
    expect(audit).toMatchObject({ format: 'tessera-sweepstake-audit', algorithm: 'v1', seed: drawn.data.seed, commitment: committed.data.commitment, winner_count: 2 })
    expect(audit.entries).toHaveLength(4)
    expect(JSON.stringify(audit)).not.toMatch(/member\d+@example\.com/)
    const check = await verifyAudit(audit)
    expect(check).toMatchObject({ commitmentMatches: true, entriesDigestMatches: true, winnersMatch: true })
    const { stdout } = await run(process.execPath, [SCRIPT, await writeAudit(audit)])
    expect(stdout).toContain('VERIFIED')
    for (const w of audit.winners) expect(stdout).toContain(w.id)
    // The public audit file is the same file.
    const publicAudit = (await (await s.t.call(`/public/sweepstakes/${reward.id}/audit.json`)).json()) as SweepstakeAudit
    expect(publicAudit).toEqual(audit)

    // A tampered file does not verify: one ticket more, or another seed.
    const tampered = { ...audit, entries: audit.entries.map((e, i) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e)) }
    const bad = await run(process.execPath, [SCRIPT, await writeAudit(tampered)]).catch((e: { code: number; stdout: string }) => e)
    expect((bad as { code: number }).code).toBe(1)
    expect((bad as { stdout: string }).stdout).toContain('NOT VERIFIED')
    expect((await verifyAudit({ ...audit, seed: audit.seed.replace(/^./, audit.seed[0] === 'a' ? 'b' : 'a') })).commitmentMatches).toBe(false)

    // Drawing again answers the same result and awards nobody twice.
    const again = (await (await s.draw(reward.id)).json()) as FairDrawResponse
    expect(again.data.winners.map((w) => w.id)).toEqual(drawn.data.winners.map((w) => w.id))
    expect(await s.t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(2)
  })

  it('staff never win, even holding nearly every ticket', async () => {
    const s = await setup()
    for (let i = 0; i < 3; i++) {
      const reward = await s.sweepstake(1)
      const staff = await s.entrant(reward.id, 100, { staff: true })
      const member = await s.entrant(reward.id, 1)
      expect((await s.commit(reward.id)).status).toBe(200)
      const drawn = (await (await s.draw(reward.id)).json()) as FairDrawResponse
      expect(drawn.data.winners.map((w) => w.participant_id)).toEqual([member.id])
      expect(drawn.data.winners.map((w) => w.participant_id)).not.toContain(staff.id)
      expect((await s.audit(reward.id)).entries).toHaveLength(1)
    }
  })

  it('draws at most `limit` winners, and all entrants when fewer', async () => {
    const s = await setup()
    const reward = await s.sweepstake(5)
    await s.entrant(reward.id, 2)
    await s.entrant(reward.id, 1)
    await s.commit(reward.id)
    const drawn = (await (await s.draw(reward.id)).json()) as FairDrawResponse
    expect(drawn.data.winners).toHaveLength(2)
    const many = await s.sweepstake(3)
    for (let i = 0; i < 8; i++) await s.entrant(many.id, 1 + (i % 3))
    await s.commit(many.id)
    const eight = (await (await s.draw(many.id)).json()) as FairDrawResponse
    expect(eight.data.winners).toHaveLength(3)
    expect(new Set(eight.data.winners.map((w) => w.participant_id)).size).toBe(3)
  })

  it('refuses a commit without entries and a draw before the commit', async () => {
    const s = await setup()
    const reward = await s.sweepstake(1)
    const drawEarly = await s.draw(reward.id)
    expect(drawEarly.status).toBe(422)
    expect(((await drawEarly.json()) as { message: string }).message).toBe('Commit the seed before drawing winners')
    await s.entrant(reward.id, 3, { staff: true })
    const empty = await s.commit(reward.id)
    expect(empty.status).toBe(422)
    expect(((await empty.json()) as { message: string }).message).toBe('There are no entries to draw from')
    expect(await s.t.scope.count(sweepstakeDraws)).toBe(0)
    // Entries stay open after a refused commit.
    await s.entrant(reward.id, 1)
  })

  it('two concurrent draw requests award each winner once (one atomic committed -> drawn transition)', async () => {
    const s = await setup()
    const reward = await s.sweepstake(3)
    for (let i = 0; i < 6; i++) await s.entrant(reward.id, i + 1)
    await s.commit(reward.id)
    // Both requests read the committed draw and compute the winners before either writes.
    let waiting = 0
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
      setTimeout(resolve, 5000)
    })
    const db = new Proxy(s.t.db, {
      get(target, prop) {
        if (prop === 'batch')
          return async (statements: never) => {
            if (++waiting === 2) release()
            if (waiting <= 2) await gate
            return target.batch(statements)
          }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    }) as Db
    const racing = createApp({ ...s.t.deps, db })
    const on = (app: typeof racing) => {
      const b = new TestBrowser(app)
      b.cookies = new Map(s.console.cookies)
      return b
    }
    const [first, second] = [on(racing), on(racing)]
    await Promise.all([first.fetchCsrf(), second.fetchCsrf()])
    const [a, b] = await Promise.all([s.draw(reward.id, first), s.draw(reward.id, second)])
    expect([a.status, b.status]).toEqual([200, 200])
    const [ja, jb] = (await Promise.all([a.json(), b.json()])) as FairDrawResponse[]
    expect(ja!.data.winners.map((w) => w.id)).toEqual(jb!.data.winners.map((w) => w.id))
    expect(await s.t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(3)
    expect((await s.t.reward(reward.id)).claims).toBe(3)
    const won = await s.t.scope.select(participantActions, and(eq(participantActions.actionType, 'reward_won'), eq(participantActions.actionableId, reward.id)))
    expect(won).toHaveLength(3)
  })

  it('a purchase racing the commit is refused by the database and spends nothing', async () => {
    const s = await setup()
    const reward = await s.sweepstake(1)
    await s.entrant(reward.id, 1)
    const buyer = await s.t.addMember(50)
    // The purchase has passed its checks and waits at its batch while the commit lands.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let held = false
    const db = new Proxy(s.t.db, {
      get(target, prop) {
        if (prop === 'batch')
          return async (statements: never) => {
            if (!held) {
              held = true
              await gate
            }
            return target.batch(statements)
          }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    }) as Db
    const purchase = s.t.claim(buyer, reward.id, { entries: 2, app: createApp({ ...s.t.deps, db }) })
    while (!held) await new Promise((r) => setTimeout(r, 5))
    expect((await s.commit(reward.id)).status).toBe(200)
    release()
    const refused = await purchase
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('Entries to this sweepstakes are closed: the draw has been committed')
    expect((await s.t.balance(buyer)).unused).toBe(50)
  })

  it('is scoped to the program: another program reward id is not found, in the console and in public', async () => {
    const s = await setup()
    const org = await makeOrganization(s.t)
    const other = await makeProgram(s.t, org.id)
    const foreign = await s.t.addReward({ selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true }, other.id)
    expect((await s.console.request(s.base(foreign.id))).status).toBe(404)
    expect((await s.commit(foreign.id)).status).toBe(404)
    expect((await s.t.get(`/public/sweepstakes/${foreign.id}/fairness`)).status).toBe(404)
    // Not a sweepstake: not found either.
    const redeem = await s.t.addReward({ selection: 'redeem' })
    expect((await s.console.request(s.base(redeem.id))).status).toBe(404)
  })
})
