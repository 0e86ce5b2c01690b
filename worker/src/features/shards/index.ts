// The shards feature's public entry (decision 0041): which database serves a request, the directory as
// development tools list it, and the demo data spread over several databases.
import type { Db } from '../../db/client'

export { type ShardRouter, shardRouter } from './router'
export { shardsDevRoutes } from './dev'
export { copyAdminToShard } from './console-rows'
export { placeNewProgram } from './placement'
export { abortMove, confirmMove, MoveError, moveProgram, reserveShardIds } from './move'
export { programTakesWrites, READ_ONLY_MOVED, READ_ONLY_MOVING, refuseWriteIfReadOnly, servesProgram, shardCount, shardUrl, unservedShard } from './settings'

/** seed.ts's seedShardedDemo, loaded when called: the demo seed stays out of the app's own imports. */
export async function seedShardedDemo(shards: readonly Db[], opts: { log?: (line: string) => void } = {}) {
  return (await import('./seed')).seedShardedDemo(shards, opts)
}
