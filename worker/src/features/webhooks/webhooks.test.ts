import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { batch } from '../../db/batch'
import type { WebhookCreated, WebhookDeliveryList, WebhookDeliveryResult, WebhookRow } from '../../../../sdk/contract/console/integrations'
import { configFromEnv } from '../../config'
import { devMailbox, outbox, webhookDeliveries, webhooks } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { staticResolver } from '../../platform/resolver'
import { makeTestApp } from '../../../test/helpers'
import { consoleAs, programByKey } from '../participants/participants-fixtures'
import { createWebhook } from '../integrations/webhook-settings'
import { webhookInsert } from './events'
import { deliverOutbox, outboxIdsFrom } from './outbox'
import { newWebhookSecret, signWebhook, webhookSecretKey } from './signing'
import { isPublicAddress, NOT_PUBLIC, webhookTargetError } from './target'
import { AUTO_DISABLE_FAILURES, MAX_ATTEMPTS, RESPONSE_LOG_BYTES, RETRY_SCHEDULE_MS } from './webhooks'

type Hit = { headers: IncomingHttpHeaders; body: string; path: string }

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

/** A real receiver on 127.0.0.1: answers `status` (changeable) and records every request. */
async function receiver(initial: number, reply: (status: number) => { body?: string; headers?: Record<string, string> } = () => ({})) {
  const hits: Hit[] = []
  const state = { status: initial }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      hits.push({ headers: req.headers, body, path: req.url ?? '' })
      const r = reply(state.status)
      res.writeHead(state.status, { 'content-type': 'text/plain', ...r.headers })
      res.end(r.body ?? 'ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const handle = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, state, close: () => new Promise<void>((r) => server.close(() => r())) }
  servers.push(handle)
  return handle
}

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${program.id}`
  const addWebhook = async (url: string, events = ['points.changed']) => {
    const created = await admin.json<WebhookCreated>(`${base}/webhooks`, { json: { url, events, active: true } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.data
  }
  /** A points.changed event written like a business write does, and delivered in-process. */
  const emit = async (data: Record<string, unknown> = { participant_id: 1, delta: 5 }) => {
    const results = (await batch(t.db, [webhookInsert(t.db, program.id, 'points.changed', data)])) as unknown[]
    await deliverOutbox(t.deps, outboxIdsFrom(results, [0]))
  }
  const deliveriesOf = (webhookId: number) => programScope(t.db, program.id).select(webhookDeliveries, eq(webhookDeliveries.webhookId, webhookId))
  return { ...t, program, admin, base, addWebhook, emit, deliveriesOf, signIn: () => consoleAs(t, 'admin@tessera.dev') }
}

describe('webhook signing', () => {
  it('signs with Standard Webhooks headers that the standardwebhooks library verifies, from a real local receiver', async () => {
    const { addWebhook, emit, deliveriesOf, admin, base } = await setup()
    const hook = await receiver(200, () => ({ body: 'x'.repeat(5000) }))
    const created = await addWebhook(`${hook.url}/in`)
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    await emit({ participant_id: 7, delta: 25 })
    expect(hook.hits).toHaveLength(1)
    const [hit] = hook.hits
    const verified = new Webhook(created.secret).verify(hit!.body, hit!.headers as Record<string, string>)
    expect(verified).toMatchObject({ type: 'points.changed', data: { participant_id: 7, delta: 25 } })
    expect(hit!.headers['webhook-id']).toMatch(/^msg_\d+$/)
    // A wrong secret or a changed body does not verify.
    expect(() => new Webhook(newWebhookSecret()).verify(hit!.body, hit!.headers as Record<string, string>)).toThrow()
    expect(() => new Webhook(created.secret).verify(hit!.body.replace('25', '26'), hit!.headers as Record<string, string>)).toThrow()

    const [delivery] = await deliveriesOf(created.id)
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1, responseStatus: 200, error: null, requestBody: hit!.body })
    expect(delivery!.responseBody).toHaveLength(RESPONSE_LOG_BYTES)
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0)

    // The test-send goes the same signed way, as a webhook.test event, and lands in the log.
    const test = await admin.json<WebhookDeliveryResult>(`${base}/webhooks/${created.id}/test`, { json: {} })
    expect(test.status, JSON.stringify(test.body)).toBe(200)
    expect(test.body.data).toMatchObject({ event: 'webhook.test', state: 'succeeded', response_status: 200, attempts: 1 })
    const testHit = hook.hits[1]!
    expect(new Webhook(created.secret).verify(testHit.body, testHit.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' })
    expect(testHit.headers['webhook-id']).toBe(test.body.data.message_id)
    const log = await admin.json<WebhookDeliveryList>(`${base}/webhooks/${created.id}/deliveries`)
    expect(log.body.data.map((d) => d.event)).toEqual(['webhook.test', 'points.changed'])
    expect(log.body.data[1]).toMatchObject({ state: 'succeeded', response_status: 200, request_body: hit!.body })
  })

  it('signs the Standard Webhooks test vector', async () => {
    const vector = { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: 1614265330, body: '{"test": 2432232314}' }
    const signature = await signWebhook(vector.secret, vector.id, vector.timestamp, vector.body)
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
    expect(new Webhook(vector.secret).sign(vector.id, new Date(vector.timestamp * 1000), vector.body)).toBe(signature)
  })

  it('keeps secrets made before (base64url) working: same key bytes, verifiable once converted', async () => {
    const legacy = 'whsec_Zm9vYmFyLWJheg_-_-'
    expect(Buffer.from(webhookSecretKey(legacy)).equals(Buffer.from('Zm9vYmFyLWJheg_-_-', 'base64url'))).toBe(true)
    const signature = await signWebhook(legacy, 'msg_1', 1_700_000_000, '{"a":1}')
    const converted = 'whsec_' + Buffer.from('Zm9vYmFyLWJheg_-_-', 'base64url').toString('base64')
    expect(new Webhook(converted).sign('msg_1', new Date(1_700_000_000_000), '{"a":1}')).toBe(signature)
  })

  it('does not follow redirects', async () => {
    const { addWebhook, emit, deliveriesOf } = await setup()
    const elsewhere = await receiver(200)
    const hook = await receiver(302, () => ({ headers: { location: `${elsewhere.url}/stolen` } }))
    const created = await addWebhook(`${hook.url}/in`)
    await emit()
    expect(hook.hits).toHaveLength(1)
    expect(elsewhere.hits).toHaveLength(0)
    expect((await deliveriesOf(created.id))[0]).toMatchObject({ state: 'pending', responseStatus: 302, error: 'Answered 302 (redirects are not followed)' })
  })
})

describe('webhook delivery', () => {
  it('retries a failing receiver on its schedule without re-sending to a healthy one, then turns it off and e-mails the admins', async () => {
    const { addWebhook, emit, deliveriesOf, deps, clock, db, base, signIn } = await setup()
    const good = await receiver(200)
    const bad = await receiver(500)
    const healthy = await addWebhook(`${good.url}/ok`)
    const failing = await addWebhook(`${bad.url}/down`)
    await emit()
    expect([good.hits.length, bad.hits.length]).toEqual([1, 1])

    for (const wait of RETRY_SCHEDULE_MS) {
      clock.advance(wait - 1_000)
      await deliverOutbox(deps) // the sweep: not due yet
      expect(bad.hits.length).toBe(RETRY_SCHEDULE_MS.indexOf(wait) + 1)
      clock.advance(1_000)
      await deliverOutbox(deps)
      expect(bad.hits.length).toBe(RETRY_SCHEDULE_MS.indexOf(wait) + 2)
    }
    expect(bad.hits).toHaveLength(MAX_ATTEMPTS)
    // Every attempt is the same message: one webhook-id, one body.
    expect(new Set(bad.hits.map((h) => h.headers['webhook-id'])).size).toBe(1)
    expect(new Set(bad.hits.map((h) => h.body)).size).toBe(1)
    // The healthy webhook took the event once and never saw it again.
    expect(good.hits).toHaveLength(1)
    expect((await deliveriesOf(healthy.id))[0]).toMatchObject({ state: 'succeeded', attempts: 1 })
    expect((await deliveriesOf(failing.id))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, responseStatus: 500, nextAttemptAt: null })

    // Eight failures in a row over more than a day: off, and the admins are told.
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(AUTO_DISABLE_FAILURES)
    const [off] = await db.select().from(webhooks).where(eq(webhooks.id, failing.id))
    expect(off).toMatchObject({ active: false, consecutiveFailures: MAX_ATTEMPTS })
    expect(off!.disabledAt).toBeInstanceOf(Date)
    const [on] = await db.select().from(webhooks).where(eq(webhooks.id, healthy.id))
    expect(on).toMatchObject({ active: true, consecutiveFailures: 0, disabledAt: null })
    await deliverOutbox(deps)
    const mails = await db.select().from(devMailbox).where(eq(devMailbox.subject, `Webhook disabled: ${bad.url}/down`))
    expect(mails.map((m) => m.to)).toContain('admin@tessera.dev')
    expect(mails[0]!.text).toContain('turned it off')
    expect((await db.select().from(outbox).where(and(eq(outbox.topic, 'email'), eq(outbox.status, 'pending')))).length).toBe(0)

    // Further events skip it; the console (signed in again a day later) shows it off, re-enables it and resends the failed delivery.
    const admin = await signIn()
    await emit({ participant_id: 2, delta: 1 })
    expect([good.hits.length, bad.hits.length]).toEqual([2, MAX_ATTEMPTS])
    const listed = await admin.json<{ data: WebhookRow }>(`${base}/webhooks/${failing.id}`)
    expect(listed.body.data).toMatchObject({ active: false, consecutive_failures: MAX_ATTEMPTS })
    expect(listed.body.data.disabled_at).not.toBeNull()
    const enabled = await admin.json<{ data: WebhookRow }>(`${base}/webhooks/${failing.id}/enable`, { json: {} })
    expect(enabled.body.data).toMatchObject({ active: true, disabled_at: null, consecutive_failures: 0 })
    bad.state.status = 204
    const [failed] = await deliveriesOf(failing.id)
    const resent = await admin.json<WebhookDeliveryResult>(`${base}/webhooks/${failing.id}/deliveries/${failed!.id}/resend`, { json: {} })
    expect(resent.status, JSON.stringify(resent.body)).toBe(200)
    expect(resent.body.data).toMatchObject({ state: 'succeeded', response_status: 204, attempts: MAX_ATTEMPTS + 1 })
    expect(bad.hits.at(-1)!.headers['webhook-id']).toBe(bad.hits[0]!.headers['webhook-id'])
    expect(bad.hits.at(-1)!.body).toBe(bad.hits[0]!.body)
  })

  it('sends every due retry in one sweep, not one round of 50 (the backlog of an outage)', async () => {
    const { addWebhook, deliveriesOf, deps, clock, db, program } = await setup()
    const down = await receiver(500)
    const hook = await addWebhook(`${down.url}/down`)
    const events = Array.from({ length: 120 }, (_, i) => webhookInsert(db, program.id, 'points.changed', { participant_id: 1, delta: i + 1 }))
    const results = (await db.batch(events as unknown as Parameters<typeof db.batch>[0])) as unknown[]
    await deliverOutbox(
      deps,
      outboxIdsFrom(
        results,
        events.map((_, i) => i),
      ),
    )
    expect(down.hits).toHaveLength(120)
    down.state.status = 204
    clock.advance(RETRY_SCHEDULE_MS[0]!)
    await deliverOutbox(deps) // one sweep
    expect(down.hits).toHaveLength(240)
    expect((await deliveriesOf(hook.id)).map((d) => d.state)).toEqual(Array(120).fill('succeeded'))
  })

  it('replays a delivered event with the same webhook-id, and answers 404 for another webhook’s delivery', async () => {
    const { addWebhook, emit, deliveriesOf, admin, base } = await setup()
    const hook = await receiver(200)
    const created = await addWebhook(`${hook.url}/in`)
    const other = await addWebhook(`${hook.url}/other`, ['challenge.completed'])
    await emit()
    const [delivery] = await deliveriesOf(created.id)
    const replay = await admin.json<WebhookDeliveryResult>(`${base}/webhooks/${created.id}/deliveries/${delivery!.id}/resend`, { json: {} })
    expect(replay.status).toBe(200)
    expect(replay.body.data).toMatchObject({ state: 'succeeded', attempts: 2, message_id: `msg_${delivery!.id}` })
    expect(hook.hits).toHaveLength(2)
    expect(hook.hits[1]!.headers['webhook-id']).toBe(hook.hits[0]!.headers['webhook-id'])
    expect(new Webhook(created.secret).verify(hook.hits[1]!.body, hook.hits[1]!.headers as Record<string, string>)).toMatchObject({ type: 'points.changed' })
    expect((await admin.json(`${base}/webhooks/${other.id}/deliveries/${delivery!.id}/resend`, { json: {} })).status).toBe(404)

    // Deleting removes the webhook and its log.
    expect((await admin.json(`${base}/webhooks/${created.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await admin.json(`${base}/webhooks/${created.id}`)).status).toBe(404)
    expect(await deliveriesOf(created.id)).toEqual([])
  })
})

describe('SSRF protection (production)', () => {
  const names = staticResolver({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], 'internal.example.com': ['10.0.0.5'], 'mixed.example.com': ['93.184.215.14', '127.0.0.1'] })
  const prod = (over: Partial<Deps> = {}) => ({
    config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'x'.repeat(40) }), environment: 'production' as const },
    resolver: names,
    ...over,
  })

  it('refuses private, loopback, link-local, CGNAT, mapped and metadata targets in every spelling', async () => {
    const refused = [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://0x7f000001/hook',
      'https://2130706433/hook',
      'https://127.1/hook',
      'https://0177.0.0.1/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://[::]/hook',
      'https://0.0.0.0/hook',
      'https://100.64.0.1/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://[64:ff9b::a00:1]/hook',
      'https://localhost/hook',
      'https://metadata.google.internal/computeMetadata',
      'https://internal.example.com/hook',
      'https://mixed.example.com/hook',
    ]
    for (const url of refused) expect(await webhookTargetError(prod(), url), url).toBe(NOT_PUBLIC)
    expect(await webhookTargetError(prod(), 'http://localhost:9999/hook')).toBe('URL must start with https://')
    expect(await webhookTargetError(prod(), 'http://hooks.example.com/hook')).toBe('URL must start with https://')
    expect(await webhookTargetError(prod(), 'https://nowhere.example.net/hook')).toBe('URL host could not be resolved')
    expect(await webhookTargetError(prod(), 'https://hooks.example.com/hook')).toBeNull()
    expect(await webhookTargetError(prod(), 'https://93.184.215.14/hook')).toBeNull()
    expect(['8.8.8.8', '2606:4700:4700::1111'].every(isPublicAddress)).toBe(true)
    expect(['100.127.255.255', '::ffff:8.8.8.8', 'fc00::1', 'ff02::1', '255.255.255.255'].some(isPublicAddress)).toBe(false)
  })

  it('refuses at save and again at send (a name that now resolves to a private address)', async () => {
    const t = await makeTestApp()
    const program = await programByKey(t, 'demo')
    const scope = programScope(t.db, program.id)
    const table: Record<string, string[]> = { 'hooks.example.com': ['93.184.215.14'], 'internal.example.com': ['10.0.0.5'] }
    const sent: string[] = []
    const deps: Deps = {
      ...t.deps,
      ...prod({ resolver: staticResolver(table) }),
      fetch: (async (url: string) => {
        sent.push(String(url))
        return new Response('ok')
      }) as typeof fetch,
    }
    for (const url of ['https://internal.example.com/hook', 'https://10.0.0.1/hook', 'https://[::ffff:7f00:1]/hook', 'https://0x7f000001/hook']) {
      expect(await createWebhook(scope, deps, { url, events: ['points.changed'], active: true })).toEqual({ status: 422, result: { success: false, errors: { url: NOT_PUBLIC } } })
    }
    const saved = await createWebhook(scope, deps, { url: 'https://hooks.example.com/hook', events: ['points.changed'], active: true })
    expect(saved.status).toBe(201)
    // DNS now points the saved name at a private address: the send is refused, nothing leaves.
    table['hooks.example.com'] = ['10.0.0.5']
    const results = (await batch(t.db, [webhookInsert(t.db, program.id, 'points.changed', { participant_id: 1, delta: 1 })])) as unknown[]
    await deliverOutbox(deps, outboxIdsFrom(results, [0]))
    expect(sent).toEqual([])
    const [delivery] = await scope.select(webhookDeliveries, eq(webhookDeliveries.webhookId, (saved.result as WebhookCreated).data.id))
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, responseStatus: null, error: `Not sent: ${NOT_PUBLIC}` })
    // Public again: the retry goes out.
    table['hooks.example.com'] = ['93.184.215.14']
    t.clock.advance(RETRY_SCHEDULE_MS[0]!)
    await deliverOutbox(deps)
    expect(sent).toEqual(['https://hooks.example.com/hook'])
  })
})
