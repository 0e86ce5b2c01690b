import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { participantReferralsQuerySchema, referralListQuerySchema, referralUpdateSchema } from '../../../../sdk/contract/console/referrals'
import { adminProgramPermissions } from '../../db/schema'
import type { AppEnv } from '../../env'
import { forbidden } from '../../lib/errors'
import { parseBody, parseQuery } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { can } from '../console/permissions'
import { decideReferral, findReferralOr404, listReferrals, participantReferrals, referralUpdateLogsOf } from './referral-review'

type C = Context<AppEnv>
const BASE = '/programs/:program_id/referrals'
const ONE = `${BASE}/:referral_id{[0-9]+}`

const referralId = (c: C) => Number(c.req.param('referral_id'))

/**
 * Section 6 grants referrals only `view`; approving credits a participant's points, which the console
 * otherwise lets only users manage do (add points). So a decision needs both: referrals view on the
 * route, users manage here.
 */
async function assertMayDecide(c: C) {
  const admin = c.var.admin!
  const scope = c.var.scope
  const grants = await scope.db
    .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
    .from(adminProgramPermissions)
    .where(scope.where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, admin.id)))
  if (!can(admin, c.var.program, grants, 'users', 'manage')) throw forbidden('Approving or rejecting a referral needs users manage')
}

/**
 * Referral review console calls (admin-console-part-a.md sections 2 Referrals, 7 Referrals, 8):
 * list, detail, the decision with comments, the activity log and a participant's referrals. Every
 * row is read through the program in the path: another program's referral is 'Referral not found'.
 */
export const referralsConsole = consoleRoutes()
  .get(BASE, ['referrals', 'view'], async (c) => c.json(await listReferrals(c.var.scope, parseQuery(c, referralListQuerySchema))))
  .get(ONE, ['referrals', 'view'], async (c) => c.json({ data: await findReferralOr404(c.var.scope, referralId(c)) }))
  .patch(ONE, ['referrals', 'view'], async (c) => {
    await assertMayDecide(c)
    const { referral } = await parseBody(c, referralUpdateSchema)
    const data = await decideReferral(c.var.scope, c.var.deps, c.var.admin!.id, referralId(c), referral)
    return c.json({ success: true, data, errors: {} })
  })
  .get(`${ONE}/referral_update_logs`, ['referrals', 'view'], async (c) => c.json({ data: await referralUpdateLogsOf(c.var.scope, referralId(c)) }))
  .get('/programs/:program_id/participants/:participant_id{[0-9]+}/referrals', ['referrals', 'view'], async (c) =>
    c.json(await participantReferrals(c.var.scope, Number(c.req.param('participant_id')), parseQuery(c, participantReferralsQuerySchema).page)),
  )
