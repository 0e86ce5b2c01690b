import type { ConsoleBootstrap } from '../../../sdk/src/resources/admin'

export type { ConsoleBootstrap }
export type ConsoleUser = NonNullable<ConsoleBootstrap['user']>
export type ConsoleProgram = NonNullable<ConsoleBootstrap['programs']>[number]
export type SignedInBootstrap = ConsoleBootstrap & { user: ConsoleUser }

export const BOOTSTRAP_ELEMENT_ID = 'tessera-bootstrap'

/**
 * The worker embeds the console's starting data as JSON in the page (a data block, not a script, so
 * the CSP allows it). Anything unreadable counts as signed out.
 */
export function parseBootstrap(text: string | null | undefined): ConsoleBootstrap {
  if (!text) return { user: null }
  try {
    const value = JSON.parse(text) as ConsoleBootstrap | null
    return value && typeof value === 'object' && 'user' in value ? value : { user: null }
  } catch {
    return { user: null }
  }
}

export function readBootstrap(doc: Document = document): ConsoleBootstrap {
  return parseBootstrap(doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent)
}

export const isSignedIn = (bootstrap: ConsoleBootstrap): bootstrap is SignedInBootstrap =>
  bootstrap.user !== null
