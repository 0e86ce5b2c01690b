import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../src/index'
import { mailFor, seed } from './workerd-helpers'

/** The security issue's proofs on the Workers entry (workerd + D1), beside security-hardening.test.ts. */

const base = 'http://localhost'
const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
const PROD = {
  APP_SECRET: 'production-secret-production-secret-0123',
  MAIL_API_KEY: 'key',
  MAIL_API_URL: 'http://127.0.0.1:9/never',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  ADMIN_HOST: 'console.tessera.test',
  BASE_DOMAIN: 'tessera.test',
}

async function call(bindings: Record<string, unknown>, url: string, init: RequestInit = {}) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(url, init) as never, bindings as never, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-tessera-session': 'token', ...headers },
  body: JSON.stringify(body),
})

describe('security on the Workers entry', () => {
  it('mails sign-in links to the configured origin, not a forged X-Forwarded-Host', async () => {
    await seed()
    const res = await SELF.fetch(`${base}/public/signin/verify?program=links`, json({ email: 'wd-victim@example.com', first_name: 'W', last_name: 'D', agree_terms: true }, FORGED))
    expect(res.status).toBe(200)
    const { link } = await mailFor('wd-victim@example.com')
    expect(link).toMatch(/^http:\/\/localhost\/signin\/magic\?token=/)
  })

  it('refuses every request in production without its secrets (no development fallback)', async () => {
    const bindings = { ...env, ENVIRONMENT: undefined }
    for (const path of ['/', '/_dev/mailbox.json', '/public/program?program=demo']) {
      const res = await call(bindings, `${base}${path}`)
      expect(res.status, path).toBe(503)
    }
  })

  it('serves no development route in a configured production, and the console only on its host', async () => {
    const bindings = { ...env, ENVIRONMENT: undefined, ...PROD }
    for (const path of ['/_dev/mailbox', '/_dev/mailbox.json', '/_checkout/cs_local_1']) {
      expect((await call(bindings, `https://demo.tessera.test${path}`)).status, path).toBe(404)
    }
    expect((await call(bindings, 'https://demo.tessera.test/_dev/seed', { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })).status).toBe(404)
    expect((await call(bindings, 'https://demo.tessera.test/admin/v2/auth/sign_in')).status).toBe(404)
    const console = await call(bindings, 'https://console.tessera.test/admin/v2/auth/sign_in', { headers: { accept: 'text/html' } })
    expect(console.status, await console.clone().text()).toBe(200)
    expect(console.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('counts code failures in D1 across resends and locks the account', async () => {
    await seed()
    const email = 'wd-lock@example.com'
    const ip = { 'cf-connecting-ip': '192.0.2.44' }
    const sent = (await (await SELF.fetch(`${base}/public/signin/verify`, json({ email, first_name: 'W', last_name: 'D', agree_terms: true }, ip))).json()) as { browser_token: string }
    const { code } = await mailFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await SELF.fetch(`${base}/public/signin/verify`, json({ email, otp: wrong, browser_token: sent.browser_token }, ip))).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]) // a wrong code is a field error; the wait is a 429
    const right = await SELF.fetch(`${base}/public/signin/verify`, json({ email, otp: code, browser_token: sent.browser_token }, ip))
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
