import { describe, expect, it } from 'vitest'
import { ALREADY_REDEEMED_MESSAGE, offersPageSchema } from '../../../../sdk/contract/offers'
import {
  ApiError,
  AuthenticationError,
  createClient,
  NotFoundError,
  ValidationError,
} from '../../../../sdk/src/index'
import { makeOffersTest } from '../../../test/offers-fixtures'
import type { Member } from '../../../test/rewards-fixtures'

type OffersTest = Awaited<ReturnType<typeof makeOffersTest>>

function clientFor(t: OffersTest, member: Member | null) {
  return createClient({
    baseUrl: 'http://localhost',
    programKey: 'demo',
    auth: 'token',
    sessionToken: member?.token ?? null,
    fetch: ((url: string, init: RequestInit) => t.app.request(url, init)) as typeof fetch,
  })
}

describe('the SDK offers resource', () => {
  it('searches, retrieves and redeems with typed answers and errors', async () => {
    const t = await makeOffersTest()
    const visitor = clientFor(t, null)
    const page = offersPageSchema.parse(
      await visitor.offers.search({ zip_code: '60601', category: 27, page: 1 }),
    )
    expect(page.result.every((m) => m.firstCategory === 27 || m.secondCategory === 27)).toBe(true)
    const merchant = await visitor.offers.retrieve({ slug: page.result[0]!.slug, zip_code: '60601' })
    expect(merchant).toEqual(page.result[0])
    await expect(visitor.offers.retrieve({ slug: 'missing' })).rejects.toBeInstanceOf(NotFoundError)
    await expect(visitor.offers.search({ zip_code: '00000' })).rejects.toMatchObject({
      constructor: ValidationError,
      fields: { zip_code: 'is not a known US zip code' },
    })

    const signedOut = await visitor.offers.redeem(t.mobileOffer.endecaKey, 'MOBILE').catch((e: unknown) => e)
    expect(signedOut).toBeInstanceOf(AuthenticationError)
    expect(signedOut).toMatchObject({ status: 401, body: { redemption_data: { message: 'No participant' } } })

    const member = clientFor(t, await t.eligibleMember())
    const { redemption_data } = await member.offers.redeem(t.mobileOffer.endecaKey, 'MOBILE')
    expect('coupon' in redemption_data && redemption_data.coupon.code).toBeTruthy()
    const again = await member.offers.redeem(t.mobileOffer.endecaKey, 'MOBILE').catch((e: unknown) => e)
    expect(again).toBeInstanceOf(ApiError)
    expect(again).toMatchObject({
      code: 'already_redeemed',
      status: 422,
      body: { redemption_data: { message: ALREADY_REDEEMED_MESSAGE } },
    })
    expect(await member.offers.redeem(t.clickOffer.endecaKey, 'CLICK')).toEqual({
      redemption_data: { url: t.clickOffer.webSite },
    })
  })
})
