import { eq } from 'drizzle-orm'
import { PROGRAM_KEY_HEADER } from '../../../../sdk/contract/auth'
import type { Db } from '../../db/client'
import { apiKeyDirectory, programs } from '../../db/schema'
import type { Config } from '../../deps'
import { TtlCache } from '../../lib/cache'
import { sha256Sync } from '../../lib/crypto'
import { hostnameOf, isPlatformHost, resolveProgram } from '../programs/programs'

/**
 * Which database serves a request (decision 0041). Shard 1 is the control database: the console's
 * organizations, admins, sessions and grants, and the program directory (every program's row, with the
 * shard its rows live on). A request that names a program (its public key, its host, or the console path
 * `/admin/v2/programs/:id`) goes to that program's shard; everything else (the console's organization
 * pages, sign-in, `/_dev`) to control. A server API call (`/api/v1`) goes where its API key's program
 * lives, by the key's digest in the directory (`api_key_directory`, written when a key is made for a
 * program off control). One statement on control per new key, host or id, then the answer from memory:
 * a program's shard changes only when an operator moves it, which is not built yet.
 */

/** The shard (1-based) serving `request`; synchronous when there is one shard (no lookup, no promise). */
export type ShardRouter = { shardOf(request: Request): number | Promise<number> }

/**
 * Paths naming their program by id: the console's (as middleware/admin-auth.ts reads it), uploaded
 * media and signed receipt files (`/media/:program_id/...`, `/receipts-file/:program_id/...`).
 */
const PROGRAM_ID_PATH = /^\/(?:admin\/v2\/programs|media|receipts-file)\/([1-9][0-9]{0,15})(?:\/|$)/
/**
 * Stripe's webhook: the event's checkout session names its program in its metadata. Read unverified
 * here, only to pick the shard; the shard's app verifies the signature and checks the metadata against
 * the session it holds (features/payments/payments.ts).
 */
const PAYMENT_WEBHOOK = '/payments/stripe/webhook'
/** The development checkout page (features/payments/dev-checkout.ts), with `?program_id=`. */
const DEV_CHECKOUT = /^\/_checkout\//
const PROGRAM_ID = /^[1-9][0-9]{0,15}$/
/** The server API: its program is its API key's. */
const SERVER_API = /^\/api\/v1\//
/** `Authorization: Bearer tsk_...` (the API's key format, sdk/contract/console/integrations.ts). */
const BEARER_KEY = /^Bearer\s+(tsk_[0-9A-Za-z]{43})\s*$/i
/** Paths that never name a program by host or key: the console, the dev tools, health. */
const CONTROL_PATHS = /^\/(admin\/v2(\/|$)|_dev\/|healthz$)/

/** How long a key's, host's or program id's shard is kept. */
const DIRECTORY_TTL_MS = 60_000

/** The program id a Stripe event's session names in its metadata, if any (the request's body stays unread). */
async function paymentProgram(request: Request): Promise<string | undefined> {
  try {
    const event = JSON.parse(await request.clone().text()) as { data?: { object?: { metadata?: { program_id?: unknown } } } }
    const id = event.data?.object?.metadata?.program_id
    return typeof id === 'string' && PROGRAM_ID.test(id) ? id : undefined
  } catch {
    return undefined
  }
}

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
    let programId = PROGRAM_ID_PATH.exec(url.pathname)?.[1]
    // The development checkout page names its session's program in its query (platform/payments.ts, local).
    if (!programId && DEV_CHECKOUT.test(url.pathname)) programId = PROGRAM_ID.exec(url.searchParams.get('program_id') ?? '')?.[0]
    if (!programId && url.pathname === PAYMENT_WEBHOOK && request.method === 'POST') programId = await paymentProgram(request)
    if (programId) {
      return known.get(`id:${programId}`, async () =>
        shardOfRow((await control.select({ shard: programs.shard }).from(programs).where(eq(programs.id, Number(programId))).limit(1))[0]),
      )
    }
    if (SERVER_API.test(url.pathname)) {
      const key = BEARER_KEY.exec(request.headers.get('authorization') ?? '')?.[1]
      if (!key) return 1
      // The key's digest, as api_keys keeps it (integrations/api-keys.ts, hashApiKey).
      const digest = sha256Sync(key)
      return known.get(`api:${digest}`, async () =>
        shardOfRow(
          (
            await control
              .select({ shard: programs.shard })
              .from(apiKeyDirectory) // tenant-guard: allow (the key names its program)
              .innerJoin(programs, eq(programs.id, apiKeyDirectory.programId))
              .where(eq(apiKeyDirectory.keyHash, digest))
              .limit(1)
          )[0],
        ),
      )
    }
    if (CONTROL_PATHS.test(url.pathname)) return 1
    const publicKey = request.headers.get(PROGRAM_KEY_HEADER) || url.searchParams.get('program') || undefined
    const host = request.headers.get('host') ?? url.host
    // A custom domain is looked up on every request, as the app does (middleware/program.ts): adding or
    // removing one counts on the next request.
    if (!publicKey && !isPlatformHost(config, hostnameOf(host))) return shardOfRow(await resolveProgram(control, config, { host }))
    return known.get(publicKey ? `key:${publicKey}` : `host:${host}`, async () => shardOfRow(await resolveProgram(control, config, { publicKey, host })))
  }
}
