/**
 * Cloudflare's documented Turnstile test keys, and a local stand-in for siteverify that answers for the
 * test secrets as Cloudflare documents them (developers.cloudflare.com/turnstile/troubleshooting/testing):
 * tests hand its `fetch` to the real createTurnstileVerifier, so the token goes through the same code
 * path as in production, without reaching challenges.cloudflare.com.
 */
export const TURNSTILE_TEST = {
  /** Site keys: the widget always passes (and issues DUMMY_TOKEN), or always blocks. */
  siteKeyPasses: '1x00000000000000000000AA',
  siteKeyBlocks: '2x00000000000000000000AB',
  /** Secret keys: siteverify always passes, always fails, or answers "token already spent". */
  secretPasses: '1x0000000000000000000000000000000AA',
  secretFails: '2x0000000000000000000000000000000AA',
  secretSpent: '3x0000000000000000000000000000000AA',
  /** The token the test site keys issue; the test secrets accept only it. */
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
} as const

export type SiteverifyCall = { secret: string; response: string; remoteip: string | null }

const answer = (body: Record<string, unknown>) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

/** siteverify's answer for one form post, per the documented test-secret behaviour. */
function siteverify(secret: string, response: string): Record<string, unknown> {
  const fail = (code: string) => ({ success: false, 'error-codes': [code], messages: [] })
  if (!secret) return fail('missing-input-secret')
  if (!response) return fail('missing-input-response')
  if (secret === TURNSTILE_TEST.secretFails) return fail('invalid-input-response')
  if (secret === TURNSTILE_TEST.secretSpent) return fail('timeout-or-duplicate')
  if (secret === TURNSTILE_TEST.secretPasses) {
    // Test secrets validate the dummy token only; a real (or made-up) token is rejected.
    if (response !== TURNSTILE_TEST.dummyToken) return fail('invalid-input-response')
    return { success: true, 'error-codes': [], challenge_ts: new Date().toISOString(), hostname: 'example.com', action: 'login', cdata: '', metadata: {} }
  }
  // Any other secret is a production one: it never accepts the dummy token, and this double knows no real one.
  return fail('invalid-input-secret')
}

/** A siteverify stand-in: `fetch` for createTurnstileVerifier, and the calls it answered. */
export function siteverifyDouble() {
  const calls: SiteverifyCall[] = []
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST' || !(init.body instanceof FormData)) return new Response('siteverify takes a form POST', { status: 405 })
    const form = init.body
    const call: SiteverifyCall = { secret: String(form.get('secret') ?? ''), response: String(form.get('response') ?? ''), remoteip: form.has('remoteip') ? String(form.get('remoteip')) : null }
    calls.push(call)
    return answer(siteverify(call.secret, call.response))
  }) as typeof globalThis.fetch
  return { fetch, calls }
}
