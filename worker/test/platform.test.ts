import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { outbox } from '../src/db/schema'
import { createTurnstileVerifier } from '../src/platform/captcha'
import { createHttpMailer, type Mailer } from '../src/platform/mail'
import { deliverOutbox, dispatchOutbox, outboxInsert } from '../src/features/webhooks/outbox'
import { makeTestApp } from './helpers'

/** A local HTTP server standing in for a provider's API: the real adapter code runs unchanged. */
async function fakeProvider(status: number, reply: unknown) {
  const seen: { path: string; headers: Record<string, unknown>; body: string }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body })
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) }
}

describe('HTTP mail provider', () => {
  it('posts the message to the provider API with the key', async () => {
    const provider = await fakeProvider(200, { id: 'msg_1' })
    const mailer = createHttpMailer({ apiKey: 're_test_key', baseUrl: provider.url })
    await mailer.send({ to: 'a@example.com', from: 'T <t@example.com>', subject: 'Hi', text: 'Code 123456' })
    await provider.close()
    expect(provider.seen[0]!.path).toBe('/emails')
    expect(provider.seen[0]!.headers.authorization).toBe('Bearer re_test_key')
    expect(JSON.parse(provider.seen[0]!.body)).toMatchObject({ to: ['a@example.com'], subject: 'Hi', text: 'Code 123456' })
  })

  it('throws on a provider error so the outbox retries', async () => {
    const provider = await fakeProvider(422, { message: 'bad from' })
    const mailer = createHttpMailer({ apiKey: 'k', baseUrl: provider.url })
    await expect(mailer.send({ to: 'a@example.com', from: 'x', subject: 's', text: 't' })).rejects.toThrow(/422/)
    await provider.close()
  })

  it('gives up on a provider that does not answer, so one send never outlasts its outbox claim', async () => {
    // Answers only when the request is aborted, as a provider that hangs would (never, without a timeout).
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch
    const mailer = createHttpMailer({ apiKey: 'k', baseUrl: 'http://mail.invalid', fetch: hanging, timeoutMs: 50 })
    await expect(mailer.send({ to: 'a@example.com', from: 'x', subject: 's', text: 't' })).rejects.toThrow(/timeout|aborted/i)
  })
})

describe('outbox delivery', () => {
  it('retries a failed delivery with backoff and never sends twice', async () => {
    const sent: string[] = []
    let fail = true
    const flaky: Mailer = {
      name: 'flaky',
      async send(m) {
        if (fail) throw new Error('provider down')
        sent.push(m.subject)
      },
    }
    const t = await makeTestApp({ mail: flaky })
    const rows = await outboxInsert(t.db, null, { topic: 'email', payload: { to: 'x@example.com', from: 'f', subject: 'hello', text: 't' } })
    await dispatchOutbox(t.deps, rows.map((r) => r.id))
    let [row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' })
    fail = false
    await deliverOutbox(t.deps) // not due yet
    expect(sent).toEqual([])
    t.clock.advance(60_000)
    await Promise.all([deliverOutbox(t.deps), deliverOutbox(t.deps)])
    ;[row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 })
    expect(sent).toEqual(['hello'])
  })
})

describe('Turnstile bot check', () => {
  it('asks siteverify and trusts only success: true', async () => {
    const pass = await fakeProvider(200, { success: true })
    const failing = await fakeProvider(200, { success: false, 'error-codes': ['invalid-input-response'] })
    expect(await createTurnstileVerifier({ secret: 's', url: pass.url }).verify('token', '1.2.3.4')).toBe(true)
    expect(await createTurnstileVerifier({ secret: 's', url: failing.url }).verify('token')).toBe(false)
    expect(await createTurnstileVerifier({ secret: 's', url: pass.url }).verify('')).toBe(false)
    expect(pass.seen[0]!.body).toContain('token')
    await pass.close()
    await failing.close()
  })

  it('blocks sign-up without a passing check when the program has a site key', async () => {
    const verifier = { verify: async (r: string) => r === 'good' }
    const t = await makeTestApp({ captcha: verifier })
    const { programs } = await import('../src/db/schema')
    await t.db.update(programs).set({ turnstileSiteKey: '1x00000000000000000000AA' })
    const b = t.browser()
    const fields = { email: 'bot@example.com', first_name: 'B', last_name: 'T', agree_terms: true }
    const bad = await b.json<{ error: { fields: Record<string, string> } }>('/public/signin/verify', { json: { ...fields, 'cf-turnstile-response': 'bad' } })
    expect(bad.status).toBe(422)
    expect(bad.body.error.fields['cf-turnstile-response']).toBeTruthy()
    const good = await b.json('/public/signin/verify', { json: { ...fields, 'cf-turnstile-response': 'good' } })
    expect(good.status).toBe(200)
  })
})

describe('webhooks', () => {
  it('delivers a signed challenge.completed event to the program’s webhook and logs it', async () => {
    const { webhooks, webhookDeliveries, challenges } = await import('../src/db/schema')
    const { eq } = await import('drizzle-orm')
    const { Webhook } = await import('standardwebhooks')
    const { quickParticipant } = await import('./helpers')
    const receiver = await fakeProvider(200, { ok: true })
    const t = await makeTestApp()
    const { browser, program } = await quickParticipant(t, 'hook@example.com')
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    await t.db.insert(webhooks).values({ programId: program.id, url: `${receiver.url}/hook`, secret, events: ['challenge.completed'] })
    const [c] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'coffee-origins'))
    expect((await browser.request('/public/challenges/submit', { json: { challenge_id: c!.id } })).status).toBe(200)
    for (let i = 0; i < 50 && !receiver.seen.length; i++) await new Promise((r) => setTimeout(r, 20))
    await receiver.close()
    const hit = receiver.seen[0]!
    const body = JSON.parse(hit.body)
    expect(body).toMatchObject({ type: 'challenge.completed', data: { challenge_id: c!.id } })
    // Standard Webhooks headers, verified by the reference library.
    expect(new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>)).toEqual(body)
    for (let i = 0; i < 50; i++) {
      if ((await t.db.select().from(webhookDeliveries))[0]?.state === 'succeeded') break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect((await t.db.select().from(webhookDeliveries))[0]).toMatchObject({ event: 'challenge.completed', state: 'succeeded', responseStatus: 200, error: null })
  })
})
