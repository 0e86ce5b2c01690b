import type { TesseraClient } from '../../../sdk/src/index'
import { authRoutes } from '../../../sdk/contract/paths'
import { HANDOFF_PARAM } from './handoff-param'
import { identityErrorMessage } from './runtime-failures'

// The runtime's rarer ways in (runtime.ts): a partner's identity token and a magic link's handoff.
// Fetched when one is used, so no page downloads them up front.

const HANDOFF_PROGRAM_PARAM = 'tessera_program'

/**
 * The one-time handoff in this page's URL for `programKey`, removed from the address bar (and history
 * entry) at once so it is neither reused nor shared. Null when there is none for this program.
 */
export function takeHandoff(programKey: string, loc: Pick<Location, 'hash' | 'href'> = location, hist: Pick<History, 'replaceState' | 'state'> = history): string | null {
  if (!loc.hash.includes(HANDOFF_PARAM)) return null
  const params = new URLSearchParams(loc.hash.slice(1))
  const handoff = params.get(HANDOFF_PARAM)
  if (!handoff || params.get(HANDOFF_PROGRAM_PARAM) !== programKey) return null
  params.delete(HANDOFF_PARAM)
  params.delete(HANDOFF_PROGRAM_PARAM)
  const rest = params.toString()
  const url = new URL(loc.href)
  url.hash = rest ? `#${rest}` : ''
  try {
    hist.replaceState(hist.state, '', url.href)
  } catch {
    // A sandboxed page: the handoff is single use anyway.
  }
  return handoff
}

type SessionAnswer = { session_token?: string | null }

/**
 * The handoff of `handoff` becomes the client's session token (the caller then loads the participant).
 * A refusal is told in the console: the page stays signed out.
 */
export async function exchangeHandoff(client: TesseraClient, handoff: string): Promise<void> {
  try {
    const res = await client.transport.post<SessionAnswer>(authRoutes.signinHandoff, { json: { handoff } })
    if (res.session_token) client.transport.setSessionToken(res.session_token)
  } catch (err) {
    console.error(`Tessera: the login link could not sign this page in: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** POST /public/signin/identity (features/signin/public.ts): a partner identity token -> the session token. */
export async function exchangeIdentityToken(client: TesseraClient, token: string): Promise<void> {
  let res: SessionAnswer
  try {
    res = await client.transport.post<SessionAnswer>(authRoutes.signinIdentity, { json: { identity_token: token } })
  } catch (err) {
    throw new Error(identityErrorMessage(err), { cause: err })
  }
  if (!res.session_token) throw new Error('Tessera could not sign in with the identity token: the server answered without a session.')
  client.transport.setSessionToken(res.session_token)
}
