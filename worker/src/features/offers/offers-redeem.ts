import { eq } from 'drizzle-orm'
import {
  ALREADY_REDEEMED_MESSAGE,
  type RedeemOfferResponse,
  type RedemptionType,
} from '../../../../sdk/contract/offers'
import { offerRoutes } from '../../../../sdk/contract/paths'
import { offerRedemptions } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { isUniqueViolation } from '../challenges/completions'
import { actionInsert } from '../webhooks/events'
import {
  newVoucherCode,
  readVoucherToken,
  renderVoucherSvg,
  signVoucherToken,
  VOUCHER_TTL_MS,
} from './offers-voucher'
import { batch } from '../../db/batch'

export type RedeemContext = {
  scope: ProgramScope
  deps: Deps
  program: ProgramRow
  participant: ParticipantRow | null
  /** Where the voucher image is served from (the request's origin), for an absolute URL. */
  origin: string
}

export type RedeemInput = { endecaKey: string; redemptionType: RedemptionType }

/**
 * Who may redeem (participant-site.md section 5): a participant ('No participant', 401) whose
 * eligible_offers_rewards is exactly true ('Participant not authorized', 403).
 */
export function assertMayRedeem(participant: ParticipantRow | null): asserts participant is ParticipantRow {
  if (!participant) throw new AppError('unauthenticated', 401, 'No participant')
  if (participant.eligibleOffersRewards !== true)
    throw new AppError('not_eligible', 403, 'Participant not authorized')
}

/**
 * POST /offers/redeem (engine-rules.md, Offers). CLICK answers the offer's website and logs the click;
 * MOBILE issues a voucher once per participant, offer and UTC calendar year: the redemption row's
 * UNIQUE (program, participant, endeca_key, 'MOBILE', year) is the guard, so parallel requests make
 * exactly one voucher and the others answer 422 already_redeemed. The row and the participant action
 * are one batch.
 */
export async function redeemOffer(ctx: RedeemContext, input: RedeemInput): Promise<RedeemOfferResponse> {
  const { scope, deps } = ctx
  assertMayRedeem(ctx.participant)
  const participant = ctx.participant
  const found = await deps.offers.findOffer(input.endecaKey)
  if (!found) {
    throw new AppError('not_found', 404, 'Offer not found', { endeca_key: 'no offer has this key' })
  }
  const { merchant, offer } = found
  const types = offer.redemptionTypes.join(' or ')
  if (!offer.redemptionTypes.includes(input.redemptionType)) {
    throw new AppError('validation_failed', 422, `redemption_type: this offer is redeemed by ${types}`, {
      redemption_type: `must be ${types}`,
    })
  }
  if (input.redemptionType === 'CLICK' && !offer.webSite) {
    throw new AppError('validation_failed', 422, 'redemption_type: this offer has no website', {
      redemption_type: 'this offer has no website',
    })
  }

  const now = deps.clock.now()
  const year = String(new Date(now).getUTCFullYear())
  const mobile = input.redemptionType === 'MOBILE'
  const code = mobile ? newVoucherCode() : null
  const expiresAt = mobile ? new Date(now + VOUCHER_TTL_MS) : null
  // CLICK rows log each click; the random period key keeps them from ever colliding.
  const periodKey = mobile ? year : `click:${now}:${randomToken(9)}`
  const insert = scope
    .insert(offerRedemptions, {
      participantId: participant.id,
      endecaKey: offer.endecaKey,
      redemptionType: input.redemptionType,
      periodKey,
      voucherCode: code,
      expiresAt,
      createdAt: new Date(now),
    })
    .returning({ id: offerRedemptions.id })
  const action = actionInsert(scope, {
    participantId: participant.id,
    actionType: 'offer_redeemed',
    title: `${merchant.merchantName}: ${offer.offerTextShort}`,
    details: {
      endeca_key: offer.endecaKey,
      redemption_type: input.redemptionType,
      merchant_id: merchant.merchantId,
      merchant_slug: merchant.slug,
    },
    dedupeKey: `offer:${participant.id}:${offer.endecaKey}:${input.redemptionType}:${periodKey}`,
  })

  let results: unknown[]
  try {
    results = (await batch(scope.db, [insert, action])) as unknown[]
  } catch (err) {
    if (mobile && isUniqueViolation(err, 'offer_redemptions')) throw alreadyRedeemed()
    throw err
  }
  if (!mobile) return { redemption_data: { url: offer.webSite! } }

  const [row] = results[0] as { id: number }[]
  const token = await signVoucherToken(deps.config.secret, {
    redemptionId: row!.id,
    programId: scope.programId,
    expiresAt: expiresAt!.getTime(),
  })
  // ?program= lets the image load where the host alone does not name the program (SDK, partner pages).
  const voucher = `${ctx.origin}${offerRoutes.voucher(token)}?program=${encodeURIComponent(ctx.program.publicKey)}`
  return { redemption_data: { coupon: { voucher, code: code!, expires_at: expiresAt!.toISOString() } } }
}

export const alreadyRedeemed = () =>
  new AppError('already_redeemed', 422, ALREADY_REDEEMED_MESSAGE, undefined, {
    redemption_data: { message: ALREADY_REDEEMED_MESSAGE },
  })

/**
 * GET /offers/vouchers/{token}.svg: the voucher image while the token is valid. The signed token is
 * the credential (an <img> carries no bearer token): tampered or foreign tokens answer 404, expired
 * ones 410 voucher_expired.
 */
export async function voucherImage(
  ctx: Omit<RedeemContext, 'participant' | 'origin'>,
  token: string,
): Promise<string> {
  const { scope, deps } = ctx
  const claims = await readVoucherToken(deps.config.secret, token)
  const missing = new AppError('not_found', 404, 'Voucher not found')
  if (!claims || claims.programId !== scope.programId) throw missing
  if (deps.clock.now() >= claims.expiresAt) {
    throw new AppError(
      'voucher_expired',
      410,
      'This voucher has expired: mobile offers are valid for ten minutes after redemption',
    )
  }
  const row = await scope.first(offerRedemptions, eq(offerRedemptions.id, claims.redemptionId))
  if (row?.redemptionType !== 'MOBILE' || !row.voucherCode) throw missing
  const found = await deps.offers.findOffer(row.endecaKey)
  return renderVoucherSvg({
    programName: ctx.program.name,
    merchantName: found?.merchant.merchantName ?? 'Merchant offer',
    offerText: found?.offer.offerTextShort ?? row.endecaKey,
    code: row.voucherCode,
    expiresAt: new Date(claims.expiresAt),
  })
}
