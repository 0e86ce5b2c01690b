/** Collectibles in the console (admin-console-part-b.md: create collection, Blockchain Transactions tabs). */
export { ChainLogTable } from './components/chain-log-table'
export { canCreateCollection, CreateCollectionButton } from './components/create-collection-button'
export { collectiblesText, useCollectiblesText } from './messages'
