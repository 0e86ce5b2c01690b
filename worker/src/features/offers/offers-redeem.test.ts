import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ALREADY_REDEEMED_MESSAGE, redeemOfferResponseSchema } from '../../../../sdk/contract/offers'
import { offerRedemptions, participantActions, participants, programs } from '../../db/schema'
import type { OffersProvider } from '../../platform/offers'
import { signVoucherToken } from './offers-voucher'
import { expectRedeemFailure, makeOffersTest } from '../../../test/offers-fixtures'
import { quickParticipant } from '../../../test/helpers'

const MINUTE = 60_000

describe('POST /offers/redeem: eligibility and input', () => {
  it("answers 'No participant' signed out and 'Participant not authorized' without eligible_offers_rewards", async () => {
    const t = await makeOffersTest()
    const body = { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' }
    expectRedeemFailure(await t.redeem(null, body), 401, 'unauthenticated', 'No participant')
    expectRedeemFailure(await t.redeem(null, {}), 401, 'unauthenticated', 'No participant')
    const member = await t.addMember()
    expectRedeemFailure(await t.redeem(member, body), 403, 'not_eligible', 'Participant not authorized')
    expect(await t.scope.count(offerRedemptions)).toBe(0)
  })

  it('names an unknown endeca_key (404) and a redemption type the offer lacks (422)', async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const unknown = await t.redeem(member, { endeca_key: 'E000', redemption_type: 'MOBILE' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({
      code: 'not_found',
      fields: { endeca_key: expect.any(String) },
    })
    expect(unknown.body.redemption_data!.message).toBe('Offer not found')

    const wrongType = await t.redeem(member, {
      endeca_key: t.mobileOffer.endecaKey,
      redemption_type: 'CLICK',
    })
    expect(wrongType.status).toBe(422)
    expect(wrongType.body.error!.fields).toEqual({ redemption_type: 'must be MOBILE' })
    const badType = await t.redeem(member, { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'PRINT' })
    expect(badType.status).toBe(422)
    expect(badType.body.error!.fields).toEqual({ redemption_type: 'must be CLICK or MOBILE' })
    const noKey = await t.redeem(member, { redemption_type: 'MOBILE' })
    expect(noKey.body.error!.fields).toEqual({ endeca_key: 'is required' })
    expect(await t.scope.count(offerRedemptions)).toBe(0)
  })
})

describe('POST /offers/redeem: provider failure', () => {
  it('answers 500 with a redemption_data.message of its own, logs the cause and writes nothing', async () => {
    const logs: string[] = []
    const down: OffersProvider = {
      name: 'down',
      searchMerchants: () => Promise.reject(new Error('network down')),
      findMerchant: () => Promise.reject(new Error('network down')),
      findOffer: () => Promise.reject(new Error('network down')),
    }
    const t = await makeOffersTest({ offers: down, log: (line) => logs.push(line) })
    const member = await t.eligibleMember()
    const r = await t.redeem(member, { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' })
    expect(r.status).toBe(500)
    expect(r.body).toMatchObject({
      error: { code: 'internal_error' },
      redemption_data: { message: 'Something went wrong while redeeming the offer. Please try again.' },
    })
    expect(logs.join('\n')).toMatch(/network down/)
    expect(await t.scope.count(offerRedemptions)).toBe(0)
  })
})

describe('CLICK redemption', () => {
  it("answers the offer's website and logs each click", async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const body = { endeca_key: t.clickOffer.endecaKey, redemption_type: 'click' }
    const first = await t.redeem(member, body)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ redemption_data: { url: t.clickOffer.webSite } })
    expect((await t.redeem(member, body)).body).toEqual(first.body)
    const rows = await t.scope.select(offerRedemptions, eq(offerRedemptions.participantId, member.id))
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.redemptionType === 'CLICK' && r.voucherCode === null)).toBe(true)
    expect(new Set(rows.map((r) => r.periodKey)).size).toBe(2)
  })
})

describe('MOBILE redemption', () => {
  it('issues a voucher once per participant, offer and calendar year', async () => {
    const t = await makeOffersTest()
    let member = await t.eligibleMember()
    const body = { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' }
    const now = t.clock.now()
    const first = await t.redeem(member, body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const { coupon } = redeemOfferResponseSchema.parse(first.body).redemption_data as {
      coupon: { voucher: string; code: string; expires_at: string }
    }
    expect(coupon.code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/)
    expect(coupon.expires_at).toBe(new Date(now + 10 * MINUTE).toISOString())
    expect(coupon.voucher).toMatch(/^http:\/\/localhost\/offers\/vouchers\/v1\.[^/]+\.svg\?program=demo$/)

    const [action] = await t.scope.select(participantActions, eq(participantActions.participantId, member.id))
    expect(action).toMatchObject({
      actionType: 'offer_redeemed',
      details: { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' },
    })

    const second = await t.redeem(member, body)
    expectRedeemFailure(second, 422, 'already_redeemed', ALREADY_REDEEMED_MESSAGE)
    // The last second of the year (UTC): still redeemed.
    const year = new Date(now).getUTCFullYear()
    t.clock.advance(Date.UTC(year, 11, 31, 23, 59, 59) - now)
    member = await t.renew(member)
    expectRedeemFailure(await t.redeem(member, body), 422, 'already_redeemed', ALREADY_REDEEMED_MESSAGE)
    // A new calendar year: a new voucher.
    t.clock.advance(1000)
    const nextYear = await t.redeem(member, body)
    expect(nextYear.status).toBe(200)
    const rows = await t.scope.select(offerRedemptions, eq(offerRedemptions.participantId, member.id))
    expect(rows.map((r) => r.periodKey)).toEqual([String(year), String(year + 1)])
    // Another participant redeems the same offer independently.
    const other = await t.eligibleMember()
    expect((await t.redeem(other, body)).status).toBe(200)
  })

  it('gives exactly one voucher to 20 parallel redeems of the same offer', async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const body = { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' }
    const results = await Promise.all(Array.from({ length: 20 }, () => t.redeem(member, body)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200)) {
      expectRedeemFailure(r, 422, 'already_redeemed', ALREADY_REDEEMED_MESSAGE)
    }
    expect(await t.scope.count(offerRedemptions)).toBe(1)
    expect(await t.scope.count(participantActions, eq(participantActions.actionType, 'offer_redeemed'))).toBe(
      1,
    )
  })

  it('works from the hosted site: cookie session, CSRF token and a form body', async () => {
    const t = await makeOffersTest()
    const { browser, participant, scope } = await quickParticipant(t, 'site-offers@example.com')
    await scope.update(participants, { eligibleOffersRewards: true }, eq(participants.id, participant.id))
    const form = { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' }
    const forged = await browser.json('/offers/redeem', { form, csrf: false })
    expect(forged.status).toBe(403)
    expect(forged.body).toMatchObject({ error: { code: 'csrf_failed' } })
    const ok = await browser.json<{ redemption_data: { coupon: { code: string } } }>('/offers/redeem', {
      form,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.redemption_data.coupon.code).toBeTruthy()
  })
})

describe('voucher image', () => {
  it('serves the SVG voucher for ten minutes, then 410', async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const r = await t.redeem(member, { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' })
    const coupon = r.body.redemption_data!.coupon!
    const path = t.voucherPath(coupon.voucher)
    const [merchant] = t.catalog.filter((o) => o.endecaKey === t.mobileOffer.endecaKey)
    expect(merchant).toBeTruthy()

    const res = await t.call(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const svg = await res.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain(`>${coupon.code}</text>`)
    expect(svg).toContain('Tessera Demo')
    expect(svg).toContain(t.mobileOffer.offerTextShort.replace(/&/g, '&amp;').slice(0, 20))
    expect(svg).toContain(`Valid until ${coupon.expires_at.slice(0, 16).replace('T', ' ')} UTC`)
    expect((svg.match(/<rect /g) ?? []).length).toBeGreaterThan(40)

    // A signed-out <img> needs nothing but the URL.
    expect((await t.browser().request(path)).status).toBe(200)

    t.clock.advance(10 * MINUTE - 1)
    expect((await t.call(path)).status).toBe(200)
    t.clock.advance(1)
    const expired = await t.call(path)
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ error: { code: 'voucher_expired' } })
  })

  it('refuses a tampered token and a token of another program', async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const r = await t.redeem(member, { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' })
    const path = t.voucherPath(r.body.redemption_data!.coupon!.voucher)
    const tampered = path.replace(/vouchers\/v1\.(\d+)\./, (_, id) => `vouchers/v1.${Number(id) + 1}.`)
    expect((await t.call(tampered)).status).toBe(404)
    expect((await t.call(path.replace('.svg', 'x.svg'))).status).toBe(404)
    expect((await t.call(path.replace('?program=demo', '?program=links'))).status).toBe(404)

    // A validly signed token naming another program finds nothing there: redemptions are scoped.
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const [row] = await t.scope.select(offerRedemptions)
    const foreign = await signVoucherToken(t.deps.config.secret, {
      redemptionId: row!.id,
      programId: links!.id,
      expiresAt: t.clock.now() + MINUTE,
    })
    expect((await t.call(`/offers/vouchers/${foreign}.svg?program=links`)).status).toBe(404)
    const genuine = await signVoucherToken(t.deps.config.secret, {
      redemptionId: row!.id,
      programId: t.program.id,
      expiresAt: t.clock.now() + MINUTE,
    })
    expect((await t.call(`/offers/vouchers/${genuine}.svg?program=demo`)).status).toBe(200)
  })
})
