import { referrals } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'
import type { Fixture, FixtureKit } from '../../../test/console-matrix'

/** Test fixtures of the referral review (Node tests only): a fresh pending referral of `program`. */
async function matrixReferral(k: FixtureKit, program: ProgramRow): Promise<{ referral_id: number }> {
  const referrerId = await k.participant(program)
  const referredId = await k.participant(program)
  const [row] = await programScope(k.db, program.id)
    .insert(referrals, { referrerId, referredParticipantId: referredId, holdReason: 'same_ip' })
    .returning({ id: referrals.id })
  return { referral_id: row!.id }
}

const ONE = 'GET /programs/:program_id/referrals/:referral_id{[0-9]+}'

/** One permission-matrix line per referral console route (worker/test/console-permissions-suite.ts). */
export const referralMatrixFixtures: Record<string, Fixture> = {
  [ONE]: { params: matrixReferral },
  [`${ONE}/referral_update_logs`]: { params: matrixReferral },
  // A decision also needs users manage (it credits points): referrals/admin.ts assertMayDecide.
  'PATCH /programs/:program_id/referrals/:referral_id{[0-9]+}': {
    params: matrixReferral,
    body: () => ({ referral: { status: 'rejected', admin_comments: 'matrix' } }),
    alsoNeeds: [['users', 'manage']],
  },
  'GET /programs/:program_id/participants/:participant_id{[0-9]+}/referrals': { params: async (k, p) => ({ participant_id: await k.participant(p) }) },
}
