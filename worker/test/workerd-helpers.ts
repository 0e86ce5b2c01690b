import { SELF } from 'cloudflare:test'

/** Helpers for tests that run inside workerd against D1, through the Worker's own fetch handler. */

export const base = 'http://localhost'

export const seed = () => SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })

/** Newest message to `email` in the dev mailbox; delivery goes through the queue, so it waits. */
export async function mailFor(email: string): Promise<{ code: string | null; link: string | null }> {
  for (let i = 0; i < 80; i++) {
    const res = await SELF.fetch(`${base}/_dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const { messages } = (await res.json()) as { messages: { code: string | null; link: string | null }[] }
    if (messages[0]) return messages[0]
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail for ${email}`)
}

/** A token client (like the SDK): bearer token, no cookies, no CSRF. */
export class TokenClient {
  token: string | null = null
  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    headers.set('x-tessera-session', 'token')
    if (this.token) headers.set('authorization', `Bearer ${this.token}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return SELF.fetch(`${base}${path}`, { ...init, method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), headers, body: body ?? null })
  }
  async json<T = Record<string, any>>(path: string, init: RequestInit & { json?: unknown } = {}) {
    const res = await this.request(path, init)
    return { status: res.status, body: (await res.json()) as T }
  }
  /** Signs up with an e-mailed code, the whole flow. */
  async signUp(email: string) {
    const sent = await this.json<{ browser_token: string }>('/public/signin/verify', { json: { email, first_name: 'Work', last_name: 'Erd', agree_terms: true } })
    const { code } = await mailFor(email)
    const done = await this.json<{ session_token: string }>('/public/signin/verify', { json: { email, otp: code, browser_token: sent.body.browser_token } })
    this.token = done.body.session_token
    return this
  }
}
