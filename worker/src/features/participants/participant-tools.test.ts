import { and, eq, sum } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ParticipantDetail, ParticipantIntentResponse } from '../../../../sdk/contract/console/participants'
import { challengeCompletions, challenges, participantActions, participantSessions, participantTags, participants, pointsLedger, referrals, signinCodes } from '../../db/schema'
import { configFromEnv } from '../../config'
import { keptSignedInAnswer } from '../../middleware/kept-reads'
import { createParticipantSession } from '../signin/sessions'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { addPeople, consoleAs, programByKey } from './participants-fixtures'

type Intent = ParticipantIntentResponse & { message: string; error?: { fields?: Record<string, string> } }

async function setup(overrides: Parameters<typeof makeTestApp>[0] = {}) {
  const t = await makeTestApp(overrides)
  const member = await quickParticipant(t, 'member@example.com', { points: 100 })
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const path = `/admin/v2/programs/${member.program.id}/participants/${member.participant.id}`
  const act = (json: Record<string, unknown>, headers: Record<string, string> = {}) => admin.json<Intent>(path, { json, headers })
  return { t, member, admin, path, act, programId: member.program.id }
}

const balance = async (t: Awaited<ReturnType<typeof makeTestApp>>, id: number) => (await t.db.select().from(participants).where(eq(participants.id, id)))[0]

describe('participant detail and tabs', () => {
  it('answers the entity and every tab; a missing or foreign id is 404 Participant not found', async () => {
    const { t, admin, path, programId } = await setup()
    const detail = await admin.json<{ data: ParticipantDetail }>(path)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ email: 'member@example.com', unused_points: 100, blockchain_enabled: false })
    for (const tab of ['actions', 'rewards', 'challenges', 'questions', 'participant_answers', 'attributes', 'recruited', 'receipts']) {
      const res = await admin.json<{ data: unknown[]; meta: { total: number } }>(`${path}/${tab}`)
      expect(res.status, tab).toBe(200)
      expect(Array.isArray(res.body.data), tab).toBe(true)
    }
    const chain = await admin.json(`${path}/blockchain_transactions`)
    expect(chain.status).toBe(404)
    const links = await programByKey(t, 'links')
    const [foreign] = await addPeople(t, links.id, [{ email: 'elsewhere@example.com' }])
    for (const url of [`/admin/v2/programs/${programId}/participants/999999`, `/admin/v2/programs/${programId}/participants/${foreign!.id}`, `/admin/v2/programs/${programId}/participants/${foreign!.id}/actions`]) {
      const res = await admin.json(url)
      expect(res.status, url).toBe(404)
      expect(res.body.message).toBe('Participant not found')
    }
    // A tool on another program's participant changes nothing.
    const res = await admin.json(`/admin/v2/programs/${programId}/participants/${foreign!.id}`, { json: { intent: 'delete_participant' } })
    expect(res.status).toBe(404)
    expect(await balance(t, foreign!.id)).toBeDefined()
  })

  it('lists what the participant did in the tabs', async () => {
    const { member, admin, path } = await setup()
    const b = member.browser
    expect((await b.json('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' } })).status).toBe(200)
    const challengesTab = await admin.json<{ data: { name: string; points: number }[] }>(`${path}/challenges`)
    expect(challengesTab.body.data[0]).toMatchObject({ name: 'Read: the perfect pour-over at home', points: 25 })
    const actionsTab = await admin.json<{ data: { action_type: string }[]; meta: { total: number } }>(`${path}/actions?per_page=1`)
    expect(actionsTab.body.data).toHaveLength(1)
    expect(actionsTab.body.meta.total).toBeGreaterThanOrEqual(1)
  })
})

describe('participant tools', () => {
  it('toggles a tag (Tag updated) and keeps the tag rows on the participant status and points', async () => {
    const { t, act, member, admin, programId } = await setup()
    const on = await act({ intent: 'toggle_tag', tag: ' vip ' })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ success: true, message: 'Tag updated', data: { tagged: true, participant: { tag_list: ['vip'] } } })
    const [row] = await t.db.select().from(participantTags).where(eq(participantTags.participantId, member.participant.id))
    expect(row).toMatchObject({ tag: 'vip', status: 'active', points: 100 })
    await act({ intent: 'create_action', points: 5, action_title: 'Bonus', idempotency_key: 'bonus-key-1' })
    await act({ intent: 'update_participant', status: 'inactive' })
    const [after] = await t.db.select().from(participantTags).where(eq(participantTags.participantId, member.participant.id))
    expect(after).toMatchObject({ status: 'inactive', points: 105 })
    expect((await admin.json<{ meta: { total: number } }>(`/admin/v2/programs/${programId}/participants?tag=vip&status=inactive&sort=points`)).body.meta.total).toBe(1)
    const off = await act({ intent: 'toggle_tag', tag: 'vip' })
    expect(off.body).toMatchObject({ message: 'Tag updated', data: { tagged: false, participant: { tag_list: [] } } })
    const bad = await act({ intent: 'toggle_tag', tag: 'a,b' })
    expect(bad.status).toBe(422)
    expect(bad.body.error?.fields?.tag).toBe('Tag must not contain a comma')
  })

  it('adds points once per client key through the ledger (Points Added), and validates them', async () => {
    const { t, act, member } = await setup()
    const add = await act({ intent: 'create_action', points: 40, action_title: 'Goodwill' }, { 'idempotency-key': 'goodwill-0001' })
    expect(add.body).toMatchObject({ success: true, message: 'Points Added', data: { applied: true, participant: { unused_points: 140, points: 140 } } })
    const again = await act({ intent: 'create_action', points: 40, action_title: 'Goodwill' }, { 'idempotency-key': 'goodwill-0001' })
    expect(again.body.data.applied).toBe(false)
    expect((await balance(t, member.participant.id))!.unusedPoints).toBe(140)
    const [ledger] = await t.db.select({ total: sum(pointsLedger.delta) }).from(pointsLedger).where(eq(pointsLedger.participantId, member.participant.id))
    expect(Number(ledger!.total)).toBe(140)
    for (const [body, field, message] of [
      [{ points: 0, action_title: 'x' }, 'points', 'Points must be a positive whole number'],
      [{ points: 2.5, action_title: 'x' }, 'points', 'Points must be a positive whole number'],
      [{ points: -3, action_title: 'x' }, 'points', 'Points must be a positive whole number'],
      [{ points: 3, action_title: '  ' }, 'action_title', 'Action title is required'],
      [{ points: 3, action_title: 'x' }, 'idempotency_key', 'is required'],
    ] as const) {
      const res = await act({ intent: 'create_action', ...body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.error?.fields?.[field]).toBe(message)
    }
    expect((await balance(t, member.participant.id))!.unusedPoints).toBe(140)
  })

  it('answers Invalid intent for anything else', async () => {
    const { act } = await setup()
    for (const intent of ['drop_tables', undefined, '']) {
      const res = await act({ intent })
      expect(res.status).toBe(422)
      expect(res.body.message).toBe('Invalid intent')
    }
  })

  it('resets activities: completions, answers and actions go, points and the ledger stay, no second credit', async () => {
    const { t, act, member } = await setup()
    const b = member.browser
    await b.json('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' } })
    const [challenge] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'pour-over-guide'))
    const before = await balance(t, member.participant.id)
    expect(before).toMatchObject({ unusedPoints: 125, completedChallenges: 1 })
    const reset = await act({ intent: 'reset_activities' })
    expect(reset.body).toMatchObject({ message: 'Activities reset', data: { participant: { completed_challenges: 0, unused_points: 125 } } })
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, member.participant.id))).toHaveLength(0)
    expect(await t.db.select().from(participantActions).where(eq(participantActions.participantId, member.participant.id))).toHaveLength(0)
    expect((await t.db.select().from(challenges).where(eq(challenges.id, challenge!.id)))[0]!.completions).toBe(challenge!.completions - 1)
    // Completing again is recorded but credits nothing: that period was credited already.
    expect((await b.json('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' } })).status).toBe(200)
    const after = await balance(t, member.participant.id)
    expect(after).toMatchObject({ unusedPoints: 125, completedChallenges: 1 })
    const [ledger] = await t.db.select({ total: sum(pointsLedger.delta) }).from(pointsLedger).where(eq(pointsLedger.participantId, member.participant.id))
    expect(Number(ledger!.total)).toBe(after!.unusedPoints)
  })

  it('deletes by erasing: an anonymous tombstone keeps the ledger and the referral; the tools then refuse it', async () => {
    const { t, act, member, programId, admin, path } = await setup()
    const friend = await quickParticipant(t, 'friend@example.com', { points: 10 })
    expect((await admin.json<{ data: ParticipantDetail }>(path)).body.data.erased_at).toBeNull()
    await t.db.insert(referrals).values({ programId, referrerId: member.participant.id, referredParticipantId: friend.participant.id, status: 'approved' })
    await t.db.update(participants).set({ referredById: member.participant.id }).where(eq(participants.id, friend.participant.id))
    const res = await act({ intent: 'delete_participant' })
    expect(res.body).toMatchObject({ success: true, message: 'Participant deleted' })
    const tombstone = await balance(t, member.participant.id)
    expect(tombstone).toMatchObject({ email: `erased-${member.participant.id}@invalid`, firstName: 'Erased', lastName: 'participant', unusedPoints: 100, erasedAt: expect.any(Date) })
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, member.participant.id))).toHaveLength(1)
    expect(await t.db.select().from(participantSessions).where(eq(participantSessions.participantId, member.participant.id))).toHaveLength(0)
    expect((await balance(t, friend.participant.id))!.referredById).toBe(member.participant.id)
    const [sums] = await t.db.select({ ledger: sum(pointsLedger.delta) }).from(pointsLedger).where(eq(pointsLedger.programId, programId))
    const [balances] = await t.db.select({ total: sum(participants.unusedPoints) }).from(participants).where(eq(participants.programId, programId))
    expect(Number(sums!.ledger)).toBe(Number(balances!.total))
    expect((await member.browser.request('/public/participant')).status).toBe(401)
    expect((await admin.json<{ data: ParticipantDetail }>(path)).body.data).toMatchObject({ email: `erased-${member.participant.id}@invalid`, erased_at: tombstone!.erasedAt!.toISOString() })
    // A repeat answers the same; every other tool refuses the tombstone (no magic link to sign in as it).
    expect((await act({ intent: 'delete_participant' })).body).toMatchObject({ success: true, message: 'Participant deleted' })
    const link = await act({ intent: 'get_magic_link' })
    expect(link.status).toBe(422)
    expect(link.body.error?.fields).toEqual({ participant: 'This participant was erased' })
  })

  it('makes a single-use magic link on the configured origin, never the request host', async () => {
    const { t, act, member } = await setup()
    const res = await act({ intent: 'get_magic_link' }, { 'x-forwarded-host': 'evil.example', host: 'localhost' })
    expect(res.body.message).toBe('Magic link copied to clipboard')
    const url = new URL(res.body.data.magic_link!.url)
    expect(url.origin).toBe('http://localhost')
    expect(url.pathname).toBe('/signin/magic')
    const [code] = await t.db.select().from(signinCodes).where(and(eq(signinCodes.participantId, member.participant.id), eq(signinCodes.kind, 'magic_link')))
    expect(code!.secretHash).not.toContain(url.searchParams.get('token')!)
    const b = t.browser()
    const post = await b.request(`/signin/magic${url.search.replace(/token=[^&]*&?/, '')}`, { form: { token: url.searchParams.get('token')!, authenticity_token: await b.fetchCsrf() }, csrf: false })
    expect(post.status).toBe(303)
    expect(((await b.json<{ email: string }>('/public/participant')).body).email).toBe('member@example.com')
    const c = t.browser()
    const again = await c.request('/signin/magic?program=demo', { form: { token: url.searchParams.get('token')!, authenticity_token: await c.fetchCsrf() }, csrf: false })
    expect(again.status).toBe(410)
  })

  it('refuses a blocked participant on the very next request, kept answers included (Participant updated)', async () => {
    const withCache = { config: { ...configFromEnv({ ENVIRONMENT: 'development', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }), cacheTtlMs: 5000 } }
    const { t, act, member } = await setup(withCache)
    const token = await createParticipantSession(t.db, { programId: member.program.id, participantId: member.participant.id, kind: 'token', now: t.clock.now() })
    const read = () => new Request('http://localhost/public/participant', { headers: { host: 'localhost', authorization: `Bearer ${token}`, 'x-tessera-session': 'token' } })
    expect((await t.app.request(read())).status).toBe(200) // kept now
    expect(await keptSignedInAnswer(t.deps, read())).toBeDefined()
    expect((await member.browser.request('/public/participant')).status).toBe(200)
    const blocked = await act({ intent: 'update_participant', status: 'blocked' })
    expect(blocked.body).toMatchObject({ message: 'Participant updated', data: { participant: { status: 'blocked' } } })
    expect(await keptSignedInAnswer(t.deps, read())).toBeUndefined()
    expect((await t.app.request(read())).status).toBe(401)
    expect((await member.browser.request('/public/participant')).status).toBe(401)
    const staff = await act({ intent: 'update_participant', staff: true })
    expect(staff.body.data.participant).toMatchObject({ staff: true, status: 'blocked' })
    expect((await act({ intent: 'update_participant' })).status).toBe(422)
    expect((await act({ intent: 'update_participant', status: 'gone' })).status).toBe(422)
    expect((await act({ intent: 'get_magic_link' })).status).toBe(422)
  })
})
