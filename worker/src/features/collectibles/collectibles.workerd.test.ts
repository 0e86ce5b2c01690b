import { env, SELF } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../config'
import { createD1Db, type Db } from '../../db/client'
import { chainIntegrations, chainTransactions, outbox, participants, programs, rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import { type Deps, systemClock } from '../../deps'
import { captchaOff } from '../../platform/captcha'
import { createDevMailbox } from '../../platform/mail'
import { createCatalogOffers } from '../../platform/offers'
import { createLocalPayments } from '../../platform/payments'
import { evaluateAutoRewards } from '../rewards/auto-rewards'
import { deliverOutbox } from '../webhooks/outbox'
import { verifyChainLog } from './chain-log'
import { createNftCollection, MINT_TOPIC, mintDedupeKey } from './service'

/** Collectibles on D1 inside workerd: the award batch's conditional mint insert, Web Crypto hashing, the log's triggers. */

const deps = (db: Db): Deps => ({
  db,
  config: configFromEnv({ ENVIRONMENT: 'test' }),
  clock: systemClock,
  mail: createDevMailbox(db),
  payments: createLocalPayments({ webhookSecret: 'whsec_test_workerd' }),
  captcha: captchaOff,
  offers: createCatalogOffers(db),
  log: () => {},
})

let programId = 0
beforeAll(async () => {
  await SELF.fetch('http://localhost/_dev/seed', { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
  const row = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>()
  programId = row!.id
})

describe('collectibles on D1', () => {
  it('creates a collection, queues the mint in the award batch, mints once and keeps a verified, append-only log', async () => {
    const db = createD1Db(env.DB)
    const d = deps(db)
    const scope = programScope(db, programId)
    const [program] = await db.select().from(programs).where(eq(programs.id, programId))
    expect(program).toBeTruthy()
    await scope.insert(chainIntegrations, { enabled: true, network: 'testnet' }).onConflictDoUpdate({ target: chainIntegrations.programId, set: { enabled: true } })
    const run = Math.random().toString(36).slice(2, 8)
    const [reward] = await scope.insert(rewards, { name: `Workerd badge ${run}`, selection: 'achievement', limit: 10, parameters: { rule: 'completed_challenges', value: 0 }, tagList: [] }).returning()
    const created = await createNftCollection(scope, d, reward!)
    expect(created.message).toBe('NFT collection created')
    const [member] = await scope.insert(participants, { email: `chain-${run}@example.com`, firstName: 'Chain', lastName: run, referralCode: `CH${run}` }).returning()
    await evaluateAutoRewards(scope, d, member!.id)
    await evaluateAutoRewards(scope, d, member!.id)
    const queued = await db.select().from(outbox).where(and(eq(outbox.topic, MINT_TOPIC), eq(outbox.programId, programId)))
    const mine = queued.filter((r) => (r.payload as { reward_id: number }).reward_id === reward!.id)
    expect(mine).toHaveLength(1)
    await deliverOutbox(d, [mine[0]!.id])
    await deliverOutbox(d, [mine[0]!.id])
    const log = await scope.select(chainTransactions, eq(chainTransactions.rewardId, reward!.id))
    expect(log.map((l) => l.kind).sort()).toEqual(['create_collection', 'mint'])
    expect((await verifyChainLog(scope)).ok).toBe(true)
    await expect(env.DB.prepare('UPDATE chain_transactions SET status = ? WHERE program_id = ?').bind('failed', programId).run()).rejects.toThrow(/append-only/)
  })

  it('queues the mints of earners from before the collection in one INSERT ... SELECT per page', async () => {
    const db = createD1Db(env.DB)
    // Delivery is by hand below: the queue only records.
    const d = { ...deps(db), enqueue: async () => {} }
    const scope = programScope(db, programId)
    await scope.insert(chainIntegrations, { enabled: true, network: 'testnet' }).onConflictDoUpdate({ target: chainIntegrations.programId, set: { enabled: true } })
    const run = Math.random().toString(36).slice(2, 8)
    const [reward] = await scope.insert(rewards, { name: `Early badge ${run}`, selection: 'achievement', limit: 10, parameters: { rule: 'completed_challenges', value: 0 }, tagList: [] }).returning()
    const [member] = await scope.insert(participants, { email: `early-${run}@example.com`, firstName: 'Early', lastName: run, referralCode: `EA${run}` }).returning()
    expect(await evaluateAutoRewards(scope, d, member!.id)).toContain(reward!.id)
    const created = await createNftCollection(scope, d, reward!)
    expect(created.data.queued_mints).toBe(1)
    const [row] = await db.select().from(outbox).where(eq(outbox.dedupeKey, mintDedupeKey(programId, reward!.id, member!.id)))
    expect(row!.payload).toEqual({ reward_id: reward!.id, participant_id: member!.id })
    await deliverOutbox(d, [row!.id])
    const log = await scope.select(chainTransactions, eq(chainTransactions.rewardId, reward!.id))
    expect(log.map((l) => [l.kind, l.participantId]).sort()).toEqual([['create_collection', null], ['mint', member!.id]])
  })
})
