import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { readCookie } from '../lib/cookies'
import { unauthenticated } from '../lib/errors'
import { findParticipantSession } from '../features/signin/sessions'
import { isTokenClient } from './csrf'

/**
 * Loads the signed-in participant, if any, for the resolved program. Token clients are read from
 * the bearer token only; browsers from the session cookie. A session of another program is ignored.
 */
export async function setParticipant(c: Context<AppEnv>): Promise<void> {
  const tokenClient = isTokenClient(c)
  c.set('tokenClient', tokenClient)
  c.set('participant', null)
  c.set('participantSessionId', null)
  const token = sessionToken(tokenClient, c.req.header('authorization'), () => readCookie(c, 'participant'))
  if (token) {
    const programId = c.get('program').id
    const early = sessionsLookedUp.get(c.req.raw)
    const found = early && early.programId === programId && early.token === token ? early.found : await findParticipantSession(c.get('deps').db, programId, token, c.get('deps').clock.now())
    if (found && found.participant.status !== 'blocked') {
      c.set('participant', found.participant)
      c.set('participantSessionId', found.sessionId)
    }
  }
}

type Found = Awaited<ReturnType<typeof findParticipantSession>>

/**
 * Session lookups already made for a request before the app routed it (the kept-read path,
 * middleware/kept-reads.ts): when that path cannot answer, the app uses the same lookup instead of
 * asking the database again (one statement less on the request that builds a kept answer).
 */
const sessionsLookedUp = new WeakMap<Request, { programId: number; token: string; found: Found }>()

export function rememberSessionLookup(request: Request, programId: number, token: string, found: Found) {
  sessionsLookedUp.set(request, { programId, token, found })
}

/** The session token a request presents: a token client's bearer token, else the session cookie. */
export function sessionToken(tokenClient: boolean, authorization: string | null | undefined, cookie: () => string | undefined): string | undefined {
  if (!tokenClient) return cookie()
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined
}

export const requireParticipant = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('participant')) throw unauthenticated()
  await next()
})
