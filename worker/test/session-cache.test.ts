import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ChallengeTile } from '../../sdk/contract/challenges'
import { configFromEnv } from '../src/config'
import { challengeCompletions, challenges, participants } from '../src/db/schema'
import type { ChallengeCatalog } from '../src/features/challenges/challenge-catalog'
import { nextChange } from '../src/features/home/participant-cache'
import { makeTestApp, quickParticipant } from './helpers'

type T = Awaited<ReturnType<typeof makeTestApp>>

/** Statements the app sends to the database while `run` runs. */
async function statements(t: T, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const stop = t.watch((sql) => seen.push(sql))
  try {
    await run()
  } finally {
    stop()
  }
  return seen
}

const rowVersion = async (t: T, id: number) => (await t.db.select({ v: participants.rowVersion }).from(participants).where(eq(participants.id, id)))[0]!.v

describe('row_version (migration 0006)', () => {
  it('moves on with every change to the participant row and to their completions, and only theirs', async () => {
    const t = await makeTestApp()
    const { participant } = await quickParticipant(t, 'version@example.com', { points: 10 })
    const { participant: other } = await quickParticipant(t, 'other@example.com')
    const start = await rowVersion(t, participant.id)
    expect(start).toBeGreaterThan(0) // the ledger credit updated the row
    await t.db.update(participants).set({ firstName: 'Renamed' }).where(eq(participants.id, participant.id))
    expect(await rowVersion(t, participant.id)).toBe(start + 1)
    const [challenge] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'coffee-origins'))
    await t.db.insert(challengeCompletions).values({ programId: participant.programId, challengeId: challenge!.id, participantId: participant.id, periodKey: 'once', points: 0 })
    expect(await rowVersion(t, participant.id)).toBe(start + 2)
    await t.db.update(challengeCompletions).set({ points: 1 }).where(eq(challengeCompletions.participantId, participant.id))
    expect(await rowVersion(t, participant.id)).toBe(start + 3)
    await t.db.delete(challengeCompletions).where(eq(challengeCompletions.participantId, participant.id))
    expect(await rowVersion(t, participant.id)).toBe(start + 4)
    expect(await rowVersion(t, other.id)).toBe(0)
  })
})

describe('signed-in session lookup', () => {
  it('reads the participant row again only when it changed, and never answers a stale one', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'fresh@example.com')
    const name = async () => (await browser.json<{ first_name: string }>('/public/participant')).body.first_name
    expect(await name()).toBe('fresh')
    // Unchanged: the session statement is the only read of participants.
    const reads = await statements(t, () => browser.request('/public/participant'))
    expect(reads.filter((sql) => /from "participants"/i.test(sql) && !/participant_sessions/.test(sql))).toEqual([])
    // Changed behind the app's back (another process, a console, SQL): seen on the next request.
    await t.db.update(participants).set({ firstName: 'Changed' }).where(eq(participants.id, participant.id))
    expect(await name()).toBe('Changed')
    // A writer that sets the version back (a tool, a restore) cannot make an old kept row match again.
    const seen = await rowVersion(t, participant.id)
    await t.db.update(participants).set({ firstName: 'Restored', rowVersion: 0 }).where(eq(participants.id, participant.id))
    expect(await rowVersion(t, participant.id)).toBe(seen + 1)
    expect(await name()).toBe('Restored')
    await t.db.update(participants).set({ status: 'blocked' }).where(eq(participants.id, participant.id))
    expect((await browser.request('/public/participant')).status).toBe(401)
  })

  it('stops answering for a deleted session at once', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'gone@example.com')
    expect((await browser.request('/public/participant')).status).toBe(200)
    const { participantSessions } = await import('../src/db/schema')
    await t.db.delete(participantSessions)
    expect((await browser.request('/public/participant')).status).toBe(401)
  })
})

const withCache = () => ({
  config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }), cacheTtlMs: 5000 },
})

describe('signed-in home lists', () => {
  const identifiers = async (browser: Awaited<ReturnType<typeof quickParticipant>>['browser'], path = '/public/home/active_uncompleted_challenges') =>
    (await browser.json<{ data: ChallengeTile[] }>(path)).body.data.map((c) => c.identifier)

  it('answer a repeated list with the session lookup as the only query, and follow completions made anywhere', async () => {
    const t = await makeTestApp(withCache())
    const { browser, participant } = await quickParticipant(t, 'lists@example.com')
    const first = await identifiers(browser)
    expect(first).toContain('coffee-origins')
    expect(await statements(t, () => identifiers(browser))).toHaveLength(1)
    // A completion written outside the app's request path (a console, another process).
    const [challenge] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'coffee-origins'))
    await t.db.insert(challengeCompletions).values({ programId: participant.programId, challengeId: challenge!.id, participantId: participant.id, periodKey: 'once', points: 0 })
    expect(await identifiers(browser)).not.toContain('coffee-origins')
    expect(await identifiers(browser, '/public/home/completed_challenges')).toEqual(['coffee-origins'])
    // Through the API, too.
    expect(await identifiers(browser)).toContain('daily-brew-tip')
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } })).status).toBe(200)
    expect(await identifiers(browser)).not.toContain('daily-brew-tip')
    await t.db.delete(challengeCompletions).where(and(eq(challengeCompletions.participantId, participant.id), eq(challengeCompletions.challengeId, challenge!.id)))
    expect(await identifiers(browser)).toContain('coffee-origins')
  })

  it('drop a challenge the moment it ends and add one the moment it starts, with no write in between', async () => {
    const t = await makeTestApp(withCache())
    const { browser } = await quickParticipant(t, 'clock@example.com')
    const now = t.clock.now()
    await t.db.update(challenges).set({ finish: new Date(now + 1000) }).where(eq(challenges.identifier, 'coffee-origins'))
    await t.db.update(challenges).set({ start: new Date(now + 2000) }).where(eq(challenges.identifier, 'roastery-tour'))
    const { invalidateChallengeCatalog } = await import('../src/features/challenges/challenge-catalog')
    invalidateChallengeCatalog(t.deps)
    let list = await identifiers(browser)
    expect(await identifiers(browser)).toEqual(list) // kept
    expect(list).toContain('coffee-origins')
    expect(list).not.toContain('roastery-tour')
    t.clock.advance(1000)
    list = await identifiers(browser)
    expect(list).not.toContain('coffee-origins')
    t.clock.advance(1000)
    expect(await identifiers(browser)).toContain('roastery-tour')
  })

  it('keep a list no later than the next start or finish of a challenge, or UTC midnight', () => {
    const at = (iso: string) => new Date(iso).getTime()
    const catalog = { list: [{ start: new Date('2026-11-23T15:00:00Z'), finish: null }, { start: null, finish: new Date('2026-11-23T10:00:00Z') }] } as unknown as ChallengeCatalog
    expect(nextChange(catalog, at('2026-11-23T09:00:00Z'))).toBe(at('2026-11-23T10:00:00Z'))
    expect(nextChange(catalog, at('2026-11-23T10:00:00Z'))).toBe(at('2026-11-23T15:00:00Z'))
    expect(nextChange(catalog, at('2026-11-23T16:00:00Z'))).toBe(at('2026-11-24T00:00:00Z'))
  })
})

describe('participant summary', () => {
  it('is kept while nothing it shows changed, and follows profile attributes and points written anywhere', async () => {
    const t = await makeTestApp(withCache())
    const { browser, participant } = await quickParticipant(t, 'summary@example.com', { points: 20 })
    type Summary = { unused_points: number; profile_attributes: Record<string, string | null>; tier: { name: string } | null }
    const summary = async () => (await browser.json<Summary>('/public/participant')).body
    expect((await summary()).unused_points).toBe(20)
    expect(await statements(t, summary)).toHaveLength(1)
    const { participantProfileAttributes } = await import('../src/db/schema')
    await t.db.insert(participantProfileAttributes).values({ programId: participant.programId, participantId: participant.id, name: 'city', value: 'Lisbon' })
    expect((await summary()).profile_attributes.city).toBe('Lisbon')
    await t.db.update(participantProfileAttributes).set({ value: 'Porto' }).where(eq(participantProfileAttributes.participantId, participant.id))
    expect((await summary()).profile_attributes.city).toBe('Porto')
    await t.db.delete(participantProfileAttributes).where(eq(participantProfileAttributes.participantId, participant.id))
    expect((await summary()).profile_attributes.city).toBeNull()
    const { ledgerInsert } = await import('../src/features/points/ledger')
    const { programScope } = await import('../src/db/scope')
    await ledgerInsert(programScope(t.db, participant.programId), { participantId: participant.id, delta: 5, kind: 'earn', source: 'admin', title: 'More', idempotencyKey: 'more' })
    expect((await summary()).unused_points).toBe(25)
  })
})
