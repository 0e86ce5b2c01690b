import { TesseraError } from '../../../sdk/src/errors'

// What the runtime (runtime.ts) tells the partner's developer when the program cannot be read or an
// identity token is refused: fetched only then, so no page downloads these words up front.

/** A refusal in words for the partner's console, never a (minified) class name. */
export function identityErrorMessage(err: unknown): string {
  if (err instanceof TesseraError) return `Tessera could not sign in with the identity token: ${err.message} (HTTP ${err.status}).`
  if (err instanceof TypeError) return `Tessera could not reach the server to sign in with the identity token (${err.message}).`
  return `Tessera could not sign in with the identity token: ${err instanceof Error ? err.message : String(err)}`
}

/**
 * What the console says when the program cannot be read, for the partner's developer. A cross-origin
 * page whose host is not in the program's domain list gets an answer without CORS headers (and a 403 to
 * preflights: worker/src/middleware/cors.ts), which fetch reports as a bare TypeError ('Failed to
 * fetch'). The same TypeError comes from a server that is down, so the Tessera origin is tried once more
 * with a no-cors request, which CORS does not apply to: when that one is answered, the origin is reachable
 * and the refusal was the domain list's.
 */
export async function explainProgramFailure(
  err: unknown,
  apiBase: string,
  programKey: string,
  { pageLocation = globalThis.location, probe = globalThis.fetch } = {},
): Promise<unknown[]> {
  const generic = ['Tessera: could not load the program', err]
  if (!(err instanceof TypeError) || !apiBase || !pageLocation) return generic
  let api: URL
  try {
    api = new URL(apiBase)
  } catch {
    return generic
  }
  if (api.origin === pageLocation.origin) return generic
  try {
    await probe(new URL('/healthz', api).toString(), { mode: 'no-cors', credentials: 'omit', cache: 'no-store' })
  } catch {
    return [`Tessera: could not reach ${api.origin} to load program "${programKey}" (network error or server down).`, err]
  }
  const host = pageLocation.hostname
  return [
    `Tessera: this page's host (${host}) is not in the domain list of program "${programKey}", so ${api.origin} ` +
      `refuses its requests and the widgets show "This content is not available right now.". Add "${host}" ` +
      `to the program's domain list (one entry per host name; see docs/embedding.md, "Before you start: the domain list").`,
  ]
}
