import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, openLibsql } from '../../db/node'
import { challenges, participants } from '../../db/schema'
import { seedDemo } from '../../db/seed'
import { compareRollups } from '../../../test/dashboard-recount'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import type { Execute } from '../../../test/test-database'
import { ROLLUP_MIGRATIONS, rollupMigrationParts } from './rollup-migration'

const rowsOf = (client: Pick<Client, 'execute'> | { execute: Execute }) => async (sql: string) => {
  const res = await (client.execute as Execute)(sql)
  return res.rows.map((row) => Object.fromEntries(res.columns.map((c, i) => [c, row[i]])))
}

async function expectRollupsRight(client: Pick<Client, 'execute'> | { execute: Execute }) {
  const { rollups, recounts } = await compareRollups(rowsOf(client))
  expect(rollups).toEqual(recounts)
}

describe('dashboard rollups (migration 0011 triggers)', () => {
  it('hold the seeded history, and the backfill SQL builds the same rollups', async () => {
    const { client, db } = await openLibsql(':memory:')
    await seedDemo(db, { participants: 80 })
    const sums = (await rowsOf(client)('SELECT sum(participant_actions) a, sum(completed_challenges) c, sum(new_participants) n FROM program_daily_stats'))[0]!
    expect(Number(sums.a)).toBeGreaterThan(200)
    expect(Number(sums.c)).toBeGreaterThan(100)
    await expectRollupsRight(client)

    // The seed has staff members, counted nowhere.
    const staff = await rowsOf(client)('SELECT count(*) n FROM participants WHERE staff = 1')
    expect(Number(staff[0]!.n)).toBeGreaterThan(0)

    // What the triggers built is what the backfill (an existing database, bench/admin.ts) builds.
    const before = await compareRollups(rowsOf(client))
    const { backfill, triggers } = rollupMigrationParts(ROLLUP_MIGRATIONS.map((f) => readFileSync(join(MIGRATIONS_DIR, f), 'utf8')))
    expect(triggers.length).toBeGreaterThanOrEqual(10)
    for (const { name } of triggers) await client.execute(`DROP TRIGGER \`${name}\``)
    await client.execute('UPDATE participants SET last_action_at = NULL, recent_points = 0')
    for (const sql of backfill) await client.execute(sql)
    for (const { sql } of triggers) await client.execute(sql)
    expect(await compareRollups(rowsOf(client))).toEqual(before)
  })

  it('follow a member made staff and back, deleted actions and completions, and a deleted participant', async () => {
    const { client, db } = await openLibsql(':memory:')
    await seedDemo(db, { participants: 40 })
    const [busiest] = (await rowsOf(client)(
      `SELECT a.participant_id id FROM participant_actions a JOIN participants p ON p.id = a.participant_id
        WHERE p.staff = 0 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    )) as { id: number }[]
    const id = Number(busiest!.id)
    const daily = async () => Number((await rowsOf(client)('SELECT sum(participant_actions) n FROM program_daily_stats'))[0]!.n)
    const own = Number((await rowsOf(client)(`SELECT count(*) n FROM participant_actions WHERE participant_id = ${id}`))[0]!.n)
    const total = await daily()

    await db.update(participants).set({ staff: true }).where(eq(participants.id, id))
    expect(await daily()).toBe(total - own)
    await expectRollupsRight(client)

    await db.update(participants).set({ staff: false }).where(eq(participants.id, id))
    expect(await daily()).toBe(total)
    await expectRollupsRight(client)

    // Deleting the newest action moves last_action_at back; a month emptied of actions drops out.
    await client.execute(`DELETE FROM participant_actions WHERE id = (SELECT id FROM participant_actions WHERE participant_id = ${id} ORDER BY created_at DESC LIMIT 1)`)
    await client.execute(`DELETE FROM challenge_completions WHERE id IN (SELECT id FROM challenge_completions WHERE participant_id = ${id} LIMIT 2)`)
    await expectRollupsRight(client)

    await db.delete(participants).where(eq(participants.id, id))
    expect(await daily()).toBe(total - own)
    await expectRollupsRight(client)
  })

  it('stay equal to a recount after a burst of parallel claims and completions, staff left out', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 10, limit: 1000, repeatable: true })
    const members = await Promise.all(Array.from({ length: 30 }, () => t.addMember(100)))
    const staff = await t.addMember(100, { staff: true })
    const [daily] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'daily-brew-tip'))
    const everyone = [...members, staff]
    const results = await Promise.all(
      everyone.flatMap((m, i) => [
        t.claim(m, reward.id, { key: `burst-${i}-a` }),
        t.claim(m, reward.id, { key: `burst-${i}-b` }),
        t.call('/public/challenges/submit', { member: m, json: { challenge_id: daily!.id } }),
        // A replay of the first claim while it runs (409 in progress, or the first answer): one claim, one action.
        t.claim(m, reward.id, { key: `burst-${i}-a` }),
      ]),
    )
    // The first claim and its replay race: whichever the database takes first runs, the other answers
    // 409 (in progress) or the same answer. On D1 either may arrive first.
    const pairs = everyone.map((_, i) => [results[4 * i]!.status, results[4 * i + 3]!.status].sort())
    expect(pairs.filter(([a, b]) => !(a === 200 && (b === 200 || b === 409))).map((pair, i) => `${i}: ${pair.join(' ')}`)).toEqual([])
    expect(results.filter((_, i) => i % 4 === 1 || i % 4 === 2).map((r) => r.status)).toEqual(Array.from({ length: everyone.length * 2 }, () => 200))
    await expectRollupsRight(t)

    const [sums] = await rowsOf(t)('SELECT sum(reward_actions) r, sum(challenge_actions) c, sum(completed_challenges) done FROM program_daily_stats')
    expect(Number(sums!.r)).toBe(members.length * 2)
    expect(Number(sums!.c)).toBe(members.length)
    expect(Number(sums!.done)).toBe(members.length)
    const staffMonths = await rowsOf(t)(`SELECT count(*) n FROM participant_monthly_activity WHERE participant_id = ${staff.id}`)
    expect(Number(staffMonths[0]!.n)).toBe(0)
  })
})
