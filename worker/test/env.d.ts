import type { D1Migration } from '@cloudflare/vitest-pool-workers'
import type { WorkerEnv } from '../src/index'

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}
