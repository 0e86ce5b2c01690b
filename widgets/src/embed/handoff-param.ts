/**
 * The fragment a confirmed magic link returns to the partner page with (docs/embedding.md): the
 * runtime looks for it at start (runtime.ts), and only then fetches the exchange (runtime-signin.ts).
 */
export const HANDOFF_PARAM = 'tessera_signin'
