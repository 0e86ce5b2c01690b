import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR } from '../../db/node'
import { participants } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { rollupMigrationParts } from '../dashboard/rollup-migration'
import { ECONOMICS_ROLLUP_MIGRATIONS } from './economics-migration'
import { economicsWorld } from './economics-fixtures'

type TestApp = Awaited<ReturnType<typeof makeTestApp>>

/** Every economics rollup row of every program, in a stable order (zero rows left out: a recount has none). */
async function rollups(t: TestApp) {
  const read = async (sql: string) => (await t.execute(sql)).rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => Number.isNaN(Number(k))))))
  return {
    daily: await read(
      'SELECT program_id, day, source, challenge_type, earned, reversed, spent, refunded, deducted, expired FROM program_points_daily WHERE earned + reversed + spent + refunded + deducted + expired <> 0 ORDER BY 1, 2, 3, 4',
    ),
    lots: await read('SELECT program_id, participant_id, month, earned, remaining FROM participant_point_lots WHERE earned <> 0 ORDER BY 1, 2, 3'),
    programLots: await read('SELECT program_id, month, earned, remaining FROM program_point_lots WHERE earned <> 0 OR remaining <> 0 ORDER BY 1, 2'),
    cohorts: await read('SELECT program_id, cohort, month, active FROM program_cohort_activity WHERE active <> 0 ORDER BY 1, 2, 3'),
    tiers: await read('SELECT program_id, tier_id, members FROM program_tier_members WHERE members <> 0 ORDER BY 1, 2'),
  }
}

const parts = () => rollupMigrationParts(ECONOMICS_ROLLUP_MIGRATIONS.map((f) => readFileSync(join(MIGRATIONS_DIR, f), 'utf8')))

describe('economics rollups (migration 0034 triggers)', () => {
  it('are what the backfill builds from the raw rows, and the lots hold every balance', async () => {
    const t = await makeTestApp()
    const w = await economicsWorld(t)
    const before = await rollups(t)
    expect(before.lots.length).toBeGreaterThan(0)
    const { backfill, triggers } = parts()
    expect(triggers.map((x) => x.name)).toContain('points_ledger_apply')
    for (const sql of backfill) await t.execute(sql)
    expect(await rollups(t)).toEqual(before)
    // The lots left are each participant's balance, for every program (the demo program's seed too).
    const mismatched = await t.execute(
      `SELECT p.id FROM participants p LEFT JOIN (SELECT participant_id, sum(remaining) r FROM participant_point_lots GROUP BY 1) l ON l.participant_id = p.id
        WHERE coalesce(l.r, 0) <> p.unused_points`,
    )
    expect(mismatched.rows).toEqual([])
    expect(Number((await t.execute(`SELECT sum(remaining) n FROM program_point_lots WHERE program_id = ${w.program.id}`)).rows[0]!.n)).toBe(730)
  })

  it('follow a participant deleted: their points, lots, tier and activity go with them', async () => {
    const t = await makeTestApp()
    const w = await economicsWorld(t)
    await programScope(t.db, w.program.id).delete(participants, eq(participants.id, w.people.b.id))
    const after = await rollups(t)
    for (const sql of parts().backfill) await t.execute(sql)
    expect(await rollups(t)).toEqual(after)
    expect(Number((await t.execute(`SELECT sum(remaining) n FROM program_point_lots WHERE program_id = ${w.program.id}`)).rows[0]!.n)).toBe(730 - 180)
  })

  it('recount a backdated earning: the older points are used first', async () => {
    const t = await makeTestApp()
    const w = await economicsWorld(t)
    const scope = programScope(t.db, w.program.id)
    const { pointsLedger } = await import('../../db/schema')
    // C (20 left of 25 earned this month) is credited 10 dated M-3: the 5 taken back came from those.
    await scope.insert(pointsLedger, { participantId: w.people.c.id, delta: 10, kind: 'earn', source: 'admin', title: 'backdated', idempotencyKey: 'eco:backdated', createdAt: w.at(-3, 1) })
    const lots = await t.execute(`SELECT month, earned, remaining FROM participant_point_lots WHERE participant_id = ${w.people.c.id} ORDER BY month`)
    expect(lots.rows.map((r) => [r.month, Number(r.earned), Number(r.remaining)])).toEqual([
      [w.month(-3), 10, 5],
      [w.month(0), 25, 25],
    ])
    const after = await rollups(t)
    for (const sql of parts().backfill) await t.execute(sql)
    expect(await rollups(t)).toEqual(after)
  })
})
