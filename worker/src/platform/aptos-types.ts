import type { Aptos } from '@aptos-labs/ts-sdk'
import type { ChainNetwork } from '../db/schema'

// The Aptos SDK boundary and deployment settings (features/collectibles/aptos.ts uses them; deps.ts
// names the deployment), kept below both so neither imports the other.

/**
 * The part of the SDK's `Aptos` client the adapter calls: the SDK boundary. The real client satisfies it
 * (checked below); tests inject a fake object here, and everything above it runs for real.
 */
export type AptosClientLike = Pick<
  Aptos,
  'createCollectionTransaction' | 'mintDigitalAssetTransaction' | 'signAndSubmitTransaction' | 'waitForTransaction' | 'getTransactionByHash' | 'getCollectionData' | 'getAccountOwnedTokensFromCollectionAddress'
>
/** The signer (an SDK `Account`): the program's wallet creates collections and mints. */
export type AptosSigner = Parameters<Aptos['signAndSubmitTransaction']>[0]['signer']
export type AptosSetup = { client: AptosClientLike; signer: AptosSigner }

/** Deployment configuration: the signer's private key (a secret). Absent: every program uses the simulated chain. */
export type AptosDeployment = {
  privateKey: string
  /** Tests: the SDK client to use instead of the network one (the SDK boundary). */
  client?: (network: ChainNetwork) => AptosClientLike
}
