import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { referrerLookupSchema } from '../../../../sdk/contract/referrals'
import { participants } from '../../db/schema'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { firstNameOnly, REFERRER_LOOKUPS_PER_IP } from './public'

describe('GET /public/referrals/{code}', () => {
  it("answers a signed-out visitor the referrer's first name and nothing else", async () => {
    const t = await makeTestApp()
    const { participant } = await quickParticipant(t, 'ada@example.com')
    await t.db.update(participants).set({ firstName: 'Ada Grace', lastName: 'Lovelace' }).where(eq(participants.id, participant.id))
    const visitor = t.browser()
    const res = await visitor.json(`/public/referrals/${participant.referralCode}`)
    expect(res.status).toBe(200)
    expect(referrerLookupSchema.strict().parse(res.body)).toEqual({ referrer: { first_name: 'Ada' } })
    expect(JSON.stringify(res.body)).not.toMatch(/Lovelace|ada@example|"id"/)
    expect(res.res.headers.get('cache-control')).toContain('no-store')
    // Codes are matched as the sign-up matches them (upper case).
    expect((await visitor.json(`/public/referrals/${participant.referralCode.toLowerCase()}`)).body).toEqual({ referrer: { first_name: 'Ada' } })
  })

  it('answers no referrer for unknown or malformed codes, inactive referrers and another program', async () => {
    const t = await makeTestApp()
    const visitor = t.browser()
    const none = async (path: string) => {
      const res = await visitor.json(path)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ referrer: null })
    }
    await none('/public/referrals/NOSUCHCODE')
    await none('/public/referrals/%27%20OR%201%3D1')
    const { participant } = await quickParticipant(t, 'blocked@example.com')
    await t.db.update(participants).set({ status: 'blocked' }).where(eq(participants.id, participant.id))
    await none(`/public/referrals/${participant.referralCode}`)
    const other = await quickParticipant(t, 'elsewhere@example.com', { programKey: 'links' })
    await none(`/public/referrals/${other.participant.referralCode}`)
  })

  it('limits lookups per client address', async () => {
    const t = await makeTestApp()
    const visitor = t.browser()
    const headers = { 'cf-connecting-ip': '198.51.100.7' }
    for (let i = 0; i < REFERRER_LOOKUPS_PER_IP.limit; i++) {
      expect((await visitor.request(`/public/referrals/GUESS${i}`, { headers })).status).toBe(200)
    }
    expect((await visitor.request('/public/referrals/GUESSMORE', { headers })).status).toBe(429)
    expect((await visitor.request('/public/referrals/GUESSMORE', { headers: { 'cf-connecting-ip': '198.51.100.8' } })).status).toBe(200)
  })

  it('keeps only the first word of a first name', () => {
    expect(firstNameOnly('  Ada  Grace ')).toBe('Ada')
    expect(firstNameOnly('')).toBeNull()
    expect(firstNameOnly(null)).toBeNull()
  })
})
