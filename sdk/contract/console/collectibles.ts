import * as z from 'zod'
import { pageMetaSchema } from './participants'

/** One entry of a Blockchain Transactions tab (reward or participant): the chain log, newest first. */
export const chainTransactionRowSchema = z.object({
  id: z.number(),
  seq: z.number(),
  tx_hash: z.string(),
  kind: z.enum(['create_collection', 'mint']),
  status: z.enum(['success', 'failed']),
  network: z.string(),
  explorer_url: z.string().nullable(),
  reward_id: z.number().nullable(),
  participant_id: z.number().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
})
export type ChainTransactionRow = z.infer<typeof chainTransactionRowSchema>
export const chainTransactionPageSchema = z.object({ data: z.array(chainTransactionRowSchema), meta: pageMetaSchema })
export type ChainTransactionPage = z.infer<typeof chainTransactionPageSchema>

/** The answer of create_nft_collection. */
export type NftCollectionCreated = {
  success: true
  message: 'NFT collection created'
  /** queued_mints: the mints queued for earners from before the collection existed (one per earner, ever). */
  data: { nft_collection: string | null; nft_collection_transaction_create_url: string; queued_mints: number }
}
