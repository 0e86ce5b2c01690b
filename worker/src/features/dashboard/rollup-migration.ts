/** The migrations that create the dashboard rollup triggers and backfill what they keep, in order. */
export const ROLLUP_MIGRATIONS = ['0011_dashboard_rollup_triggers.sql', '0016_dashboard_recent_points.sql'] as const

export type RollupSql = { backfill: string[]; triggers: { name: string; sql: string }[] }

const statements = (part: string) =>
  part
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean)

/**
 * The migrations' statements in two parts: every backfill statement (between each file's
 * `dashboard-backfill` markers), in order, and the triggers as they stand after the last file (a
 * later file drops and creates some of an earlier one's again). bench/admin.ts builds the rollups of
 * a bulk-loaded database with exactly this SQL (the triggers dropped during the load, then created),
 * and the rollup tests check the backfill against what the triggers built.
 */
export function rollupMigrationParts(texts: string[]): RollupSql {
  const backfill: string[] = []
  const triggers = new Map<string, string>()
  for (const [i, text] of texts.entries()) {
    const start = text.indexOf('-- dashboard-backfill:start')
    const end = text.indexOf('-- dashboard-backfill:end')
    if (start < 0 || end < start) throw new Error(`${ROLLUP_MIGRATIONS[i] ?? 'migration'}: backfill markers not found`)
    backfill.push(...statements(text.slice(start, end)))
    for (const sql of statements(text.slice(end))) {
      const dropped = sql.match(/^DROP TRIGGER IF EXISTS `([^`]+)`;?$/)?.[1]
      const created = sql.match(/^CREATE TRIGGER `([^`]+)`/)?.[1]
      if (dropped) triggers.delete(dropped)
      else if (created) triggers.set(created, sql)
      else throw new Error(`${ROLLUP_MIGRATIONS[i] ?? 'migration'}: unexpected statement after the backfill: ${sql.slice(0, 60)}`)
    }
  }
  return { backfill, triggers: [...triggers].map(([name, sql]) => ({ name, sql })) }
}
