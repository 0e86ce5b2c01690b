import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDeployedWorker } from '../local/deployed-worker'

/**
 * The participant site's pages on the Workers entry as deployed (deployed-worker.ts), as
 * site-pages.test.ts checks them on the Node entry: curl and link-preview bots get the page with its
 * share preview, HEAD has no body, an unknown path is a 404 page; and the statements one page costs.
 */
let w: Awaited<ReturnType<typeof startDeployedWorker>>
beforeAll(async () => {
  w = await startDeployedWorker({ vars: { TESSERA_COUNT_D1: '1' } })
}, 120_000)
afterAll(async () => w?.close())

const send = (method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const url = new URL(w.loadUrl)
    const req = request({ method, host: url.hostname, port: url.port, path, headers: { host: w.host, accept: '*/*', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end()
  })

describe('site pages on the Workers entry', () => {
  it('answers curl and the bots with the page and its preview, HEAD without a body, unknown paths 404', async () => {
    // Twice: the second is answered from the cached program and catalog.
    await send('GET', '/challenge/coffee-quiz')
    const page = await send('GET', '/challenge/coffee-quiz', { 'user-agent': 'facebookexternalhit/1.1' })
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers.vary).toMatch(/accept/i)
    expect(page.body).toContain('<title>Coffee know-how quiz | Tessera Demo</title>')
    expect(page.body).toMatch(/<meta property="og:url" content="http:\/\/localhost:\d+\/challenge\/coffee-quiz">/)
    // The cached program and challenge catalog: no statement beyond the visitor's own (none signed out).
    expect(page.headers['x-tessera-d1']).toBe('queries=0 batches=0 batch_statements=0 execs=0')

    const head = await send('HEAD', '/')
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toMatch(/text\/html/)
    expect(head.body).toBe('')

    const missing = await send('GET', '/no-such-page', { 'user-agent': 'Googlebot/2.1' })
    expect(missing.status).toBe(404)
    expect(missing.body).toContain('<meta name="robots" content="noindex">')

    const robots = await send('GET', '/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.body).toContain('Sitemap: http://localhost:')
  })
})
