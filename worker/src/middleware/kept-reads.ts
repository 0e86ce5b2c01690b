import { gzipSync } from 'node:zlib'
import { parse } from 'hono/utils/cookie'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import type { Deps } from '../deps'
import { codingWeight } from '../lib/accept-encoding'
import { cookieName } from '../lib/cookies'
import { originOf } from '../lib/origin'
import { loadChallengeCatalog } from '../features/challenges/challenge-catalog'
import { KEPT, currentKept } from '../features/home/participant-cache'
import { isAllowedOrigin } from '../features/programs/partner-origins'
import { findParticipantSession } from '../features/signin/sessions'
import { loadTiers } from '../features/rewards/tiers'
import { allowedOriginHeaders } from './cors'
import { tokenClientBy } from './csrf'
import { programFor } from './program'
import { rememberSessionLookup, sessionToken } from './participant-auth'

/** The signed-in reads every page view and widget makes, with the shared data their answers depend on. */
const KEPT_READS = new Map<string, { kind: string; basis: (deps: Deps, programId: number) => Promise<object> }>([
  ['/public/home/active_uncompleted_challenges', { kind: KEPT.activeChallenges, basis: loadChallengeCatalog }],
  ['/public/home/completed_challenges', { kind: KEPT.completedChallenges, basis: loadChallengeCatalog }],
  ['/public/participant', { kind: KEPT.summary, basis: loadTiers }],
])

/**
 * A signed-in read answered before the app routes it (node.ts under Node, index.ts on Workers), when
 * the participant's answer is kept and current (services/participant-cache.ts): the two home lists
 * and the participant summary. The request is checked as the participant API's chain checks it (participant-api.ts), with
 * the same functions: the program by key or host (active), a partner origin against the program's
 * domain list (and its CORS headers), the session token (a token client's bearer token, else the
 * session cookie) looked up for this program, unexpired, the participant not blocked. Anything else
 * (another method or path, a query string, an origin the app would refuse, no session, no current
 * answer) goes to the app unchanged, which answers it and keeps the answer for the next time, with
 * the session lookup made here (participant-auth.ts): a miss costs no second lookup.
 * A client that takes gzip gets the kept answer gzipped (once per kept answer).
 */
export async function keptSignedInAnswer(deps: Deps, request: Request): Promise<Response | undefined> {
  if (request.method !== 'GET' || deps.config.cacheTtlMs <= 0) return undefined
  const url = request.url
  const start = url.indexOf('/', url.indexOf('://') + 3)
  const read = start === -1 ? undefined : KEPT_READS.get(url.slice(start))
  if (!read) return undefined
  const header = (name: string) => request.headers.get(name)
  const host = header('host')
  if (!host) return undefined
  const program = await programFor(deps, header(PROGRAM_KEY_HEADER) || undefined, host)
  if (!program || program.status !== 'active') return undefined
  const origin = header('origin')
  const crossOrigin = Boolean(origin && origin !== 'null' && origin !== originOf(url, header))
  if (crossOrigin && !(await isAllowedOrigin(deps, program.id, origin!))) return undefined
  const token = sessionToken(tokenClientBy(header), header('authorization'), () => parse(header('cookie') ?? '', cookieName(deps.config, 'participant'))[cookieName(deps.config, 'participant')])
  if (!token) return undefined
  const now = deps.clock.now()
  const found = await findParticipantSession(deps.db, program.id, token, now)
  rememberSessionLookup(request, program.id, token, found)
  if (!found || found.participant.status === 'blocked') return undefined
  const body = currentKept(deps, read.kind, found.participant, await read.basis(deps, program.id), now)
  if (!body) return undefined
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' }
  if (crossOrigin) Object.assign(headers, allowedOriginHeaders(origin!), { vary: 'Origin, Accept-Encoding' })
  if (body.byteLength < MIN_GZIP_BYTES || !acceptsGzip(header('accept-encoding'))) return new Response(body, { headers })
  headers['content-encoding'] = 'gzip'
  // The bytes are gzip already: workerd would otherwise encode them again (its default for a
  // Content-Encoding header); Node's Response ignores the option.
  return new Response(gzipped(body), { headers, encodeBody: 'manual' } as ResponseInit)
}

/** Smaller answers gain less than gzip's own header and the work costs. */
const MIN_GZIP_BYTES = 1024
const gzips = new WeakMap<Uint8Array, Uint8Array<ArrayBuffer>>()

/**
 * A kept answer gzipped once, while it is kept (the home lists are a few KB of JSON that browsers and
 * widgets ask for on every page view, with Accept-Encoding: gzip, as every browser sends it).
 */
function gzipped(body: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  let out = gzips.get(body)
  if (!out) {
    out = new Uint8Array(gzipSync(body))
    gzips.set(body, out)
  }
  return out
}

/** Whether an Accept-Encoding header takes gzip (listed, or `*`, without q=0; lib/accept-encoding.ts). */
export const acceptsGzip = (value: string | null): boolean => codingWeight(value, 'gzip') > 0
