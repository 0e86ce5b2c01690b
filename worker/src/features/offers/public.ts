import { type Context, Hono } from 'hono'
import {
  merchantQuerySchema,
  offersSearchQuerySchema,
  redeemOfferRequestSchema,
} from '../../../../sdk/contract/offers'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { siteOriginFor } from '../../lib/origin'
import { parseBody, parseQuery } from '../../lib/parse'
import { participantIntegrations } from '../integrations/settings'
import { getMerchant, listMerchantsNear } from './offers'
import { assertMayRedeem, redeemOffer, voucherImage } from './offers-redeem'

/**
 * The redeem modal shows `redemption_data.message` on any failure (participant-site.md section 8), and
 * falls back to 'You have already redeemed this offer.' when it is missing: every refusal carries its
 * own message there.
 */
function withRedemptionMessage(err: unknown, log: (line: string) => void): AppError {
  if (!(err instanceof AppError)) {
    log(`[offers] redeem failed: ${(err as Error)?.stack ?? String(err)}`)
    const message = 'Something went wrong while redeeming the offer. Please try again.'
    return new AppError('internal_error', 500, message, undefined, { redemption_data: { message } })
  }
  if (err.extra?.redemption_data) return err
  return new AppError(err.code, err.status, err.message, err.fields, {
    ...err.extra,
    redemption_data: { message: err.message },
  })
}

/** The merchants the program's active offers reward lets participants see (its merchants regex), or all. */
const merchantsOf = async (c: Context<AppEnv>) => (await participantIntegrations(c.var.deps, c.var.program.id)).offersReward?.merchants ?? null

/** Merchant search and detail (participant-site.md section 7). Public catalog; mounted at /public/offers. */
export const offerSearchRoutes = new Hono<AppEnv>()
  .get('/merchants', async (c) => {
    const query = parseQuery(c, offersSearchQuerySchema)
    return c.json(await listMerchantsNear(c.var.deps.offers, query, await merchantsOf(c)))
  })
  .get('/merchant', async (c) => {
    const query = parseQuery(c, merchantQuerySchema)
    return c.json(await getMerchant(c.var.deps.offers, query, await merchantsOf(c)))
  })

/** Redemption and vouchers. Mounted at /offers, behind the same chain as /public/*. */
export const offerRedeemRoutes = new Hono<AppEnv>()
  .post('/redeem', async (c) => {
    try {
      // Eligibility first: a signed-out or ineligible caller learns only that.
      assertMayRedeem(c.var.participant)
      const body = await parseBody(c, redeemOfferRequestSchema)
      const result = await redeemOffer(
        {
          scope: c.var.scope,
          deps: c.var.deps,
          program: c.var.program,
          participant: c.var.participant,
          origin: await siteOriginFor(c),
        },
        { endecaKey: body.endeca_key, redemptionType: body.redemption_type },
      )
      return c.json(result)
    } catch (err) {
      throw withRedemptionMessage(err, c.var.deps.log ?? console.error)
    }
  })
  .get('/vouchers/:file{[A-Za-z0-9._-]+\\.svg}', async (c) => {
    const token = c.req.param('file').slice(0, -'.svg'.length)
    const svg = await voucherImage({ scope: c.var.scope, deps: c.var.deps, program: c.var.program }, token)
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      // Valid for minutes and personal: never stored by a shared cache.
      'cache-control': 'private, no-store',
    })
  })
