/**
 * The migration that creates the economics rollup triggers and backfills what they keep. Its backfill
 * sits between the same markers as the dashboard's (features/dashboard/rollup-migration.ts reads both):
 * bench/admin.ts drops these triggers for its bulk load, runs the backfill and creates them again.
 */
export const ECONOMICS_ROLLUP_MIGRATIONS = ['0034_economics_rollups.sql'] as const
