import { parse } from 'hono/utils/cookie'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import type { Deps } from '../deps'
import { COOKIES } from '../lib/cookies'
import { originOf } from '../lib/origin'
import { loadChallengeCatalog } from '../services/challenge-catalog'
import { KEPT, currentKept } from '../services/participant-cache'
import { isAllowedOrigin } from '../services/partner-origins'
import { findParticipantSession } from '../services/sessions'
import { loadTiers } from '../services/tiers'
import { allowedOriginHeaders } from './cors'
import { tokenClientBy } from './csrf'
import { programFor } from './program'
import { sessionToken } from './participant-auth'

/** The signed-in reads every page view and widget makes, with the shared data their answers depend on. */
const KEPT_READS = new Map<string, { kind: string; basis: (deps: Deps, programId: number) => Promise<object> }>([
  ['/public/home/active_uncompleted_challenges', { kind: KEPT.activeChallenges, basis: loadChallengeCatalog }],
  ['/public/home/completed_challenges', { kind: KEPT.completedChallenges, basis: loadChallengeCatalog }],
  ['/public/participant', { kind: KEPT.summary, basis: loadTiers }],
])

/**
 * A signed-in read answered under Node before the app routes it (node.ts), when the participant's
 * answer is kept and current (services/participant-cache.ts): the two home lists and the participant
 * summary. The request is checked as the participant API's chain checks it (participant-api.ts), with
 * the same functions: the program by key or host (active), a partner origin against the program's
 * domain list (and its CORS headers), the session token (a token client's bearer token, else the
 * session cookie) looked up for this program, unexpired, the participant not blocked. Anything else
 * (another method or path, a query string, an origin the app would refuse, no session, no current
 * answer) goes to the app unchanged, which answers it and keeps the answer for the next time.
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
  const token = sessionToken(tokenClientBy(header), header('authorization'), () => parse(header('cookie') ?? '', COOKIES.participant)[COOKIES.participant])
  if (!token) return undefined
  const now = deps.clock.now()
  const found = await findParticipantSession(deps.db, program.id, token, now)
  if (!found || found.participant.status === 'blocked') return undefined
  const body = currentKept<Uint8Array<ArrayBuffer>>(deps, read.kind, found.participant, await read.basis(deps, program.id), now)
  if (!body) return undefined
  return new Response(body, { headers: { 'content-type': 'application/json', ...(crossOrigin ? allowedOriginHeaders(origin!) : {}) } })
}
