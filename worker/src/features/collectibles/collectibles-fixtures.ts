import type { Db } from '../../db/client'
import { chainIntegrations, rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import { collectionEntry, collectionKey } from './chain-log'
import { collectionName } from './service'
import { createSimulatedChain } from './simulated'

/** Tests: turns the program's chain integration on (testnet; the simulated chain unless deps.aptos is set). */
export async function enableChain(db: Db, programId: number, network: 'testnet' | 'mainnet' = 'testnet') {
  await programScope(db, programId).insert(chainIntegrations, { enabled: true, network }).onConflictDoUpdate({ target: chainIntegrations.programId, set: { enabled: true, network } })
}

/** Tests: a fresh achievement of the program whose collection exists on the simulated chain; answers its id. */
export async function collectibleRewardFor(db: Db, programId: number, name: string) {
  const scope = programScope(db, programId)
  await enableChain(db, programId)
  const [row] = await scope.insert(rewards, { name, selection: 'achievement', limit: 5, parameters: { rule: 'completed_challenges', value: 0 }, tagList: [] }).returning()
  await createSimulatedChain(scope, { now: () => Date.now() }).createCollection({ key: collectionKey(row!.id), rewardId: row!.id, name: collectionName(row!), description: name, uri: '' })
  return row!.id
}

/** Tests: the hash of a fresh collection's creation transaction on the simulated chain. */
export async function collectionTxFor(db: Db, programId: number, name: string) {
  const rewardId = await collectibleRewardFor(db, programId, name)
  const row = await collectionEntry(programScope(db, programId), rewardId)
  return row!.txHash
}
