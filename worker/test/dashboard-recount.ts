/**
 * The dashboard rollups (migrations/0011) next to a recount of the raw rows they summarise, as plain
 * SQL so the same check runs on libSQL and on D1. Rows that count nothing are left out on both sides
 * (a day whose only action was deleted keeps a row of zeros).
 */
const day = (col: string) => `strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`
const month = (col: string) => `strftime('%Y-%m', ${col} / 1000, 'unixepoch')`
const earned = `CASE WHEN a.points > 0 AND a.action_type <> 'reward_refunded' THEN a.points ELSE 0 END`
const member = (alias: string) => `JOIN participants p ON p.id = ${alias}.participant_id AND p.staff = 0`

export const ROLLUP_CHECKS: { name: string; rollup: string; recount: string }[] = [
  {
    name: 'daily actions',
    rollup: `SELECT program_id, day, participant_actions, challenge_actions, reward_actions FROM program_daily_stats
              WHERE participant_actions <> 0 OR challenge_actions <> 0 OR reward_actions <> 0 ORDER BY 1, 2`,
    recount: `SELECT a.program_id, ${day('a.created_at')} AS day, count(*) AS participant_actions,
                     sum(a.actionable_type = 'Challenge') AS challenge_actions, sum(a.actionable_type = 'Reward') AS reward_actions
                FROM participant_actions a ${member('a')} GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'daily completed challenges',
    rollup: `SELECT program_id, day, completed_challenges FROM program_daily_stats WHERE completed_challenges <> 0 ORDER BY 1, 2`,
    recount: `SELECT c.program_id, ${day('c.created_at')} AS day, count(*) AS completed_challenges
                FROM challenge_completions c ${member('c')} GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'daily new participants',
    rollup: `SELECT program_id, day, new_participants FROM program_daily_stats WHERE new_participants <> 0 ORDER BY 1, 2`,
    recount: `SELECT program_id, ${day('created_at')} AS day, count(*) AS new_participants FROM participants WHERE staff = 0 GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'daily visits',
    rollup: `SELECT program_id, day, visits FROM program_daily_stats WHERE visits <> 0 ORDER BY 1, 2`,
    recount: `SELECT program_id, ${day('started_at')} AS day, count(*) AS visits FROM visits GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'participant monthly activity',
    rollup: `SELECT program_id, month, participant_id, actions, points FROM participant_monthly_activity ORDER BY 1, 2, 3`,
    recount: `SELECT a.program_id, ${month('a.created_at')} AS month, a.participant_id, count(*) AS actions, sum(${earned}) AS points
                FROM participant_actions a ${member('a')} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
  {
    name: 'monthly active participants',
    rollup: `SELECT program_id, month, active_participants FROM program_monthly_stats WHERE active_participants <> 0 ORDER BY 1, 2`,
    recount: `SELECT a.program_id, ${month('a.created_at')} AS month, count(DISTINCT a.participant_id) AS active_participants
                FROM participant_actions a ${member('a')} GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'monthly new participants',
    rollup: `SELECT program_id, month, new_participants FROM program_monthly_stats WHERE new_participants <> 0 ORDER BY 1, 2`,
    recount: `SELECT program_id, ${month('created_at')} AS month, count(*) AS new_participants FROM participants WHERE staff = 0 GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    name: 'recent points (the 30 days up to the last action)',
    rollup: `SELECT id, recent_points FROM participants ORDER BY id`,
    recount: `SELECT p.id, coalesce((SELECT sum(${earned}) FROM participant_actions a
                                       WHERE a.program_id = p.program_id AND a.participant_id = p.id AND a.created_at >= p.last_action_at - 2592000000), 0) AS recent_points
                FROM participants p ORDER BY p.id`,
  },
  {
    name: 'last action times',
    rollup: `SELECT id, last_action_at FROM participants ORDER BY id`,
    recount: `SELECT p.id, (SELECT max(a.created_at) FROM participant_actions a WHERE a.program_id = p.program_id AND a.participant_id = p.id) AS last_action_at
                FROM participants p ORDER BY p.id`,
  },
]

type Rows = Record<string, unknown>[]

/** Each check's rollup and recount rows (as plain objects of numbers and strings), for toEqual. */
export async function rollupsAndRecounts(all: (sql: string) => Promise<Rows>) {
  const plain = (rows: Rows) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])))
  const out: Record<string, { rollup: Rows; recount: Rows }> = {}
  for (const check of ROLLUP_CHECKS) {
    out[check.name] = { rollup: plain(await all(check.rollup)), recount: plain(await all(check.recount)) }
  }
  return out
}

/** The same, shaped for one expect(): `{ name: rows }` from the rollups and from the recount. */
export async function compareRollups(all: (sql: string) => Promise<Rows>) {
  const both = await rollupsAndRecounts(all)
  const pick = (side: 'rollup' | 'recount') => Object.fromEntries(Object.entries(both).map(([name, v]) => [name, v[side]]))
  return { rollups: pick('rollup'), recounts: pick('recount') }
}
