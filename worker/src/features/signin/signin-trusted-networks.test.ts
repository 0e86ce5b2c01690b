import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ProgramSettings } from '../../../../sdk/contract/console/settings'
import { programs } from '../../db/schema'
import { adminBrowser, makeAdmin, makeProgram } from '../../../test/console-fixtures'
import { lastMail, makeTestApp } from '../../../test/helpers'
import { check, fillStarts, start, startsOf, venue } from './signin-limits-fixtures'
import { STARTS_PER_IP } from './signin-throttle'

/**
 * A program's own trusted networks (console, program settings > enrollment; issue 25): sign-ins to
 * that program from them skip the per-address limits, never the per-account lockout, and no other
 * program's sign-ins.
 */
const ip = venue['cf-connecting-ip']

describe('sign-in limits per client address: a program\'s trusted networks', () => {
  it('lets a network the program trusts past the per-address limit, for that program only, never past the per-account lockout', async () => {
    const t = await makeTestApp()
    const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const other = await makeProgram(t, demo!.organizationId)
    const admin = await adminBrowser(t, await makeAdmin(t, { organizationId: demo!.organizationId, organizationAdmin: true }))
    const saved = await admin.json<{ success: boolean; data: ProgramSettings }>(`/admin/v2/programs/${demo!.id}/settings/enrollment`, {
      method: 'PATCH',
      json: { override_enrollment: false, program_custom_signin_url: '', trusted_signin_networks: '203.0.113.0/24\n2001:db8:5::/48' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.trusted_signin_networks).toEqual(['203.0.113.0/24', '2001:db8:5::/48'])

    await fillStarts(t, ip, STARTS_PER_IP.limit)
    // The program that trusts the venue: its starts go on and are not counted.
    for (let i = 0; i < 5; i++) expect((await start(t.browser(), `fan${i}@example.com`)).status).toBe(200)
    expect(await startsOf(t, ip)).toBe(STARTS_PER_IP.limit)
    // Another program does not: the same address is over its limit there.
    const elsewhere = await t.browser().json<{ error: { code: string } }>('/public/signin/verify', {
      json: { email: 'fan0@example.com', first_name: 'Fan', last_name: 'Crowd', agree_terms: true },
      headers: { ...venue, 'x-program-key': other.publicKey },
    })
    expect(elsewhere.status).toBe(429)
    expect(elsewhere.body.error.code).toBe('rate_limited')
    // An address outside the program's list is limited as before.
    await fillStarts(t, '198.51.100.9', STARTS_PER_IP.limit)
    expect((await start(t.browser(), 'outside@example.com', { 'cf-connecting-ip': '198.51.100.9' })).status).toBe(429)

    // The account's own guard holds: wrong codes lock the account from a trusted network too.
    const b = t.browser()
    const sent = await start(b, 'door@example.com')
    const code = (await lastMail(t.db, 'door@example.com'))!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await check(b, 'door@example.com', wrong, sent.body.browser_token)).status)
    expect(statuses).toContain(429)
    expect((await check(b, 'door@example.com', code, sent.body.browser_token)).body.error.code).toBe('too_many_attempts')
  }, 120_000)
})
