import { expect } from 'vitest'
import type { OffersPage, RedeemOfferResponse } from '../../sdk/contract/offers'
import { offers } from '../src/db/schema'
import type { Deps } from '../src/deps'
import { createParticipantSession } from '../src/features/signin/sessions'
import { type Member, makeRewardsTest } from './rewards-fixtures'

export type RedeemBody = Partial<RedeemOfferResponse> & {
  ok?: false
  message?: string
  error?: { code: string; fields?: Record<string, string> }
  redemption_data?: {
    message?: string
    url?: string
    coupon?: { voucher: string; code: string; expires_at: string }
  }
}

/** The test app with the demo catalog, signed-in members (bearer tokens) and redeem helpers. */
export async function makeOffersTest(overrides: Partial<Deps> = {}) {
  const t = await makeRewardsTest(overrides)
  const catalog = await t.db.select().from(offers)
  const only = (type: 'CLICK' | 'MOBILE') =>
    catalog.find((o) => o.redemptionTypes.length === 1 && o.redemptionTypes[0] === type)!
  const mobileOffer = only('MOBILE')
  const clickOffer = only('CLICK')

  async function search(query: string) {
    const r = await t
      .browser()
      .json<OffersPage & { error?: { code: string; fields?: Record<string, string> } }>(
        `/public/offers/merchants?${query}`,
      )
    return r
  }

  /** Every page of a search, to check totals and ordering across pages. */
  async function allPages(query: string) {
    const first = await search(`${query}&page=1`)
    expect(first.status).toBe(200)
    const pages = [first.body]
    const count = Math.ceil(first.body.totalItems / first.body.pageSize)
    for (let page = 2; page <= count; page++) pages.push((await search(`${query}&page=${page}`)).body)
    return { first: first.body, merchants: pages.flatMap((p) => p.result) }
  }

  const eligibleMember = () => t.addMember(0, { eligibleOffersRewards: true })

  async function redeem(member: Member | null, body: Record<string, unknown>) {
    const res = await t.call('/offers/redeem', { member, json: body })
    return { status: res.status, body: (await res.json()) as RedeemBody }
  }

  /** A fresh session for a member: long clock jumps outlive the 30-day session. */
  async function renew(member: Member): Promise<Member> {
    const token = await createParticipantSession(t.db, {
      programId: t.program.id,
      participantId: member.id,
      kind: 'token',
      now: t.clock.now(),
    })
    return { id: member.id, token }
  }

  /** The voucher image's path and query (the answer carries an absolute URL). */
  const voucherPath = (url: string) => {
    const u = new URL(url)
    return `${u.pathname}${u.search}`
  }

  return {
    ...t,
    catalog,
    mobileOffer,
    clickOffer,
    search,
    allPages,
    eligibleMember,
    redeem,
    renew,
    voucherPath,
  }
}

export function expectRedeemFailure(
  r: { status: number; body: RedeemBody },
  status: number,
  code: string,
  message: string,
) {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body).toMatchObject({ ok: false, message, error: { code }, redemption_data: { message } })
}
