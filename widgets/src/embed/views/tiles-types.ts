import type { ComponentType } from 'preact'

/** What a tile can open inside the element; without it (the tiles-only bundle) tiles open the hosted site. */
export type InlineViews = {
  Challenge: ComponentType<{ identifier: string; onBack: () => void }> & { preload?: () => Promise<unknown> }
  Signin: ComponentType<{ reason?: string }> & { preload?: () => Promise<unknown> }
}

/** What <tessera-challenge-tiles> shows: the list, an opened challenge, or the sign-in it needs. */
export type TilesView =
  | { name: 'list' }
  | { name: 'challenge'; identifier: string }
  | { name: 'signin'; next: string | null }
