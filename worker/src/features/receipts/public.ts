import { type Context, Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { receiptReviewRequestSchema } from '../../../../sdk/contract/receipts'
import type { ParticipantReceiptList, ReceiptUploadResponse } from '../../../../sdk/contract/receipts'
import { receipts } from '../../db/schema'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { parseBody } from '../../lib/parse'
import { requireParticipant } from '../../middleware/participant-auth'
import { limiterOf } from '../../platform/limiter'
import { checkReceiptFile, readReceiptUpload, receiptFileError } from './receipt-file'
import { assertReceiptsEnabled, createUploadedReceipt, participantReceipts, requestReview, toParticipantReceipt } from './receipt-service'
import './receipt-processing'

/** Uploads per participant and hour: plenty for real purchases, a wall for scripted floods. */
export const RECEIPT_UPLOADS_PER_HOUR = 30

/**
 * The participant's receipts, mounted at /public/receipts (sdk/contract/receipts.ts): upload, list, one,
 * and a review request. Signed in, on a program whose receipts feature is on; a participant only ever
 * reaches their own receipts (another's id is 404). Answers are never cached.
 */
export const receiptPublicRoutes = new Hono<AppEnv>()
  .use(requireParticipant, async (c, next) => {
    assertReceiptsEnabled(c.get('program'))
    await next()
    c.header('cache-control', 'private, no-store')
  })
  .post('/', async (c) => {
    const deps = c.get('deps')
    const { ok, retryAfterMs } = await limiterOf(deps).hit(`receipt-upload:${c.get('program').id}:${c.get('participant')!.id}`, RECEIPT_UPLOADS_PER_HOUR, 3_600_000, deps.clock.now())
    if (!ok) throw new AppError('rate_limited', 429, 'Too many receipts uploaded. Please try again later.', undefined, { retry_after_seconds: Math.ceil(retryAfterMs / 1000) })
    const upload = await readReceiptUpload(c)
    const checked = checkReceiptFile(upload.bytes, { name: upload.name, declaredType: upload.declaredType })
    if (!checked.ok) throw receiptFileError(checked.reason)
    const row = await createUploadedReceipt(c.get('scope'), deps, c.get('participant')!.id, upload.bytes, checked.file)
    const body: ReceiptUploadResponse = { receipt: await toParticipantReceipt(deps, c.req.url, row) }
    return c.json(body, 201)
  })
  .get('/', async (c) => {
    const deps = c.get('deps')
    const rows = await participantReceipts(c.get('scope'), c.get('participant')!.id)
    const body: ParticipantReceiptList = { data: await Promise.all(rows.map((r) => toParticipantReceipt(deps, c.req.url, r))) }
    return c.json(body)
  })
  .get('/:id{[0-9]+}', async (c) => c.json({ receipt: await toParticipantReceipt(c.get('deps'), c.req.url, await ownReceipt(c)) }))
  .post('/:id{[0-9]+}/review_request', async (c) => {
    const input = await parseBody(c, receiptReviewRequestSchema)
    const row = await requestReview(c.get('scope'), c.get('deps'), await ownReceipt(c), input.message)
    return c.json({ receipt: await toParticipantReceipt(c.get('deps'), c.req.url, row) })
  })

async function ownReceipt(c: Context<AppEnv>) {
  const id = Number(c.req.param('id'))
  const row = Number.isSafeInteger(id) ? await c.get('scope').first(receipts, eq(receipts.id, id)) : undefined
  if (!row || row.participantId !== c.get('participant')!.id) throw new AppError('not_found', 404, 'Receipt not found')
  return row
}
