import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { Merchant, OffersPage } from '../../../../sdk/contract/offers'
import { createCatalogOffers, createHttpOffers, offersFromEnv } from '../../platform/offers'
import { makeOffersTest } from '../../../test/offers-fixtures'

const NETWORK_MERCHANT: Merchant = {
  merchantId: 'net-42',
  slug: 'network-noodles-new-york',
  merchantName: 'Network Noodles',
  logoPath: 'https://cdn.network.example/logos/42.png',
  firstCategory: 25,
  secondCategory: null,
  stubCopy: 'Hand-pulled noodles.',
  merchantPhone: '(212) 555-0142',
  merchantAddress: { address: '1 Example Plaza', city: 'New York', state: 'NY', zipCode: '10001' },
  distance: 0.4,
  offers: [
    {
      offerTextShort: '20% off noodles',
      offerTextLong: 'Save 20% on any bowl.',
      validQualifier: null,
      endecaKey: 'NET-1',
      redemptionTypes: ['MOBILE'],
      webSite: null,
      dollarValue: 6,
    },
    {
      offerTextShort: 'Free delivery online',
      offerTextLong: 'Free delivery on orders over $20.',
      validQualifier: 'Online only.',
      endecaKey: 'NET-2',
      redemptionTypes: ['CLICK'],
      webSite: 'https://noodles.network.example/',
      dollarValue: 4,
    },
  ],
}

/** A local stand-in for an offers network speaking Tessera's JSON shapes. */
async function fakeNetwork(opts: { broken?: boolean } = {}) {
  const seen: { path: string; query: Record<string, string>; authorization: string | undefined }[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
    })
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (opts.broken) return json(200, { page: 'one' })
    if (url.pathname === '/v1/merchants') {
      const page: OffersPage = {
        page: Number(url.searchParams.get('page')),
        pageSize: 12,
        totalItems: 1,
        totalOffers: 2,
        result: [NETWORK_MERCHANT],
      }
      return json(200, page)
    }
    if (url.pathname === '/v1/merchant') {
      return url.searchParams.get('slug') === NETWORK_MERCHANT.slug
        ? json(200, { result: [NETWORK_MERCHANT] })
        : json(404, { message: 'no' })
    }
    if (url.pathname.startsWith('/v1/offers/')) {
      const key = decodeURIComponent(url.pathname.slice('/v1/offers/'.length))
      return NETWORK_MERCHANT.offers.some((o) => o.endecaKey === key)
        ? json(200, { result: [NETWORK_MERCHANT] })
        : json(404, {})
    }
    json(500, {})
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) }
}

describe('HTTP offers provider', () => {
  it('replaces the catalog: search, merchant and redeem go to the network', async () => {
    const network = await fakeNetwork()
    try {
      const t = await makeOffersTest({
        offers: createHttpOffers({ baseUrl: network.url, apiKey: 'net_key' }),
      })
      const page = await t.search('zip_code=10001&keyword=noodle&category=25&sort=name&page=1')
      expect(page.status).toBe(200)
      expect(page.body).toEqual({
        page: 1,
        pageSize: 12,
        totalItems: 1,
        totalOffers: 2,
        result: [NETWORK_MERCHANT],
      })
      expect(network.seen[0]).toEqual({
        path: '/v1/merchants',
        query: {
          latitude: '40.7484',
          longitude: '-73.9967',
          zip_code: '10001',
          keyword: 'noodle',
          category: '25',
          sort: 'name',
          page: '1',
          page_size: '12',
          radius: '25',
        },
        authorization: 'Bearer net_key',
      })
      // Zip codes are still resolved (and refused) by Tessera.
      expect((await t.search('zip_code=00000')).status).toBe(422)
      expect(network.seen).toHaveLength(1)

      const merchant = await t.browser().json(`/public/offers/merchant?slug=${NETWORK_MERCHANT.slug}`)
      expect(merchant.body).toEqual({ result: [NETWORK_MERCHANT] })
      const missing = await t
        .browser()
        .json<{ error: { fields: Record<string, string> } }>('/public/offers/merchant?slug=other')
      expect(missing.status).toBe(404)
      expect(Object.keys(missing.body.error.fields)).toEqual(['slug'])

      const member = await t.eligibleMember()
      const click = await t.redeem(member, { endeca_key: 'NET-2', redemption_type: 'CLICK' })
      expect(click.body).toEqual({ redemption_data: { url: 'https://noodles.network.example/' } })
      const mobile = await t.redeem(member, { endeca_key: 'NET-1', redemption_type: 'MOBILE' })
      expect(mobile.status).toBe(200)
      const voucher = await t.call(t.voucherPath(mobile.body.redemption_data!.coupon!.voucher))
      expect(await voucher.text()).toContain('Network Noodles')
      expect((await t.redeem(member, { endeca_key: 'NET-1', redemption_type: 'MOBILE' })).status).toBe(422)
      expect((await t.redeem(member, { endeca_key: 'NET-9', redemption_type: 'MOBILE' })).status).toBe(404)
      expect(network.seen.filter((s) => s.path === '/v1/offers/NET-1').length).toBeGreaterThanOrEqual(2)
    } finally {
      await network.close()
    }
  })

  it('refuses an answer that does not match the contract (500, nothing shown)', async () => {
    const network = await fakeNetwork({ broken: true })
    try {
      const logs: string[] = []
      const t = await makeOffersTest({
        offers: createHttpOffers({ baseUrl: network.url }),
        log: (line) => logs.push(line),
      })
      const r = await t.search('zip_code=10001')
      expect(r.status).toBe(500)
      expect(r.body).toMatchObject({ ok: false, error: { code: 'internal_error' } })
      expect(logs.join('\n')).toMatch(/unexpected shape/)
      expect(network.seen[0]!.authorization).toBeUndefined()
    } finally {
      await network.close()
    }
  })

  it('is chosen by OFFERS_API_URL, the catalog otherwise', async () => {
    const t = await makeOffersTest()
    expect(
      offersFromEnv({ OFFERS_API_URL: 'https://offers.example/v1', OFFERS_API_KEY: 'k' }, t.db).name,
    ).toBe('http')
    expect(offersFromEnv({}, t.db).name).toBe('catalog')
    expect(createCatalogOffers(t.db).name).toBe('catalog')
  })
})
