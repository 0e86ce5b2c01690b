import { and, eq, ne } from 'drizzle-orm'
import { type ChainNetwork, chainIntegrations } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import type { ChainAdapter } from './adapter'
import { createAptosChain, loadAptos } from './aptos'
import { createSimulatedChain } from './simulated'

export type ChainIntegration = typeof chainIntegrations.$inferSelect

const locked = () => new AppError('validation_failed', 422, 'The network is locked once mainnet is chosen', { network: 'locked' }, { success: false })

export const getChainIntegration = (scope: ProgramScope) => scope.first(chainIntegrations, eq(chainIntegrations.programId, scope.programId))

/** Whether the program's chain (Aptos) integration is on: collections, mints and the transactions tabs. */
export async function chainIntegrationOn(scope: ProgramScope): Promise<boolean> {
  return Boolean((await getChainIntegration(scope))?.enabled)
}

/**
 * Saves the program's integration (spec: enabled and network required; networks mainnet, testnet).
 * Once the network is mainnet it is locked: a later save with another network is refused, whoever
 * sends it. The wallet address is read-only (it is the configured signer's, never the request's).
 */
export async function saveChainIntegration(scope: ProgramScope, deps: Deps, input: { enabled: boolean; network: ChainNetwork }): Promise<ChainIntegration> {
  const current = await getChainIntegration(scope)
  if (current?.network === 'mainnet' && input.network !== 'mainnet') {
    throw locked()
  }
  const wallet = deps.aptos ? (await loadAptos(input.network, deps.aptos)).signer.accountAddress.toString() : null
  if (current) {
    // The lock is in the statement too: a save racing a switch to mainnet matches no row and is refused.
    const unlocked = input.network === 'mainnet' ? undefined : ne(chainIntegrations.network, 'mainnet')
    const [row] = await scope
      .update(chainIntegrations, { enabled: input.enabled, network: input.network, walletAddress: wallet ?? current.walletAddress }, and(eq(chainIntegrations.id, current.id), unlocked))
      .returning()
    if (!row) throw locked()
    return row
  }
  const [row] = await scope.insert(chainIntegrations, { enabled: input.enabled, network: input.network, walletAddress: wallet }).onConflictDoNothing().returning()
  return row ?? (await saveChainIntegration(scope, deps, input))
}

/**
 * The program's chain: Aptos on the integration's network when the integration is on and the deployment
 * has a signer (deps.aptos), else the simulated local chain (the default in development, tests and
 * production unless configured).
 */
export async function chainFor(scope: ProgramScope, deps: Deps, integration?: ChainIntegration): Promise<ChainAdapter> {
  const current = integration ?? (await getChainIntegration(scope))
  if (current?.enabled && deps.aptos) return createAptosChain(scope, deps.clock, current.network, await loadAptos(current.network, deps.aptos))
  return createSimulatedChain(scope, deps.clock)
}
