// The shards feature's public entry (decision 0041): which database serves a request, and the demo
// data spread over several.
export { type ShardRouter, shardRouter } from './router'
export { seedShardedDemo } from './seed'
export { shardsDevRoutes } from './dev'
