import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { OffersPage } from '../../../../sdk/contract/offers'
import { seed, TokenClient } from '../../../test/workerd-helpers'

describe('offers on D1 in workerd', () => {
  it('searches by zip code and redeems a MOBILE offer once, with a voucher image', async () => {
    await seed()
    const client = await new TokenClient().signUp('offers-d1@example.com')
    const page = await client.json<OffersPage>('/public/offers/merchants?zip_code=94103&category=25')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ page: 1, pageSize: 12 })
    expect(page.body.totalItems).toBeGreaterThan(12)
    const distances = page.body.result.map((m) => m.distance!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(page.body.result.every((m) => m.firstCategory === 25 || m.secondCategory === 25)).toBe(true)
    expect((await client.json('/public/offers/merchants?zip_code=00000')).status).toBe(422)

    const offer = page.body.result.flatMap((m) => m.offers).find((o) => o.redemptionTypes.includes('MOBILE'))!
    const body = { endeca_key: offer.endecaKey, redemption_type: 'MOBILE' }
    const refused = await client.json<{ redemption_data: { message: string } }>('/offers/redeem', {
      json: body,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.redemption_data.message).toBe('Participant not authorized')

    await env.DB.prepare(
      "UPDATE participants SET eligible_offers_rewards = 1 WHERE email = 'offers-d1@example.com'",
    ).run()
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.json<{ redemption_data: { message?: string; coupon?: { voucher: string; code: string } } }>(
          '/offers/redeem',
          { json: body },
        ),
      ),
    )
    const won = results.filter((r) => r.status === 200)
    expect(won).toHaveLength(1)
    expect(results.filter((r) => r.status === 422).map((r) => r.body.redemption_data.message)).toEqual(
      Array(9).fill('You have already redeemed this offer.'),
    )
    const coupon = won[0]!.body.redemption_data.coupon!
    const voucher = new URL(coupon.voucher)
    const image = await client.request(`${voucher.pathname}${voucher.search}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await image.text()).toContain(coupon.code)
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM offer_redemptions r JOIN participants p ON p.id = r.participant_id WHERE p.email = 'offers-d1@example.com'",
    ).first<{ n: number }>()
    expect(rows!.n).toBe(1)
  })
})
