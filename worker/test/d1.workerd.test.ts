import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'

/** These run inside workerd against D1, through the Worker's own fetch handler. */

const base = 'http://localhost'

class Browser {
  cookies = new Map<string, string>()
  csrf = ''
  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await SELF.fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return res
  }
  async post(path: string, body: unknown, withCsrf = true) {
    if (withCsrf && !this.csrf) this.csrf = ((await (await this.request('/public/csrf')).json()) as { csrf_token: string }).csrf_token
    return this.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(withCsrf ? { 'x-csrf-token': this.csrf } : {}) } })
  }
}

async function mailFor(email: string): Promise<{ code: string | null; link: string | null }> {
  for (let i = 0; i < 50; i++) {
    const res = await SELF.fetch(`${base}/_dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const { messages } = (await res.json()) as { messages: { code: string | null; link: string | null }[] }
    if (messages[0]) return messages[0]
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail for ${email}`)
}

describe('D1 in workerd', () => {
  it('has every migration applied: tables, indexes and the ledger trigger', async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type IN ('table','trigger') ORDER BY name").all<{ name: string }>()
    const names = tables.results.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['programs', 'participants', 'points_ledger', 'signin_codes', 'outbox', 'points_ledger_apply']))
  })

  it('seeds the demo data within D1 limits, idempotently', async () => {
    const seed = (await (await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })).json()) as { created: boolean }
    expect(seed.created).toBe(true)
    const again = (await (await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })).json()) as { created: boolean }
    expect(again.created).toBe(false)
    const count = await env.DB.prepare('SELECT count(*) AS n FROM programs').first<{ n: number }>()
    expect(count!.n).toBe(2)
  })

  it('signs up with an e-mailed code and credits the sign-up points through the trigger', async () => {
    await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
    const b = new Browser()
    const email = 'workerd@example.com'
    const sent = (await (await b.post('/public/signin/verify', { email, first_name: 'Wo', last_name: 'Rkerd', agree_terms: true })).json()) as { browser_token: string; ok: boolean }
    expect(sent.ok).toBe(true)
    const { code } = await mailFor(email)
    const done = (await (await b.post('/public/signin/verify', { email, otp: code, browser_token: sent.browser_token })).json()) as { otp_logged: boolean }
    expect(done.otp_logged).toBe(true)
    const me = (await (await b.request('/public/participant')).json()) as { unused_points: number; points: number }
    expect(me).toMatchObject({ unused_points: 100, points: 100 })
  })

  it('refuses a JSON post without the CSRF token, and a session on another program', async () => {
    await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
    const b = new Browser()
    const refused = await b.post('/public/signin/verify', { email: 'x@example.com' }, false)
    expect(refused.status).toBe(403)
    const email = 'iso-workerd@example.com'
    const sent = (await (await b.post('/public/signin/verify', { email, first_name: 'I', last_name: 'So', agree_terms: true })).json()) as { browser_token: string }
    const { code } = await mailFor(email)
    await b.post('/public/signin/verify', { email, otp: code, browser_token: sent.browser_token })
    expect((await b.request('/public/participant')).status).toBe(200)
    expect((await b.request('/public/participant?program=links')).status).toBe(401)
  })

  it('keeps the balance non-negative in D1', async () => {
    await SELF.fetch(`${base}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
    const program = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>()
    await env.DB.prepare("INSERT INTO participants (program_id, email, first_name, last_name, referral_code) VALUES (?, 'd1@example.com', 'D', 'One', 'D1CODE')").bind(program!.id).run()
    const p = await env.DB.prepare("SELECT id FROM participants WHERE email = 'd1@example.com'").first<{ id: number }>()
    const spend = env.DB.prepare("INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, title, idempotency_key) VALUES (?, ?, -5, 'spend', 'reward', 'x', 'k1')").bind(program!.id, p!.id)
    await expect(env.DB.batch([spend])).rejects.toThrow(/CHECK constraint failed/)
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM points_ledger WHERE participant_id = ?').bind(p!.id).first<{ n: number }>()
    expect(rows!.n).toBe(0)
  })
})
