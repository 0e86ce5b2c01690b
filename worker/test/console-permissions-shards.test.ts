import { matrixSuite } from './console-permissions-suite'

// The console permission matrix with its programs on shard 2 and admins, grants and sessions on control
// (decision 0041): every route, through the router, signed out, without grants and as organization admin.
matrixSuite(0, 1, { programsOnShard2: true })
