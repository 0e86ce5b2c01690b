import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  type AptosSettings,
  type SocialNetworkPageList,
  webhookEventNames,
  type WebhookCreated,
  type WebhookList,
  type WebhookRow,
} from '../../../../sdk/contract/console/integrations'
import { chainIntegrations, webhookEvents, webhooks } from '../../db/schema'
import { programScope } from '../../db/scope'
import { configFromEnv } from '../../config'
import { staticResolver } from '../../platform/resolver'
import { makeTestApp } from '../../../test/helpers'
import { consoleAs, programByKey } from '../participants/participants-fixtures'
import { hasWebhookFor } from '../webhooks/webhooks'
import { isSafeMerchantsRegex } from './settings'
import { webhookUrlError } from './webhook-settings'

type Result<T = unknown> = { success: boolean; errors: Record<string, string>; data?: T }

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  return { ...t, program, admin, base: `/admin/v2/programs/${program.id}` }
}

describe('social network pages', () => {
  it('adds instagram and facebook pages, lists them, refuses other platforms, http and duplicates, deletes', async () => {
    const { admin, base } = await setup()
    const ig = await admin.json<Result<{ id: number }>>(`${base}/social_network_pages`, { json: { url: 'https://instagram.com/tessera', platform: 'instagram' } })
    expect(ig.status, JSON.stringify(ig.body)).toBe(201)
    expect((await admin.json(`${base}/social_network_pages`, { json: { url: 'https://facebook.com/tessera', platform: 'facebook' } })).status).toBe(201)
    const list = await admin.json<SocialNetworkPageList>(`${base}/social_network_pages`)
    expect(list.body.data.map((p) => [p.platform, p.url])).toEqual([
      ['facebook', 'https://facebook.com/tessera'],
      ['instagram', 'https://instagram.com/tessera'],
    ])

    const bad = await admin.json<Result>(`${base}/social_network_pages`, { json: { url: '', platform: 'tiktok' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ url: 'URL is required', platform: 'Platform must be instagram or facebook' })
    const http = await admin.json<Result>(`${base}/social_network_pages`, { json: { url: 'http://instagram.com/x', platform: 'instagram' } })
    expect(http.body.errors).toEqual({ url: 'URL must start with https://' })
    const js = await admin.json<Result>(`${base}/social_network_pages`, { json: { url: 'javascript:alert(1)', platform: 'instagram' } })
    expect(js.body.errors).toEqual({ url: 'URL must be a valid URL' })
    const dup = await admin.json<Result>(`${base}/social_network_pages`, { json: { url: 'https://instagram.com/tessera', platform: 'instagram' } })
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({ url: 'This page has already been added' })

    expect((await admin.json(`${base}/social_network_pages/${ig.body.data!.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await admin.json<SocialNetworkPageList>(`${base}/social_network_pages`)).body.data.map((p) => p.platform)).toEqual(['facebook'])
    expect((await admin.json(`${base}/social_network_pages/${ig.body.data!.id}`, { method: 'DELETE' })).status).toBe(404)
  })
})

describe('offers reward and photo contest', () => {
  it('saves the offers reward settings and refuses invalid or catastrophic regexes naming the field', async () => {
    const { admin, base } = await setup()
    // As seeded: off, with the regex the form requires (worker/src/db/seed.ts).
    expect((await admin.json<{ data: unknown }>(`${base}/offers_reward`)).body.data).toEqual({ active: false, redirect_magic_link: false, merchants_regex: '.*' })
    const saved = await admin.json<Result>(`${base}/offers_reward`, { method: 'PATCH', json: { active: true, redirect_magic_link: true, merchants_regex: '^(coffee|tea) shop$' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await admin.json<{ data: unknown }>(`${base}/offers_reward`)).body.data).toEqual({ active: true, redirect_magic_link: true, merchants_regex: '^(coffee|tea) shop$' })

    const cases: [unknown, string][] = [
      ['(a+)+$', 'Merchants regex is too complex: nested quantifiers such as (a+)+ are not allowed'],
      ['(x*)*y', 'Merchants regex is too complex: nested quantifiers such as (a+)+ are not allowed'],
      ['([a-z]+)*@', 'Merchants regex is too complex: nested quantifiers such as (a+)+ are not allowed'],
      ['(unclosed', 'Merchants regex is not a valid regular expression'],
      ['a'.repeat(201), 'Merchants regex must not be longer than 200 characters'],
      ['', 'Merchants regex is required'],
    ]
    for (const [merchants_regex, message] of cases) {
      const res = await admin.json<Result>(`${base}/offers_reward`, { method: 'PATCH', json: { active: true, redirect_magic_link: false, merchants_regex } })
      expect(res.status, String(merchants_regex)).toBe(422)
      expect(res.body.errors, String(merchants_regex)).toEqual({ merchants_regex: message })
    }
    const missing = await admin.json<Result>(`${base}/offers_reward`, { method: 'PATCH', json: {} })
    expect(Object.keys(missing.body.errors).sort()).toEqual(['active', 'merchants_regex', 'redirect_magic_link'])
    // Refused writes left the saved settings alone.
    expect((await admin.json<{ data: { merchants_regex: string } }>(`${base}/offers_reward`)).body.data.merchants_regex).toBe('^(coffee|tea) shop$')
    expect(isSafeMerchantsRegex('^starbucks|costa$')).toBe(true)
  })

  it('saves the photo contest settings in the same row without touching the offers reward', async () => {
    const { admin, base } = await setup()
    await admin.json(`${base}/offers_reward`, { method: 'PATCH', json: { active: true, redirect_magic_link: false, merchants_regex: 'cafe' } })
    const saved = await admin.json<Result>(`${base}/photo_contest`, { method: 'PATCH', json: { active: true, qrati_program_id: 'qr-123' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await admin.json<{ data: unknown }>(`${base}/photo_contest`)).body.data).toEqual({ active: true, qrati_program_id: 'qr-123' })
    expect((await admin.json<{ data: { merchants_regex: string } }>(`${base}/offers_reward`)).body.data.merchants_regex).toBe('cafe')
    const bad = await admin.json<Result>(`${base}/photo_contest`, { method: 'PATCH', json: { active: 'yes', qrati_program_id: ' ' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ active: 'Active must be true or false', qrati_program_id: 'External program id is required' })
  })
})

describe('aptos', () => {
  it('saves through the collectibles chain integration; mainnet needs confirming and then locks the network', async () => {
    const { admin, base, db, program } = await setup()
    expect((await admin.json<{ data: AptosSettings }>(`${base}/aptos`)).body.data).toEqual({ id: null, enabled: false, network: 'testnet', wallet_address: null, locked: false })
    const on = await admin.json<Result<AptosSettings>>(`${base}/aptos`, { method: 'PATCH', json: { enabled: true, network: 'testnet' } })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    const [row] = await programScope(db, program.id).select(chainIntegrations)
    expect(row).toMatchObject({ enabled: true, network: 'testnet' })

    const unconfirmed = await admin.json<Result>(`${base}/aptos`, { method: 'PATCH', json: { enabled: true, network: 'mainnet' } })
    expect(unconfirmed.status).toBe(422)
    expect(unconfirmed.body.errors).toEqual({ confirm_mainnet: 'Confirm that choosing mainnet locks the network for good' })
    const main = await admin.json<Result<AptosSettings>>(`${base}/aptos`, { method: 'PATCH', json: { enabled: true, network: 'mainnet', confirm_mainnet: true } })
    expect(main.body.data).toMatchObject({ network: 'mainnet', locked: true })
    const back = await admin.json<Result>(`${base}/aptos`, { method: 'PATCH', json: { enabled: true, network: 'testnet', confirm_mainnet: true } })
    expect(back.status).toBe(422)
    expect(back.body.errors).toEqual({ network: 'The network is locked once mainnet is chosen' })
    // Switching it off keeps mainnet; the wallet address is never taken from the request.
    const off = await admin.json<Result<AptosSettings>>(`${base}/aptos`, { method: 'PATCH', json: { enabled: false, network: 'mainnet', wallet_address: '0xevil' } })
    expect(off.body.data).toMatchObject({ enabled: false, network: 'mainnet', wallet_address: null, locked: true })
    expect((await programScope(db, program.id).select(chainIntegrations)).length).toBe(1)
    const bad = await admin.json<Result>(`${base}/aptos`, { method: 'PATCH', json: { enabled: true, network: 'devnet' } })
    expect(bad.body.errors).toEqual({ network: 'Network must be mainnet or testnet' })
  })
})

describe('webhooks', () => {
  it('offers exactly the events the product emits', () => {
    expect([...webhookEventNames]).toEqual([...webhookEvents])
  })

  it('creates a webhook with its secret shown once; lists by URL search; edits; delivery takes it at once', async () => {
    const { admin, base, db, program, deps } = await setup()
    const created = await admin.json<WebhookCreated>(`${base}/webhooks`, { json: { url: 'https://hooks.example.com/tessera', events: ['reward.claimed', 'points.changed'], active: true } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { secret, id } = created.body.data
    // Standard Webhooks: whsec_ + base64 of 32 random bytes.
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    // Stored for the delivery side to sign with.
    const [row] = await programScope(db, program.id).select(webhooks, eq(webhooks.id, id))
    expect(row!.secret).toBe(secret)
    expect(await hasWebhookFor(deps, program.id, 'reward.claimed')).toBe(true)

    await admin.json(`${base}/webhooks`, { json: { url: 'https://other.example.org/in', events: ['participant.created'] } })
    const all = await admin.request(`${base}/webhooks`)
    const text = await all.text()
    expect(text).not.toContain(secret)
    expect((JSON.parse(text) as WebhookList).data.map((w) => w.url)).toEqual(['https://other.example.org/in', 'https://hooks.example.com/tessera'])
    const searched = await admin.json<WebhookList>(`${base}/webhooks?q=hooks.example`)
    expect(searched.body.data.map((w) => w.id)).toEqual([id])
    expect(searched.body.meta.total).toBe(1)

    const detail = await admin.request(`${base}/webhooks/${id}`)
    const detailText = await detail.text()
    expect(detailText).not.toContain(secret)
    expect((JSON.parse(detailText) as { data: WebhookRow }).data).toMatchObject({ url: 'https://hooks.example.com/tessera', events: ['reward.claimed', 'points.changed'], active: true })

    const edited = await admin.json<Result<WebhookRow>>(`${base}/webhooks/${id}`, { method: 'PUT', json: { url: 'https://hooks.example.com/v2', events: ['challenge.completed'], active: false } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({ url: 'https://hooks.example.com/v2', events: ['challenge.completed'], active: false })
    expect(JSON.stringify(edited.body)).not.toContain(secret)
    // The cached list of active webhooks was dropped: the inactive one takes no event now.
    expect(await hasWebhookFor(deps, program.id, 'reward.claimed')).toBe(false)
    const [after] = await programScope(db, program.id).select(webhooks, eq(webhooks.id, id))
    expect(after!.secret).toBe(secret)
  })

  it('names the field on bad input: https only (http://localhost outside production), known events', async () => {
    const { admin, base } = await setup()
    const post = (json: unknown) => admin.json<Result>(`${base}/webhooks`, { json })
    expect((await post({ url: 'http://hooks.example.com/x', events: ['reward.claimed'] })).body.errors).toEqual({ url: 'URL must start with https:// (http:// is allowed for localhost only)' })
    expect((await post({ url: 'ftp://hooks.example.com/x', events: ['reward.claimed'] })).body.errors).toEqual({ url: 'URL must be a valid URL' })
    expect((await post({ url: 'https://hooks.example.com', events: [] })).body.errors).toEqual({ events: 'Choose at least one event' })
    expect((await post({ url: 'https://hooks.example.com', events: ['nope'] })).body.errors).toEqual({ 'events.0': 'Events must be events the product sends' })
    expect((await post({ url: 'http://localhost:9999/hook', events: ['reward.claimed'] })).status).toBe(201)
  })

  it('refuses http and private hosts in production', async () => {
    const { deps } = await setup()
    const prod = {
      ...deps,
      config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'x'.repeat(40) }), environment: 'production' as const },
      resolver: staticResolver({ 'hooks.example.com': ['93.184.215.14'] }),
    }
    expect(await webhookUrlError(prod, 'http://localhost:9999/hook')).toBe('URL must start with https://')
    expect(await webhookUrlError(prod, 'https://127.0.0.1/hook')).toBe('URL must point to a public host')
    expect(await webhookUrlError(prod, 'https://169.254.169.254/latest')).toBe('URL must point to a public host')
    expect(await webhookUrlError(prod, 'https://10.0.0.5/x')).toBe('URL must point to a public host')
    expect(await webhookUrlError(prod, 'https://hooks.example.com/x')).toBeNull()
  })

  it("answers 404 for another program's webhook", async () => {
    const t = await setup()
    const links = await programByKey(t, 'links')
    const foreign = await t.admin.json<WebhookCreated>(`/admin/v2/programs/${links.id}/webhooks`, { json: { url: 'https://links.example.com/h', events: ['reward.claimed'] } })
    expect(foreign.status).toBe(201)
    const fid = foreign.body.data.id
    expect((await t.admin.json(`${t.base}/webhooks/${fid}`)).status).toBe(404)
    expect((await t.admin.json(`${t.base}/webhooks/${fid}`, { method: 'PUT', json: { url: 'https://evil.example.com', events: ['reward.claimed'], active: true } })).status).toBe(404)
    expect((await t.admin.json<WebhookList>(`${t.base}/webhooks`)).body.data).toEqual([])
  })
})
