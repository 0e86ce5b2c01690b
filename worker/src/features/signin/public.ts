import { Hono } from 'hono'
import { identityRequestSchema, signinVerifyRequestSchema } from '../../../../sdk/contract/auth'
import type { AppEnv } from '../../env'
import { clearCookie, setSecureCookie } from '../../lib/cookies'
import { clientIp } from '../../lib/client-ip'
import { siteOriginFor } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { AppError } from '../../lib/errors'
import { exchangeIdentityToken } from './identity'
import { verifySignin } from './participant-signin'
import { PARTICIPANT_SESSION_TTL_MS, createParticipantSession, deleteParticipantSession } from './sessions'

/** Participant sign-in (participant-site.md sections 4, 7). Mounted at /public/signin. */
export const signinRoutes = new Hono<AppEnv>()
  .post('/verify', async (c) => {
    const body = await parseBody(c, signinVerifyRequestSchema)
    const { program, scope, deps } = c.var
    const result = await verifySignin(
      { scope, program, deps, origin: await siteOriginFor(c), captcha: deps.captcha, remoteIp: clientIp(c) },
      body,
    )
    if (result.kind === 'sent') return c.json(result.response)
    const token = await createParticipantSession(deps.db, {
      programId: program.id,
      participantId: result.participant.id,
      kind: c.var.tokenClient ? 'token' : 'cookie',
      now: deps.clock.now(),
      replaceSessionId: c.var.participantSessionId,
    })
    if (c.var.tokenClient) return c.json({ ...result.response, session_token: token })
    setSecureCookie(c, 'participant', token, PARTICIPANT_SESSION_TTL_MS / 1000)
    return c.json(result.response)
  })
  // Embedded widgets: a partner-signed identity token becomes a participant session token.
  .post('/identity', async (c) => {
    const { identity_token } = await parseBody(c, identityRequestSchema)
    if (!c.var.tokenClient) throw new AppError('validation_failed', 422, 'Send X-Tessera-Session: token: identity tokens give token sessions only')
    const { program, scope, deps } = c.var
    const participant = await exchangeIdentityToken(scope, deps, program, identity_token)
    const token = await createParticipantSession(deps.db, { programId: program.id, participantId: participant.id, kind: 'token', now: deps.clock.now() })
    return c.json({
      ok: true,
      otp_logged: true,
      sign_type: null,
      browser_token: null,
      message: 'You are signed in.',
      participant: { id: participant.id, first_name: participant.firstName, last_name: participant.lastName, name: `${participant.firstName} ${participant.lastName}`.trim(), email: participant.email },
      session_token: token,
    })
  })
  .post('/sign_out_user', async (c) => {
    const { deps, program, participantSessionId } = c.var
    if (participantSessionId) await deleteParticipantSession(deps.db, program.id, participantSessionId)
    if (!c.var.tokenClient) clearCookie(c, 'participant')
    return c.json({ ok: true, message: 'Signed out' })
  })
