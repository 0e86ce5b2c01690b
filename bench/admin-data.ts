/**
 * The data of `npm run bench:admin`: a program with N participants and M participant actions over
 * two years, generated inside SQLite (recursive CTEs, INSERT ... SELECT), never row by row from JS.
 * The dashboard rollups are then built by the backfill SQL of migrations 0011 and 0016 themselves, and
 * program economics' by 0034's (rollupMigrationParts), with the rollup triggers dropped during the load
 * and created again after. Every challenge and reward action has its points ledger row (an earn or a
 * spend, some 8,000,000 at the default size), and each participant's unused points are their ledger's
 * sum (floored at 0), so the economics point figures (lots, flows, forecast) are built from a full
 * history, as the member figures (participation, retention, tiers) are.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import { MIGRATIONS_DIR } from '../worker/src/db/node'
import { ROLLUP_MIGRATIONS, rollupMigrationParts } from '../worker/src/features/dashboard/rollup-migration'
import { ECONOMICS_ROLLUP_MIGRATIONS } from '../worker/src/features/economics/economics-migration'

export const DAY = 24 * 3600 * 1000
const SPAN = 730 * DAY
/** Rows per generating statement: progress to print, and no statement holds the file for long. */
const CHUNK = 500_000

export type BuildOptions = { programId: number; participants: number; actions: number; visits: number; now: number; log: (line: string) => void }

const one = async (client: Client, sql: string, args: (string | number)[] = []) => (await client.execute({ sql, args })).rows[0]!

async function timed(log: (line: string) => void, label: string, fn: () => Promise<unknown>) {
  const t0 = performance.now()
  await fn()
  log(`  ${label.padEnd(52)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s`)
}

async function chunked(client: Client, total: number, sql: string, args: (lo: number, hi: number) => (string | number)[]) {
  for (let lo = 1; lo <= total; lo += CHUNK) {
    const hi = Math.min(total, lo + CHUNK - 1)
    await client.execute({ sql, args: args(lo, hi) })
  }
}

const series = 'WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)'
const caseOf = (expr: string, ids: number[]) => `CASE ${expr} ${ids.map((id, k) => `WHEN ${k} THEN ${id}`).join(' ')} END`

/** Drops the user indexes of `tables` and answers their CREATE statements, to be run after the load (a sort beats 10M random inserts). */
async function dropIndexes(client: Client, tables: string[]) {
  const { rows } = await client.execute(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map((t) => `'${t}'`).join(', ')})`)
  for (const r of rows) await client.execute(`DROP INDEX \`${String(r.name)}\``)
  return rows.map((r) => String(r.sql))
}

export async function buildAdminData(client: Client, o: BuildOptions) {
  const { log } = o
  const start = o.now - SPAN
  // The dashboard's rollups, then program economics' (migration 0034: its cohorts read the monthly activity).
  const { triggers, backfill } = rollupMigrationParts([...ROLLUP_MIGRATIONS, ...ECONOMICS_ROLLUP_MIGRATIONS].map((f) => readFileSync(join(MIGRATIONS_DIR, f), 'utf8')))
  const challengeIds = (await client.execute({ sql: 'SELECT id FROM challenges WHERE program_id = ? ORDER BY id', args: [o.programId] })).rows.map((r) => Number(r.id))
  const rewardIds = (await client.execute({ sql: 'SELECT id FROM rewards WHERE program_id = ? ORDER BY id', args: [o.programId] })).rows.map((r) => Number(r.id))
  const base = Number((await one(client, 'SELECT coalesce(max(id), 0) AS m FROM participants')).m)
  const firstAction = Number((await one(client, 'SELECT coalesce(max(id), 0) + 1 AS m FROM participant_actions')).m)

  await client.execute('PRAGMA cache_size = -262144')
  for (const t of triggers) await client.execute(`DROP TRIGGER IF EXISTS \`${t.name}\``)
  let indexes: string[] = []
  await timed(log, 'drop indexes of the bulk tables', async () => {
    indexes = await dropIndexes(client, ['participants', 'participant_actions', 'challenge_completions', 'visits', 'points_ledger'])
  })

  await timed(log, `${o.participants.toLocaleString('en-US')} participants`, () =>
    chunked(
      client,
      o.participants,
      `${series}
       INSERT INTO participants (program_id, email, first_name, last_name, status, staff, points, unused_points, referral_code, email_verified_at, city, country, created_at, updated_at)
       SELECT ?, 'bench' || i || '@example.com',
              CASE i % 8 WHEN 0 THEN 'Ava' WHEN 1 THEN 'Ben' WHEN 2 THEN 'Cleo' WHEN 3 THEN 'Dev' WHEN 4 THEN 'Eli' WHEN 5 THEN 'Fay' WHEN 6 THEN 'Gus' ELSE 'Hana' END,
              'Member' || (i % 997),
              CASE WHEN i % 25 = 0 THEN 'blocked' WHEN i % 33 = 0 THEN 'inactive' ELSE 'active' END,
              CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END,
              pts, pts / 2, 'BENCH' || i, created, 
              CASE i % 4 WHEN 0 THEN 'Austin' WHEN 1 THEN 'Boston' WHEN 2 THEN 'Chicago' ELSE 'Denver' END, 'US', created, created
         FROM (SELECT i, (abs(random()) % 100) * (abs(random()) % 100) AS pts, ? + (i * ?) / ? AS created FROM n)`,
      (lo, hi) => [lo, hi, o.programId, start, SPAN, o.participants],
    ),
  )
  // An action at time t belongs to someone who had joined by t: participant k joined at start + k x span / N.
  const kinds = `CASE k WHEN 0 THEN 'Challenge' WHEN 1 THEN 'Challenge' WHEN 2 THEN 'Challenge' WHEN 3 THEN 'Challenge' WHEN 4 THEN 'Challenge' WHEN 5 THEN 'Challenge'
                   WHEN 6 THEN 'Reward' WHEN 7 THEN 'Reward' WHEN 8 THEN 'Tier' ELSE NULL END`
  await timed(log, `${o.actions.toLocaleString('en-US')} participant actions over two years`, () =>
    chunked(
      client,
      o.actions,
      `${series}
       INSERT INTO participant_actions (program_id, participant_id, action_type, title, points, actionable_type, actionable_id, created_at)
       SELECT ?, ? + 1 + abs(random()) % max(1, (i * ?) / ?),
              CASE WHEN k < 6 THEN 'challenge_completed' WHEN k < 8 THEN 'reward_claimed' WHEN k = 8 THEN 'tier_changed' ELSE 'offer_redeemed' END,
              CASE WHEN k < 6 THEN 'Challenge ' || (i % ${challengeIds.length}) WHEN k < 8 THEN 'Reward ' || (i % ${rewardIds.length}) WHEN k = 8 THEN 'Reached Gold' ELSE 'Coffee shop: 10% off' END,
              CASE WHEN k < 6 THEN 10 + (i % 10) * 10 WHEN k < 8 THEN -50 * (1 + i % 5) ELSE 0 END,
              ${kinds},
              CASE WHEN k < 6 THEN ${caseOf(`i % ${challengeIds.length}`, challengeIds)} WHEN k < 8 THEN ${caseOf(`i % ${rewardIds.length}`, rewardIds)} ELSE NULL END,
              ? + (i * ?) / ?
         FROM (SELECT i, i % 10 AS k FROM n)`,
      (lo, hi) => [lo, hi, o.programId, base, o.participants, o.actions, start, SPAN, o.actions],
    ),
  )
  await timed(log, 'challenge completions (one per challenge action)', () =>
    chunked(
      client,
      o.actions,
      `INSERT INTO challenge_completions (program_id, challenge_id, participant_id, period_key, points, created_at)
       SELECT program_id, actionable_id, participant_id, 'b' || id, points, created_at FROM participant_actions
        WHERE id BETWEEN ? AND ? AND program_id = ? AND actionable_type = 'Challenge'`,
      (lo, hi) => [firstAction + lo - 1, firstAction + hi - 1, o.programId],
    ),
  )
  await timed(log, 'points ledger (an earn per challenge action, a spend per reward claim)', () =>
    chunked(
      client,
      o.actions,
      `INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, source_id, title, idempotency_key, created_at)
       SELECT program_id, participant_id, points, CASE WHEN actionable_type = 'Challenge' THEN 'earn' ELSE 'spend' END,
              CASE WHEN actionable_type = 'Challenge' THEN 'challenge' ELSE 'reward' END, actionable_id, title, 'bench:' || id, created_at
         FROM participant_actions
        WHERE id BETWEEN ? AND ? AND program_id = ? AND actionable_type IN ('Challenge', 'Reward')`,
      (lo, hi) => [firstAction + lo - 1, firstAction + hi - 1, o.programId],
    ),
  )
  await timed(log, `${o.visits.toLocaleString('en-US')} visits`, () =>
    chunked(
      client,
      o.visits,
      `${series} INSERT INTO visits (program_id, visit_token, surface, started_at) SELECT ?, 'bench-visit-' || i, 'site', ? + (i * ?) / ? FROM n`,
      (lo, hi) => [lo, hi, o.programId, start, SPAN, o.visits],
    ),
  )
  await timed(log, `create ${indexes.length} indexes again`, async () => {
    for (const sql of indexes) await client.execute(sql)
  })
  await timed(log, "unused points = each participant's ledger sum (at least 0)", () =>
    client.execute({
      sql: `UPDATE participants SET unused_points = max(0, coalesce((SELECT sum(l.delta) FROM points_ledger l WHERE l.program_id = participants.program_id AND l.participant_id = participants.id), 0))
             WHERE program_id = ?`,
      args: [o.programId],
    }),
  )
  await timed(log, 'participant tags (every 10th participant: vip)', () =>
    client.execute({ sql: "INSERT INTO participant_tags (program_id, tag, participant_id) SELECT program_id, 'vip', id FROM participants WHERE program_id = ? AND id % 10 = 0", args: [o.programId] }),
  )
  await timed(log, `rollups: backfill of migrations 0011, 0016, 0034 (${backfill.length} statements)`, async () => {
    for (const sql of backfill) await client.execute(sql)
  })
  for (const t of triggers) await client.execute(t.sql)
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
}
