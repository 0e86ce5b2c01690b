import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import { apiV1Operations } from '../../../../sdk/contract/api-v1'
import { publicOperations } from '../../../../sdk/contract/api-v1/public'
import { makeTestApp } from '../../../test/helpers'
import { API_DOCS_CSP } from './api-docs-csp'
import { configFromEnv } from '../../config'

describe('GET /api/docs', () => {
  it('renders every /api/v1 and /public operation with a Try it form, from our own origin under a strict CSP', async () => {
    const t = await makeTestApp()
    const res = await t.app.request('http://localhost/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toBe(API_DOCS_CSP)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await res.text()
    for (const op of [...apiV1Operations, ...publicOperations]) {
      expect(html, op.operationId).toContain(`id="op-${op.operationId}"`)
      expect(html).toContain(`data-path="${op.path}"`)
    }
    expect(html.match(/<form class="try"/g)).toHaveLength(apiV1Operations.length + publicOperations.length)
    // Two sections; the participant API's calls are signed as a widget would (program key, session token).
    expect(html).toMatch(/<h2 id="tag-0">Server API<\/h2>[\s\S]*<h2 id="tag-1">Participant API<\/h2>/)
    expect(html.match(/data-auth="participant"/g)).toHaveLength(publicOperations.length)
    expect(html).toContain('<section class="op" id="op-submitChallenge">')
    expect(html).toContain('id="schema-SubmitChallengeResult"')
    // Body fields and answers come from the contract.
    expect(html).toContain('id="schema-ChallengeCompletion"')
    expect(html).toContain('<code>expires_in</code>')
    expect(html).toContain('-H &#39;Idempotency-Key: order-1001&#39;')
    // Nothing from another origin, no inline script or style.
    const srcs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(srcs.filter((u) => /^(https?:)?\/\//.test(u))).toEqual([])
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|<style|style="/)

    for (const [path, type] of [['/api/docs/docs.js', 'text/javascript'], ['/api/docs/docs.css', 'text/css']] as const) {
      const asset = await t.app.request(`http://localhost${path}`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('content-type')).toContain(type)
      expect((await asset.text()).length).toBeGreaterThan(200)
    }
  })

  it('keeps the document CSP of the API on /api/v1 itself', async () => {
    const t = await makeTestApp()
    const res = await t.app.request('http://localhost/api/v1/openapi.json')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it("serves a document Redocly's recommended rules find nothing in, whose servers is the configured console origin", async () => {
    // A deployment's configuration: the console's host (ADMIN_HOST) is the document's server.
    const config = { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }), adminHost: 'console.tessera.dev' }
    const t = await makeTestApp({ config })
    const res = await t.app.request('http://localhost/api/v1/openapi.json', { headers: { host: 'evil.example', accept: 'application/json' } })
    expect(res.status).toBe(200)
    const source = await res.text()
    expect(JSON.parse(source).servers).toEqual([{ url: 'https://console.tessera.dev' }])
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) })
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([])
  })

  it('answers 406 to an Accept that takes no JSON, and the document to one that does', async () => {
    const t = await makeTestApp()
    const refused = await t.app.request('http://localhost/api/v1/openapi.json', { headers: { accept: 'application/yaml' } })
    expect(refused.status).toBe(406)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_acceptable')
    for (const accept of ['application/vnd.oai.openapi+json', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/*', 'application/yaml, application/json;q=0.5']) {
      const res = await t.app.request('http://localhost/api/v1/openapi.json', { headers: { accept } })
      expect([accept, res.status]).toEqual([accept, 200])
    }
    expect((await t.app.request('http://localhost/api/v1/openapi.json', { headers: { accept: 'application/json;q=0, text/plain' } })).status).toBe(406)
  })
})
