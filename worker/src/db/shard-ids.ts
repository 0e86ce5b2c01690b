/**
 * Ids per shard (decision 0041): shard n allocates every AUTOINCREMENT table's ids from
 * (n - 1) * SHARD_ID_SPAN + 1, so rows made on different shards never share an id and a program moves
 * between shards with its ids (partners hold them: features/shards/move.ts). 64 shards stay below 2^53,
 * JavaScript's exact integers. Shard 1 (control) keeps the ids it always had.
 */
export const SHARD_ID_SPAN = 1_000_000_000_000

export const shardIdFloor = (shard: number) => (shard - 1) * SHARD_ID_SPAN

/**
 * Raises every AUTOINCREMENT table's sequence to the floor (one bound parameter, `?1`): tables never
 * written get a sequence row, the others are raised when below it. Idempotent.
 */
export const SHARD_ID_RANGE_SQL = [
  `INSERT INTO sqlite_sequence (name, seq) SELECT name, ?1 FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name NOT IN (SELECT name FROM sqlite_sequence)`,
  `UPDATE sqlite_sequence SET seq = ?1 WHERE seq < ?1`,
] as const
