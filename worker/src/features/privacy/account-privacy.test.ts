import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_DELETED_MESSAGE } from '../../../../sdk/contract/privacy'
import { outbox, participants, participantSessions } from '../../db/schema'
import { programScope } from '../../db/scope'
import { lastMail, makeTestApp, quickParticipant } from '../../../test/helpers'
import { createParticipantSession } from '../signin/sessions'
import { PRIVACY_CODES_PER_ACCOUNT, PRIVACY_RESEND_WAIT_MS } from './privacy-codes'
import { signUpAs } from './privacy-fixtures'

type Json = Record<string, any>

describe('My account: download my data and delete my account with a mailed code (issue 28)', () => {
  it('asks for a signed-in participant, and refuses a missing or malformed code', async () => {
    const t = await makeTestApp()
    const anonymous = t.browser()
    for (const [path, json] of [['/public/account/privacy_code', { action: 'export' }], ['/public/account/export', { code: '123456' }], ['/public/account/delete', { code: '123456' }]] as const) {
      expect((await anonymous.request(path, { json })).status, path).toBe(401)
    }
    const { browser } = await quickParticipant(t, 'asker@example.com')
    const bad = await browser.json<Json>('/public/account/privacy_code', { json: { action: 'everything' } })
    expect(bad).toMatchObject({ status: 422, body: { error: { fields: { action: 'must be export or delete' } } } })
    const short = await browser.json<Json>('/public/account/delete', { json: { code: '12' } })
    expect(short).toMatchObject({ status: 422, body: { error: { fields: { code: 'must be the 6-digit code from the e-mail' } } } })
    // No code was asked for: any code is wrong.
    expect((await browser.json<Json>('/public/account/delete', { json: { code: '123456' } })).body.error.code).toBe('invalid_code')
  })

  it('limits codes per account across resends: one a minute, five an hour; a code works for its own action, once, for ten minutes', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'limits@example.com')
    const ask = (action: 'export' | 'delete') => browser.json<Json>('/public/account/privacy_code', { json: { action } })

    const first = await ask('export')
    expect(first).toMatchObject({ status: 200, body: { ok: true, action: 'export', expires_at: new Date(t.clock.now() + 600_000).toISOString() } })
    const mail = (await lastMail(t.db, 'limits@example.com'))!
    expect(mail.subject).toMatch(new RegExp(`^Your .+ code to download your data: ${mail.code}$`))
    expect(mail.text).toContain('It is valid for 10 minutes.')
    const soon = await ask('delete')
    expect(soon).toMatchObject({ status: 429, body: { error: { code: 'resend_too_soon' }, retry_after_seconds: 60 } })

    // The export's code does not delete the account; it expires after ten minutes.
    t.clock.advance(PRIVACY_RESEND_WAIT_MS)
    expect((await ask('delete')).status).toBe(200)
    expect((await browser.json<Json>('/public/account/delete', { json: { code: mail.code } })).body.error.code).toBe('invalid_code')
    t.clock.advance(10 * 60_000)
    expect((await browser.json<Json>('/public/account/export', { json: { code: mail.code } })).body.error.code).toBe('code_expired')

    // Five codes an hour, whatever the action.
    for (let i = 2; i < PRIVACY_CODES_PER_ACCOUNT.limit; i++) {
      t.clock.advance(PRIVACY_RESEND_WAIT_MS)
      expect((await ask(i % 2 ? 'export' : 'delete')).status).toBe(200)
    }
    t.clock.advance(PRIVACY_RESEND_WAIT_MS)
    expect(await ask('export')).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } })
    t.clock.advance(3_600_000)
    expect((await ask('export')).status).toBe(200)
    expect((await programScope(t.db, participant.programId).first(participants, eq(participants.id, participant.id)))!.erasedAt).toBeNull()
  })

  it('counts wrong codes against the account across new codes, as the sign-in does: a growing wait, the right code waits too', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'guesser@example.com')
    const other = (code: string) => (code === '000000' ? '111111' : '000000')
    expect((await browser.json('/public/account/privacy_code', { json: { action: 'export' } })).status).toBe(200)
    const code = (await lastMail(t.db, 'guesser@example.com'))!.code!
    for (let i = 0; i < 4; i++) expect((await browser.json<Json>('/public/account/export', { json: { code: other(code) } })).status).toBe(422)
    expect(await browser.json<Json>('/public/account/export', { json: { code: other(code) } })).toMatchObject({ status: 429, body: { error: { code: 'too_many_attempts' }, retry_after_seconds: 30 } })
    // A new code does not start a new count: the next wrong one waits longer.
    t.clock.advance(PRIVACY_RESEND_WAIT_MS)
    expect((await browser.json('/public/account/privacy_code', { json: { action: 'export' } })).status).toBe(200)
    const fresh = (await lastMail(t.db, 'guesser@example.com'))!.code!
    expect(await browser.json<Json>('/public/account/export', { json: { code: other(fresh) } })).toMatchObject({ status: 429, body: { retry_after_seconds: 60 } })
    expect((await browser.json<Json>('/public/account/export', { json: { code: fresh } })).status).toBe(429)
    t.clock.advance(60_000)
    expect((await browser.request('/public/account/export', { json: { code: fresh } })).status).toBe(200)
  })

  it('deletes the account with the code for delete: signed out everywhere, the address free for a new person', async () => {
    const t = await makeTestApp()
    const browser = await signUpAs(t, { email: 'leaving.member@example.com', first: 'Leonor', last: 'Leaving' })
    const me = (await browser.json<Json>('/public/participant')).body
    const token = await createParticipantSession(t.db, { programId: await programOf(t, me.id), participantId: me.id, kind: 'token', now: t.clock.now() })
    const widget = (path: string) => t.app.request(`http://localhost${path}`, { headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', authorization: `Bearer ${token}` } })
    expect((await widget('/public/participant')).status).toBe(200)

    const asked = await browser.json<Json>('/public/account/privacy_code', { json: { action: 'delete' } })
    expect(asked.body.message).toBe('We sent a 6-digit code to l*****r@example.com. Enter it to delete your account.')
    const code = (await lastMail(t.db, 'leaving.member@example.com'))!.code!
    const res = await browser.request('/public/account/delete', { json: { code } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_DELETED_MESSAGE })
    expect(res.headers.getSetCookie().join(';')).toMatch(/max-age=0/i)

    expect((await browser.request('/public/participant')).status).toBe(401)
    expect((await widget('/public/participant')).status).toBe(401)
    const [row] = await t.db.select().from(participants).where(eq(participants.id, me.id))
    expect(row).toMatchObject({ email: `erased-${me.id}@invalid`, firstName: 'Erased', erasedAt: expect.any(Date) })
    expect(await t.db.select().from(participantSessions).where(eq(participantSessions.participantId, me.id))).toEqual([])
    // The e-mails to them are gone from the outbox too (the code's included).
    const mails = (await t.db.select().from(outbox).where(eq(outbox.topic, 'email'))).filter((o) => JSON.stringify(o.payload).includes('leaving.member@example.com'))
    expect(mails).toEqual([])

    const back = await signUpAs(t, { email: 'leaving.member@example.com', first: 'Leonor', last: 'Leaving', ip: '203.0.113.99' })
    const newMe = (await back.json<Json>('/public/participant')).body
    expect(newMe.id).not.toBe(me.id)
    expect(newMe.email).toBe('leaving.member@example.com')
  })
})

async function programOf(t: Awaited<ReturnType<typeof makeTestApp>>, participantId: number) {
  const [row] = await t.db.select({ programId: participants.programId }).from(participants).where(eq(participants.id, participantId))
  return row!.programId
}
