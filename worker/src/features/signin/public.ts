import { Hono } from 'hono'
import { handoffRequestSchema, identityRequestSchema, signinVerifyRequestSchema } from '../../../../sdk/contract/auth'
import type { ParticipantRow } from '../../env'
import { signinReturnHosts } from '../programs/partner-origins'
import type { AppEnv } from '../../env'
import { clearCookie, setSecureCookie } from '../../lib/cookies'
import { clientIp } from '../../lib/client-ip'
import { siteOriginFor } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { AppError } from '../../lib/errors'
import { exchangeIdentityToken } from './identity'
import { consumeHandoff, verifySignin } from './participant-signin'
import { PARTICIPANT_SESSION_TTL_MS, createParticipantSession, deleteParticipantSession } from './sessions'

/** Participant sign-in (participant-site.md sections 4, 7). Mounted at /public/signin. */
export const signinRoutes = new Hono<AppEnv>()
  .post('/verify', async (c) => {
    const body = await parseBody(c, signinVerifyRequestSchema)
    const { program, scope, deps } = c.var
    // Only embedded widgets (token clients) start a sign-in a link returns to on a partner page.
    const returnHosts = c.var.tokenClient && body.return_to ? await signinReturnHosts(deps, program.id) : undefined
    const result = await verifySignin(
      { scope, program, deps, origin: await siteOriginFor(c), captcha: deps.captcha, remoteIp: clientIp(c), returnHosts },
      body,
    )
    if (result.kind === 'sent' || result.kind === 'step') return c.json(result.response)
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
    return c.json(await tokenSession(c.var.deps, program.id, participant))
  })
  // Embedded widgets of magic-link programs: the confirmed link returned to the partner page with a
  // one-time handoff, which becomes a participant session token here.
  .post('/handoff', async (c) => {
    const { handoff } = await parseBody(c, handoffRequestSchema)
    if (!c.var.tokenClient) throw new AppError('validation_failed', 422, 'Send X-Tessera-Session: token: a sign-in handoff gives token sessions only')
    const { program, scope, deps } = c.var
    const participant = await consumeHandoff({ scope, program, deps }, handoff)
    return c.json(await tokenSession(deps, program.id, participant))
  })
  .post('/sign_out_user', async (c) => {
    const { deps, program, participantSessionId } = c.var
    if (participantSessionId) await deleteParticipantSession(deps.db, program.id, participantSessionId)
    if (!c.var.tokenClient) clearCookie(c, 'participant')
    return c.json({ ok: true, message: 'Signed out' })
  })

async function tokenSession(deps: AppEnv['Variables']['deps'], programId: number, participant: ParticipantRow) {
  const token = await createParticipantSession(deps.db, { programId, participantId: participant.id, kind: 'token', now: deps.clock.now() })
  return {
    ok: true,
    otp_logged: true,
    sign_type: null,
    browser_token: null,
    message: 'You are signed in.',
    participant: { id: participant.id, first_name: participant.firstName, last_name: participant.lastName, name: `${participant.firstName} ${participant.lastName}`.trim(), email: participant.email },
    session_token: token,
  }
}
