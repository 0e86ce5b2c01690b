import { eq } from 'drizzle-orm'
import { challenges, evergreenSettings, evergreenSettingValues, participantActions, participants, pointsLedger, tiers } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { makeTestApp } from '../../../test/helpers'
import { adminBrowser, makeAdmin, makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { addMonths } from './period'

type TestApp = Awaited<ReturnType<typeof makeTestApp>>
type Kind = (typeof pointsLedger.$inferInsert)['kind']
type Source = (typeof pointsLedger.$inferInsert)['source']

let serial = 0

/**
 * The small program economics test fixture: one fresh program, months counted from the app clock's
 * (M0 = this month, M-2 two months ago). Four participants:
 * - A, member since M-14, Bronze: earns 100 (a video challenge) in M-14 and 50 (admin) in M-13,
 *   spends 30 on a reward in M-2, gets 10 back (the claim refunded) in M-1: balance 130;
 * - B, member since M-2, moved up to Bronze then Silver this month: earns 200 (server API) in M-2, 20 of
 *   them expire in M-1, earns 40 from a receipt in M-1 that is reversed (refund -40): balance 180;
 * - S, staff since M-1, Silver: 500 from a referral in M-1, spends 100 in M0: balance 400;
 * - C, member since M0, moved down from Silver to Bronze: 25 (admin) then 5 taken back: balance 20.
 * Actions: A in M-14 and M-2, B in M-2 and M-1, C in M0, S in M-1 (staff: counted nowhere).
 * The 'Points expiry' evergreen setting is on.
 */
export async function economicsWorld(t: TestApp) {
  const org = await makeOrganization(t)
  const program = await makeProgram(t, org.id)
  const scope = programScope(t.db, program.id)
  const now = t.clock.now()
  const m0 = new Date(now).toISOString().slice(0, 7)
  /** A time in month M+offset: its `day` at 12:00 UTC, never later than now in this month. */
  const at = (offset: number, day: number) => {
    const [y, m] = addMonths(m0, offset).split('-').map(Number) as [number, number]
    const time = Date.UTC(y, m - 1, day, 12)
    return new Date(offset === 0 ? Math.min(time, now - 1000) : time)
  }
  const month = (offset: number) => addMonths(m0, offset)

  const [bronze, silver] = await scope
    .insert(tiers, [
      { name: 'Bronze', pointsThresholdMin: 0, pointsThresholdMax: 999 },
      { name: 'Silver', pointsThresholdMin: 1000, pointsThresholdMax: 4999 },
    ])
    .returning()
  const [video] = await scope
    .insert(challenges, { identifier: `video-${++serial}`, name: 'Watch the video', challengeType: 'video', parameters: {}, status: 'active', points: 100, tagList: [] })
    .returning()
  const person = async (name: string, joined: Date, opts: { staff?: boolean; tierId?: number | null } = {}) => {
    const [row] = await scope
      .insert(participants, {
        email: `${name.toLowerCase()}-${++serial}@example.com`,
        firstName: name,
        lastName: 'Fixture',
        referralCode: `ECO${serial}${name}`,
        staff: opts.staff ?? false,
        tierId: opts.tierId ?? null,
        createdAt: joined,
        updatedAt: joined,
      })
      .returning()
    return row!
  }
  const a = await person('A', at(-14, 5), { tierId: bronze!.id })
  const b = await person('B', at(-2, 2))
  const s = await person('S', at(-1, 1), { staff: true, tierId: silver!.id })
  const c = await person('C', at(0, 1), { tierId: silver!.id })

  const ledger = (participantId: number, delta: number, kind: Kind, source: Source, when: Date, sourceId: number | null = null) =>
    scope.insert(pointsLedger, { participantId, delta, kind, source, sourceId, title: `${kind} ${source}`, idempotencyKey: `eco:${++serial}`, createdAt: when })
  await ledger(a.id, 100, 'earn', 'challenge', at(-14, 10), video!.id)
  await ledger(a.id, 50, 'earn', 'admin', at(-13, 3))
  await ledger(a.id, -30, 'spend', 'reward', at(-2, 1))
  await ledger(a.id, 10, 'refund', 'reward', at(-1, 2))
  await ledger(b.id, 200, 'earn', 'api', at(-2, 5))
  await ledger(b.id, -20, 'expire', 'admin', at(-1, 1))
  await ledger(b.id, 40, 'earn', 'receipt', at(-1, 2))
  await ledger(b.id, -40, 'refund', 'receipt', at(-1, 3))
  await ledger(s.id, 500, 'earn', 'referral', at(-1, 4))
  await ledger(s.id, -100, 'spend', 'reward', at(0, 1))
  await ledger(c.id, 25, 'earn', 'admin', at(0, 1))
  await ledger(c.id, -5, 'adjust', 'admin', at(0, 1))

  const act = (participantId: number, when: Date) => scope.insert(participantActions, { participantId, actionType: 'points_adjusted', title: 'Fixture action', createdAt: when })
  await act(a.id, at(-14, 10))
  await act(a.id, at(-2, 1))
  await act(b.id, at(-2, 5))
  await act(b.id, at(-1, 2))
  await act(c.id, at(0, 1))
  await act(s.id, at(-1, 4))

  // Tier changes (by the database's clock: this month): B none -> Bronze -> Silver (two up), C Silver -> Bronze (one down).
  await scope.update(participants, { tierId: bronze!.id }, eq(participants.id, b.id))
  await scope.update(participants, { tierId: silver!.id }, eq(participants.id, b.id))
  await scope.update(participants, { tierId: bronze!.id }, eq(participants.id, c.id))

  const [setting] = await scope.insert(evergreenSettings, { key: 'points_expiry', name: 'Points expiry', description: 'Unused points expire 12 months after they were earned.' }).returning()
  await scope.insert(evergreenSettingValues, { evergreenSettingId: setting!.id, active: true })

  const admin = await makeAdmin(t, { organizationId: org.id, organizationAdmin: true })
  const browser = await adminBrowser(t, admin)
  return { program, scope, browser, org, people: { a, b, s, c }, tiers: { bronze: bronze!, silver: silver! }, month, at, m0 }
}
