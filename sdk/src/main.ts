// The package's main entry (`@tessera/sdk`): the participant and console clients, and the server
// client (also alone at `@tessera/sdk/server`). The widgets import ./index directly, so the server
// client never reaches their bundles.
export * from './index'
export * from './server/index'
