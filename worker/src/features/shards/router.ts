import { eq } from 'drizzle-orm'
import { PROGRAM_KEY_HEADER } from '../../../../sdk/contract/auth'
import type { Db } from '../../db/client'
import { programs } from '../../db/schema'
import type { Config } from '../../deps'
import { TtlCache } from '../../lib/cache'
import { resolveProgram } from '../programs/programs'

/**
 * Which database serves a request (decision 0041). Shard 1 is the control database: the console's
 * organizations, admins, sessions and grants, and the program directory (every program's row, with the
 * shard its rows live on). A request that names a program (its public key, its host, or the console path
 * `/admin/v2/programs/:id`) goes to that program's shard; everything else (the console's organization
 * pages, sign-in, `/_dev`) to control. One statement on control per new key or host, then the answer
 * from memory: a program's shard changes only when an operator moves it, which is not built yet.
 */
/** The shard (1-based) serving `request`; synchronous when there is one shard (no lookup, no promise). */
export type ShardRouter = { shardOf(request: Request): number | Promise<number> }

/** The console path naming a program (as middleware/admin-auth.ts reads it). */
const CONSOLE_PROGRAM_PATH = /^\/admin\/v2\/programs\/([1-9][0-9]{0,15})(?:\/|$)/
/** Paths that never name a program by host or key: the console, the dev tools, health. */
const CONTROL_PATHS = /^\/(admin\/v2(\/|$)|_dev\/|healthz$)/

/** How long a key's, host's or program id's shard is kept. */
const DIRECTORY_TTL_MS = 60_000

export function shardRouter(control: Db, config: Config, count: number): ShardRouter {
  const known = new TtlCache<number>(DIRECTORY_TTL_MS)
  // A program on a shard this deployment does not declare is answered as such by the entry (503), never
  // served from another database.
  const shardOfRow = (row: { shard: number } | undefined) => row?.shard ?? 1
  return {
    shardOf(request) {
      if (count <= 1) return 1
      return lookup(request)
    },
  }
  async function lookup(request: Request): Promise<number> {
    const url = new URL(request.url)
    const consoleProgram = CONSOLE_PROGRAM_PATH.exec(url.pathname)?.[1]
    if (consoleProgram) {
      return known.get(`id:${consoleProgram}`, async () =>
        shardOfRow((await control.select({ shard: programs.shard }).from(programs).where(eq(programs.id, Number(consoleProgram))).limit(1))[0]),
      )
    }
    if (CONTROL_PATHS.test(url.pathname)) return 1
    const publicKey = request.headers.get(PROGRAM_KEY_HEADER) || url.searchParams.get('program') || undefined
    const host = request.headers.get('host') ?? url.host
    return known.get(publicKey ? `key:${publicKey}` : `host:${host}`, async () => shardOfRow(await resolveProgram(control, config, { publicKey, host })))
  }
}
