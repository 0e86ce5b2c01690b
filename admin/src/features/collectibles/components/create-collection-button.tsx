import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { invalidateProgram } from '../../../lib/query-client'
import { createNftCollection } from '../api'
import { useCollectiblesText } from '../messages'

type RewardLike = { id: number; selection: string; nft_collection_transaction_create_url: string | null; blockchain_enabled: boolean }

/** Spec sections 2 and 4: offered only while no creation link exists, with the integration on, for an achievement. */
export const canCreateCollection = (r: RewardLike) => r.selection === 'achievement' && r.blockchain_enabled && !r.nft_collection_transaction_create_url

/**
 * 'Create NFT collection' on the reward detail (rewards manage): renders nothing when the rule above
 * does not hold; after creation toasts 'NFT collection created' and reloads the reward (the tab appears).
 */
export function CreateCollectionButton({ programId, reward }: { programId: number; reward: RewardLike }) {
  const text = useCollectiblesText()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (!canCreateCollection(reward)) return null
  const create = async () => {
    setBusy(true)
    try {
      await createNftCollection(programId, reward.id)
      notify.success(text('created'))
      await invalidateProgram(queryClient, programId, 'rewards')
    } catch (error) {
      notify.error(text('failed'), errorMessage(error, text('failed')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button type="button" size="sm" variant="secondary" onClick={() => void create()} disabled={busy}>
      {text('createCollection')}
    </Button>
  )
}
