import { type Context, Hono } from 'hono'
import { ACCOUNT_DELETED_MESSAGE, privacyCodeConfirmSchema, privacyCodeRequestSchema } from '../../../../sdk/contract/privacy'
import type { AppEnv } from '../../env'
import { clearCookie } from '../../lib/cookies'
import { siteOriginFor } from '../../lib/origin'
import { parseBody } from '../../lib/parse'
import { requireParticipant } from '../../middleware/participant-auth'
import { eraseParticipant } from './erasure'
import { exportFileName, participantExport } from './export'
import { consumePrivacyCode, sendPrivacyCode } from './privacy-codes'

/** The export as a download: one JSON file, never kept by a cache. */
export function exportDownload(c: Context<AppEnv>, document: unknown, fileName: string) {
  return c.body(JSON.stringify(document, null, 2), 200, {
    'content-type': 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  })
}

/**
 * My account > "Download my data" and "Delete my account" (issue 28), mounted at /public/account. Both
 * are sensitive: the signed-in participant asks for a code mailed to their address
 * (`POST /privacy_code` with the action), then sends it back with the request.
 */
export const privacyAccountRoutes = new Hono<AppEnv>()
  .post('/privacy_code', requireParticipant, async (c) => {
    const { action } = await parseBody(c, privacyCodeRequestSchema)
    const { scope, deps, program } = c.var
    return c.json(await sendPrivacyCode({ scope, deps, program, origin: await siteOriginFor(c) }, c.var.participant!, action))
  })
  .post('/export', requireParticipant, async (c) => {
    const { code } = await parseBody(c, privacyCodeConfirmSchema)
    const { scope, deps, program } = c.var
    const participant = c.var.participant!
    await consumePrivacyCode({ scope, deps }, participant, 'export', code)
    return exportDownload(c, await participantExport(scope, deps, participant, program), exportFileName(program, participant.id))
  })
  .post('/delete', requireParticipant, async (c) => {
    const { code } = await parseBody(c, privacyCodeConfirmSchema)
    const { scope, deps } = c.var
    const participant = c.var.participant!
    await consumePrivacyCode({ scope, deps }, participant, 'delete', code)
    await eraseParticipant(scope, deps, participant, 'participant')
    // Every session went with the erasure; the browser's cookie goes too.
    if (!c.var.tokenClient) clearCookie(c, 'participant')
    return c.json({ ok: true as const, message: ACCOUNT_DELETED_MESSAGE })
  })
