import { and, asc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { evergreenSettings, evergreenSettingValues, outbox, participantPointLots, participants, pointsLedger } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp, subscribeEveryEvent } from '../../../test/helpers'
import { makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { economicsSummary } from '../economics/flows'
import { liabilityForecast } from '../economics/forecast'
import { addMonths } from '../economics/period'
import { EXPIRED_TITLE, expirePoints, expiryKey } from './expiry'
import { pointsChangedData } from './ledger'

type Kind = (typeof pointsLedger.$inferInsert)['kind']
let serial = 0

/**
 * A fresh program, months counted from the app clock's (M0 = this month; the rule expires lots of
 * M-12 and older now):
 * - P1 earns 100 in M-14, 50 in M-12, 70 in M-11, 30 in M-2 and spends 120 in M-3 (the oldest first:
 *   all of M-14's 100 and 20 of M-12's): 30 of M-12 are due; balance 130, then 100.
 * - P2 earns 200 in M-13, 40 in M-12 and 10 this month: 240 due (200 of them overdue); balance 250, then 10.
 * - P3 earns 80 in M-5: nothing due.
 * - P4 earns 60 in M-20, all spent in M-15: an old lot with nothing left.
 * The 'Points expiry' setting exists, off.
 */
async function world() {
  const t = await makeTestApp()
  const org = await makeOrganization(t)
  const program = await makeProgram(t, org.id)
  const scope = programScope(t.db, program.id)
  const now = t.clock.now()
  const m0 = new Date(now).toISOString().slice(0, 7)
  const month = (offset: number) => addMonths(m0, offset)
  const at = (offset: number) => {
    const [y, m] = month(offset).split('-').map(Number) as [number, number]
    return new Date(offset === 0 ? Math.min(Date.UTC(y, m - 1, 1, 12), now - 1000) : Date.UTC(y, m - 1, 10, 12))
  }
  const person = async (name: string) => {
    const [row] = await scope.insert(participants, { email: `${name}-${++serial}@example.com`, firstName: name, lastName: 'Expiry', referralCode: `EXP${serial}${name}`, createdAt: at(-20) }).returning()
    return row!
  }
  const p1 = await person('p1')
  const p2 = await person('p2')
  const p3 = await person('p3')
  const p4 = await person('p4')
  const ledger = (participantId: number, delta: number, kind: Kind, offset: number) =>
    scope.insert(pointsLedger, { participantId, delta, kind, source: 'admin', title: `${kind} ${delta}`, idempotencyKey: `fixture:${++serial}`, createdAt: at(offset) })
  await ledger(p4.id, 60, 'earn', -20)
  await ledger(p1.id, 100, 'earn', -14)
  await ledger(p4.id, -60, 'spend', -15)
  await ledger(p2.id, 200, 'earn', -13)
  await ledger(p1.id, 50, 'earn', -12)
  await ledger(p2.id, 40, 'earn', -12)
  await ledger(p1.id, 70, 'earn', -11)
  await ledger(p3.id, 80, 'earn', -5)
  await ledger(p1.id, -120, 'spend', -3)
  await ledger(p1.id, 30, 'earn', -2)
  await ledger(p2.id, 10, 'earn', 0)
  const [setting] = await scope.insert(evergreenSettings, { key: 'points_expiry', name: 'Points expiry', description: 'Unused points expire 12 months after they were earned.' }).returning()
  await scope.insert(evergreenSettingValues, { evergreenSettingId: setting!.id, active: false })
  const setExpiry = (active: boolean) => scope.update(evergreenSettingValues, { active }, eq(evergreenSettingValues.evergreenSettingId, setting!.id))

  const balances = async () => Object.fromEntries((await scope.select(participants).orderBy(asc(participants.id))).map((p) => [p.id, p.unusedPoints]))
  const ledgerSums = async () => {
    const rows = await t.db.select({ participantId: pointsLedger.participantId, delta: pointsLedger.delta }).from(pointsLedger).where(eq(pointsLedger.programId, program.id))
    const sums: Record<number, number> = { [p1.id]: 0, [p2.id]: 0, [p3.id]: 0, [p4.id]: 0 }
    for (const r of rows) sums[r.participantId] = (sums[r.participantId] ?? 0) + r.delta
    return sums
  }
  const expired = () => scope.select(pointsLedger, eq(pointsLedger.kind, 'expire')).orderBy(asc(pointsLedger.id))
  const lots = async () =>
    Object.fromEntries((await scope.select(participantPointLots)).map((l) => [`${l.participantId}:${l.month}`, l.remaining]))
  const events = () => t.db.select().from(outbox).where(and(eq(outbox.programId, program.id), like(outbox.dedupeKey, `${program.id}:points.changed:expire:%`))).orderBy(asc(outbox.id))
  return { t, program, scope, people: { p1, p2, p3, p4 }, month, setExpiry, balances, ledgerSums, expired, lots, events }
}

const ALL = (w: Awaited<ReturnType<typeof world>>) => ({ from: `${w.month(-30)}-01`, to: new Date(w.t.clock.now()).toISOString().slice(0, 10) })

describe('points expiry job', () => {
  it('expires nothing while the program rule is off', async () => {
    const w = await world()
    const before = await w.lots()
    expect(await expirePoints(w.t.deps)).toEqual({ lots: 0, more: false })
    expect(await w.expired()).toEqual([])
    expect(await w.lots()).toEqual(before)
    expect(await w.events()).toEqual([])
  })

  it('expires exactly the due lots with the rule on, as the forecast said, and the report counts them', async () => {
    const w = await world()
    const { p1, p2, p3, p4 } = w.people
    await w.setExpiry(true)
    await subscribeEveryEvent(w.t, w.program.id)
    const forecastBefore = await liabilityForecast(w.scope, w.t.clock.now())
    // What the forecast predicts the job does: P2's M-13 overdue; this month, the M-12 lots (P1's 30 left of 50, P2's 40).
    expect(forecastBefore.overdue_points).toBe(200)
    expect(forecastBefore.months[0]!.points_expiring).toBe(30 + 40)
    expect(forecastBefore.months[1]!.points_expiring).toBe(70)

    expect(await expirePoints(w.t.deps)).toEqual({ lots: 3, more: false })

    const rows = await w.expired()
    expect(rows.map((r) => ({ participant: r.participantId, delta: r.delta, source: r.source, title: r.title, key: r.idempotencyKey }))).toEqual([
      // P1 spent 20 of the M-12 lot: only the 30 left go; the M-14 lot, all spent, writes nothing.
      { participant: p1.id, delta: -30, source: 'expiry', title: EXPIRED_TITLE, key: expiryKey(p1.id, w.month(-12)) },
      { participant: p2.id, delta: -200, source: 'expiry', title: EXPIRED_TITLE, key: expiryKey(p2.id, w.month(-13)) },
      { participant: p2.id, delta: -40, source: 'expiry', title: EXPIRED_TITLE, key: expiryKey(p2.id, w.month(-12)) },
    ])
    expect(await w.balances()).toEqual({ [p1.id]: 100, [p2.id]: 10, [p3.id]: 80, [p4.id]: 0 })
    expect(await w.balances()).toEqual(await w.ledgerSums())
    const lots = await w.lots()
    expect(lots).toEqual({
      [`${p1.id}:${w.month(-14)}`]: 0,
      [`${p1.id}:${w.month(-12)}`]: 0,
      [`${p1.id}:${w.month(-11)}`]: 70,
      [`${p1.id}:${w.month(-2)}`]: 30,
      [`${p2.id}:${w.month(-13)}`]: 0,
      [`${p2.id}:${w.month(-12)}`]: 0,
      [`${p2.id}:${w.month(0)}`]: 10,
      [`${p3.id}:${w.month(-5)}`]: 80,
      [`${p4.id}:${w.month(-20)}`]: 0,
    })

    // Breakage: 270 of the 640 earned expired.
    const summary = await economicsSummary(w.scope, ALL(w))
    expect(summary.points_outstanding).toBe(100 + 10 + 80)
    expect(summary.all_time.expired).toBe(270)
    expect(summary.all_time.earned).toBe(640)
    expect(summary.breakage_rate).toBe(270 / 640)
    expect(summary.period.expired).toBe(270)

    // The forecast: what it showed due is gone; the later months are as they were.
    const forecastAfter = await liabilityForecast(w.scope, w.t.clock.now())
    expect(forecastAfter.overdue_points).toBe(0)
    expect(forecastAfter.months[0]!.points_expiring).toBe(0)
    expect(forecastAfter.months.slice(1).map((m) => [m.month, m.points_expiring])).toEqual(forecastBefore.months.slice(1).map((m) => [m.month, m.points_expiring]))

    // Each expire row announced as any points change is: points.changed with ledgerWrite's payload (a webhook takes it).
    const events = await w.events()
    expect(events.map((e) => ({ payload: e.payload, key: e.dedupeKey }))).toEqual(
      rows.map((r) => ({
        payload: { event: 'points.changed', data: pointsChangedData({ participantId: r.participantId, delta: r.delta, kind: r.kind, source: r.source, sourceId: r.sourceId, title: r.title, idempotencyKey: r.idempotencyKey }) },
        key: `${w.program.id}:points.changed:${r.idempotencyKey}`,
      })),
    )
  })

  it('expires nothing more when run again, or by two sweeps at once', async () => {
    const w = await world()
    await w.setExpiry(true)
    await subscribeEveryEvent(w.t, w.program.id)
    await Promise.all([expirePoints(w.t.deps), expirePoints(w.t.deps)])
    expect((await w.expired()).map((r) => r.delta)).toEqual([-30, -200, -40])
    await expirePoints(w.t.deps)
    await Promise.all([expirePoints(w.t.deps), expirePoints(w.t.deps)])
    expect((await w.expired()).map((r) => r.delta)).toEqual([-30, -200, -40])
    expect(await w.events()).toHaveLength(3)
    expect(await w.balances()).toEqual(await w.ledgerSums())
    expect((await economicsSummary(w.scope, ALL(w))).all_time.expired).toBe(270)
  })

  it('drains a backlog in chunks, leaving the rest for the next run', async () => {
    const w = await world()
    await w.setExpiry(true)
    expect(await expirePoints(w.t.deps, { limit: 2 })).toEqual({ lots: 2, more: true })
    expect((await w.expired()).map((r) => r.idempotencyKey)).toEqual([expiryKey(w.people.p1.id, w.month(-12)), expiryKey(w.people.p2.id, w.month(-13))])
    expect(await w.balances()).toEqual(await w.ledgerSums())
    expect(await expirePoints(w.t.deps, { limit: 2 })).toEqual({ lots: 1, more: false })
    expect((await w.expired()).map((r) => r.delta)).toEqual([-30, -200, -40])
    expect(await expirePoints(w.t.deps, { limit: 2 })).toEqual({ lots: 0, more: false })
  })

  it('expires a lot at the start of its twelfth month after earning (UTC), as the forecast shows it', async () => {
    const w = await world()
    await w.setExpiry(true)
    await expirePoints(w.t.deps)
    // P1's M-11 lot (70) is the forecast's next month; the last instant of this month leaves it, the first of the next takes it.
    const [y, m] = w.month(1).split('-').map(Number) as [number, number]
    const nextMonth = Date.UTC(y, m - 1, 1)
    expect(await expirePoints(w.t.deps, { now: nextMonth - 1 })).toEqual({ lots: 0, more: false })
    expect((await liabilityForecast(w.scope, nextMonth)).months[0]!.points_expiring).toBe(70)
    expect(await expirePoints(w.t.deps, { now: nextMonth })).toEqual({ lots: 1, more: false })
    expect((await w.expired()).at(-1)).toMatchObject({ participantId: w.people.p1.id, delta: -70, idempotencyKey: expiryKey(w.people.p1.id, w.month(-11)) })
    expect(await w.balances()).toEqual({ [w.people.p1.id]: 30, [w.people.p2.id]: 10, [w.people.p3.id]: 80, [w.people.p4.id]: 0 })
  })
})
