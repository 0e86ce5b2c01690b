import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { commitmentOf, verifyAudit } from '../../../../sdk/contract/fair-draw.mjs'
import { configFromEnv } from '../../config'
import { createD1Db } from '../../db/client'
import { participants, programs, rewards, sweepstakeEntries } from '../../db/schema'
import { programScope } from '../../db/scope'
import { systemClock, type Deps } from '../../deps'
import { captchaOff } from '../../platform/captcha'
import { createDevMailbox } from '../../platform/mail'
import { createCatalogOffers } from '../../platform/offers'
import { createLocalPayments } from '../../platform/payments'
import { auditFile, commitDraw, findSweepstake, runDraw } from './fair-draw'

/** The fair draw on D1 inside workerd: WebCrypto, the commit's INSERT ... SELECT, the draw's batch and the entry triggers. */

let programId = 0
const run = Math.random().toString(36).slice(2, 8)

beforeAll(async () => {
  await SELF.fetch('http://localhost/_dev/seed', { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
  programId = (await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>())!.id
})

describe('fair draw on D1 in workerd', () => {
  it('commits, closes entries by trigger, draws distinct non-staff winners once, and the audit file verifies', async () => {
    const db = createD1Db(env.DB)
    const deps: Deps = { db, config: configFromEnv({ ENVIRONMENT: 'test' }), clock: systemClock, mail: createDevMailbox(db), payments: createLocalPayments({ webhookSecret: 'whsec_test_workerd' }), captcha: captchaOff, offers: createCatalogOffers(db), log: () => {} }
    const [program] = await db.select().from(programs).where(eq(programs.id, programId))
    const scope = programScope(db, programId)
    const ctx = { scope, deps, program: program! }
    const [reward] = await scope.insert(rewards, { name: `D1 sweepstake ${run}`, selection: 'sweepstake', threshold: 10, limit: 2, repeatable: true, parameters: {}, tagList: [] }).returning()
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      const [p] = await scope.insert(participants, { email: `fair-${run}-${i}@example.com`, firstName: 'F', lastName: String(i), referralCode: `FD${run}${i}`.toUpperCase(), staff: i === 0 }).returning({ id: participants.id })
      ids.push(p!.id)
      await scope.insert(sweepstakeEntries, { rewardId: reward!.id, participantId: p!.id, count: i === 0 ? 90 : i })
    }
    const committed = await commitDraw(ctx, reward!.id, null)
    expect(committed).toMatchObject({ status: 'committed', entrants: 4, totalTickets: 10, winnerCount: 2 })
    expect(await commitmentOf(committed.seed)).toBe(committed.commitment)
    await expect(scope.insert(sweepstakeEntries, { rewardId: reward!.id, participantId: ids[1]!, count: 1 }).onConflictDoUpdate({ target: [sweepstakeEntries.programId, sweepstakeEntries.rewardId, sweepstakeEntries.participantId], set: { count: 99 } })).rejects.toThrow()

    const [first, second] = await Promise.all([runDraw(ctx, reward!.id, null), runDraw(ctx, reward!.id, null)])
    expect(first.winners).toEqual(second.winners)
    const winners = first.winners!.map((w) => w.participant_id)
    expect(new Set(winners).size).toBe(2)
    expect(winners).not.toContain(ids[0])
    const claims = await env.DB.prepare('SELECT count(*) AS n FROM reward_claims WHERE reward_id = ?').bind(reward!.id).first<{ n: number }>()
    expect(claims!.n).toBe(2)
    const audit = await auditFile(ctx, await findSweepstake(scope, reward!.id))
    expect(await verifyAudit(audit)).toMatchObject({ commitmentMatches: true, entriesDigestMatches: true, winnersMatch: true })
  })
})
