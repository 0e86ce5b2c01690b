import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import type { Db } from '../src/db/client'
import { challengeCompletions, challenges, outbox, participantActions, participants, pointsLedger } from '../src/db/schema'
import { makeTestApp, quickParticipant } from './helpers'

/**
 * A database whose batches fail on their last statement, as if the disk or a constraint gave way
 * halfway through: the statement is a real one that SQLite refuses (NOT NULL), appended to the batch.
 */
function failingBatches(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'batch') {
        return (statements: unknown[]) => target.batch([...(statements as never[]), target.run(sql`INSERT INTO outbox (topic, payload) VALUES (NULL, '{}')`) as never] as never)
      }
      return Reflect.get(target, prop, receiver)
    },
  })
}

describe('fault injection', () => {
  it('a failing statement inside a completion batch leaves no partial rows', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'fault@example.com')
    const faulty = createApp({ ...t.deps, db: failingBatches(t.db) })
    const b = Object.assign(Object.create(Object.getPrototypeOf(browser)), browser, { app: faulty })
    const [c] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'coffee-origins'))
    const outboxBefore = (await t.db.select().from(outbox)).length
    const res = await b.request('/public/challenges/submit', { json: { challenge_id: c!.id } })
    expect(res.status).toBe(500)
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participant.id))).toHaveLength(0)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, participant.id))).toHaveLength(0)
    expect(await t.db.select().from(participantActions).where(eq(participantActions.participantId, participant.id))).toHaveLength(0)
    expect(await t.db.select().from(outbox)).toHaveLength(outboxBefore)
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p).toMatchObject({ unusedPoints: 0, points: 0, completedChallenges: 0 })
    const [after] = await t.db.select().from(challenges).where(eq(challenges.id, c!.id))
    expect(after!.completions).toBe(c!.completions)

    // The same request on a healthy database then succeeds: nothing was left half-done.
    const ok = await browser.request('/public/challenges/submit', { json: { challenge_id: c!.id } })
    expect(ok.status).toBe(200)
  })
})
