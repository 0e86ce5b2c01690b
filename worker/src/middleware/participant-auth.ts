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
    const found = await findParticipantSession(c.get('deps').db, c.get('program').id, token, c.get('deps').clock.now())
    if (found && found.participant.status !== 'blocked') {
      c.set('participant', found.participant)
      c.set('participantSessionId', found.sessionId)
    }
  }
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
