import type { ReferrerLookup } from '../../contract/referrals'
import type { Transport } from '../transport'

// Kept here (not imported from the contract) so that this file stays zod-free: types only.
const routes = {
  referrer: (code: string) => `/public/referrals/${encodeURIComponent(code)}`,
} as const

/** Referral links (participant-site.md section 2: /signin?referral_code=...). */
export class ReferralsResource {
  constructor(private readonly t: Transport) {}

  /**
   * Who shared a referral code: their first name only; `referrer` is null for an unknown code.
   * @example
   * const { referrer } = await client.referrals.referrer('K3J9QX2A')
   * if (referrer) console.log(`${referrer.first_name ?? 'A friend'} invited you`)
   */
  referrer(code: string): Promise<ReferrerLookup> {
    return this.t.get(routes.referrer(code))
  }
}
