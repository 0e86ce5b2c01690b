import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ConsoleReferral, ReferralList, ReferralUpdateLog } from '../../../../sdk/contract/console/referrals'
import { challengeCompletions, outbox, pointsLedger, programs, referralUpdateLogs } from '../../db/schema'
import { makeTestApp } from '../../../test/helpers'
import { adminWith, consoleAs } from '../participants/participants-fixtures'
import { points, REFERRAL_POINTS, referralOf, referrer, signUp, type TestApp } from './referral-test-kit'

type Saved = { success: boolean; data: ConsoleReferral }
type Failed = { error: { code: string; message: string; fields?: Record<string, string> } }

async function setup() {
  const t = await makeTestApp()
  const [program] = await t.db.select().from(programs).limit(1)
  const base = `/admin/v2/programs/${program!.id}/referrals`
  return { t, program: program!, base, admin: await consoleAs(t, 'admin@tessera.dev') }
}

/** A multipart PATCH as the console sends it: referral[status], referral[admin_comments]. */
function decide(status: string, comments?: string) {
  const form = new FormData()
  form.set('referral[status]', status)
  if (comments !== undefined) form.set('referral[admin_comments]', comments)
  return { method: 'PATCH', body: form }
}

async function heldPlusTag(t: TestApp) {
  const ana = await referrer(t, 'ana.maria@gmail.com')
  await signUp(t, 'anamaria+friend@googlemail.com', { referralCode: ana.code })
  return { ana, held: (await referralOf(t, 'anamaria+friend@googlemail.com'))! }
}

describe('console referral review', () => {
  it('holds a plus-tag variant, lists and shows it, then credits the referrer once under concurrent approvals', async () => {
    const { t, base, admin } = await setup()
    const { ana, held } = await heldPlusTag(t)
    expect(held).toMatchObject({ status: 'pending', holdReason: 'same_address', points: 0 })

    const list = await admin.json<ReferralList>(`${base}?status=pending`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => [r.referrer_email, r.referred_participant_email, r.status, r.hold_reason])).toEqual([
      ['ana.maria@gmail.com', 'anamaria+friend@googlemail.com', 'pending', 'same_address'],
    ])
    expect(list.body.meta).toMatchObject({ total: 1, page: 1, per_page: 20 })
    expect((await admin.json<ReferralList>(`${base}?status=approved`)).body.data).toEqual([])
    expect((await admin.json<ReferralList>(`${base}?q=anamaria`)).body.data).toHaveLength(1)
    expect((await admin.json<ReferralList>(`${base}?q=nobody`)).body.meta.total).toBe(0)

    const detail = await admin.json<{ data: ConsoleReferral }>(`${base}/${held.id}`)
    expect(detail.body.data).toMatchObject({ id: held.id, referrer_id: held.referrerId, referred_participant_id: held.referredParticipantId, points: 0 })

    // Ten reviewers approve at once: one moves it and credits, the others are told it is approved.
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.json<Saved | Failed>(`${base}/${held.id}`, decide('approved', 'same person? checked by phone'))))
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)])
    const conflict = results.find((r) => r.status === 409)!.body as Failed
    expect(conflict.error.message).toBe('This referral was already approved')
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)
    const credits = await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, held.referrerId))
    expect(credits.filter((c) => c.kind === 'earn' && c.delta === REFERRAL_POINTS)).toHaveLength(1)

    const after = await admin.json<{ data: ConsoleReferral }>(`${base}/${held.id}`)
    expect(after.body.data).toMatchObject({ status: 'approved', points: REFERRAL_POINTS, admin_comments: 'same person? checked by phone', hold_reason: 'same_address' })
    const logs = await admin.json<{ data: ReferralUpdateLog[] }>(`${base}/${held.id}/referral_update_logs`)
    expect(logs.body.data).toMatchObject([{ from_status: 'pending', to_status: 'approved', comments: 'same person? checked by phone', admin: { email: 'admin@tessera.dev' } }])

    // A later rejection changes nothing.
    const late = await admin.json<Failed>(`${base}/${held.id}`, decide('rejected'))
    expect(late.status).toBe(409)
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)

    // Participant history: the referrer's referrals (and the referred participant's own).
    const history = await admin.json<ReferralList>(`/admin/v2/programs/${held.programId}/participants/${held.referrerId}/referrals`)
    expect(history.body.data.map((r) => r.id)).toEqual([held.id])
    expect(history.body.meta.per_page).toBe(50)
  })

  it('approves and credits atomically: a failed credit leaves the referral pending with nothing written, and the retry credits once', async () => {
    const { t, base, admin } = await setup()
    const { ana, held } = await heldPlusTag(t)
    const referrerLedger = async () => (await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, held.referrerId))).filter((c) => c.kind === 'earn' && c.delta === REFERRAL_POINTS)
    const approvedEvents = async () => t.db.select().from(outbox).where(and(eq(outbox.topic, 'webhook'), like(outbox.payload, '%referral.approved%')))
    const completions = async () => t.db.select().from(challengeCompletions).where(eq(challengeCompletions.periodKey, `ref:${held.id}`))

    // The credit step fails: the ledger refuses the referrer's earn.
    await t.db.run(sql.raw(`CREATE TRIGGER fail_referral_credit BEFORE INSERT ON points_ledger WHEN NEW.participant_id = ${held.referrerId} BEGIN SELECT RAISE(ABORT, 'injected credit failure'); END`))
    const failed = await admin.json<Failed>(`${base}/${held.id}`, decide('approved', 'checked'))
    expect(failed.status).toBe(500)
    const still = await admin.json<{ data: ConsoleReferral }>(`${base}/${held.id}`)
    expect(still.body.data).toMatchObject({ status: 'pending', points: 0, admin_comments: null })
    expect(await t.db.select().from(referralUpdateLogs).where(eq(referralUpdateLogs.referralId, held.id))).toEqual([])
    expect(await completions()).toEqual([])
    expect(await referrerLedger()).toEqual([])
    expect(await approvedEvents()).toEqual([])
    expect(await points(ana.browser)).toBe(ana.points)

    // Fixed, the retry does the whole approval once; a further retry is told it is approved.
    await t.db.run(sql.raw('DROP TRIGGER fail_referral_credit'))
    const retried = await admin.json<Saved>(`${base}/${held.id}`, decide('approved', 'checked'))
    expect(retried.status).toBe(200)
    expect(retried.body.data).toMatchObject({ status: 'approved', points: REFERRAL_POINTS, admin_comments: 'checked' })
    expect((await admin.json<Failed>(`${base}/${held.id}`, decide('approved', 'checked'))).status).toBe(409)
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)
    expect(await referrerLedger()).toHaveLength(1)
    expect(await completions()).toHaveLength(1)
    expect(await approvedEvents()).toHaveLength(1)
    expect(await t.db.select().from(referralUpdateLogs).where(eq(referralUpdateLogs.referralId, held.id))).toHaveLength(1)
  })

  it('never approves or credits a rejected referral', async () => {
    const { t, base, admin } = await setup()
    const { ana, held } = await heldPlusTag(t)
    expect((await admin.json<Saved>(`${base}/${held.id}`, decide('rejected', 'same person'))).status).toBe(200)
    expect((await admin.json<Failed>(`${base}/${held.id}`, decide('approved'))).status).toBe(409)
    expect(await points(ana.browser)).toBe(ana.points)
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.periodKey, `ref:${held.id}`))).toEqual([])
  })

  it('rejects with comments, answers 422 naming the field, and 404 "Referral not found" for a missing or foreign id', async () => {
    const { t, base, admin, program } = await setup()
    const ana = await referrer(t, 'ana@example.com')
    await signUp(t, 'friend@mailinator.com', { referralCode: ana.code })
    const held = (await referralOf(t, 'friend@mailinator.com'))!
    expect(held.holdReason).toBe('disposable_domain')

    const bad = await admin.json<Failed>(`${base}/${held.id}`, decide('pending'))
    expect(bad.status).toBe(422)
    expect(bad.body.error.fields).toHaveProperty(['referral.status'])

    const rejected = await admin.json<Saved>(`${base}/${held.id}`, decide('rejected', 'throwaway address'))
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: 'rejected', points: 0, admin_comments: 'throwaway address' })
    expect(await points(ana.browser)).toBe(ana.points)

    const missing = await admin.json<Failed>(`${base}/${held.id + 999}`)
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe('Referral not found')

    // Another program of the organization: its path does not reach this program's referral.
    const [other] = await t.db.insert(programs).values({ ...program, id: undefined, name: 'Other', subdomain: 'other-ref', publicKey: 'pk_other_ref' } as typeof programs.$inferInsert).returning()
    const foreign = await admin.json<Failed>(`/admin/v2/programs/${other!.id}/referrals/${held.id}`, decide('approved'))
    expect(foreign.status).toBe(404)
  })

  it('lets referrals view read but not decide without users manage', async () => {
    const { t, base, program } = await setup()
    const { held } = await heldPlusTag(t)
    const viewer = await adminWith(t, 'viewer@example.com', program.id, [['referrals', 'view']])
    expect((await viewer.json(`${base}/${held.id}`)).status).toBe(200)
    expect((await viewer.json(`${base}/${held.id}`, decide('approved'))).status).toBe(403)
    const reviewer = await adminWith(t, 'reviewer@example.com', program.id, [['referrals', 'view'], ['users', 'manage']])
    expect((await reviewer.json(`${base}/${held.id}`, decide('approved'))).status).toBe(200)
    const outsider = await adminWith(t, 'outsider@example.com', program.id, [['users', 'manage']])
    expect((await outsider.json(base)).status).toBe(403)
  })
})
