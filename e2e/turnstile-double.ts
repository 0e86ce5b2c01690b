import { createServer, type Server } from 'node:http'
import type { BrowserContext } from 'playwright-core'
import { siteverifyDouble, TURNSTILE_TEST } from '../worker/test/turnstile-siteverify'

/**
 * Cloudflare Turnstile for the browser tests, where challenges.cloudflare.com cannot be reached: the
 * widget script's documented API (`turnstile.render` with `render=explicit`, `reset`, `remove`) as it
 * behaves for Cloudflare's test site keys (developers.cloudflare.com/turnstile/troubleshooting/testing):
 * 1x…AA passes and issues XXXX.DUMMY.TOKEN.XXXX, 2x…AB always fails. The page loads it from
 * Cloudflare's own address (the route answers it), so the product's loader, its CSP and the sign-in
 * machine run exactly as in production.
 */
const TURNSTILE_API_JS = `(() => {
  const PASSES = ${JSON.stringify(TURNSTILE_TEST.siteKeyPasses)}
  const TOKEN = ${JSON.stringify(TURNSTILE_TEST.dummyToken)}
  const widgets = new Map()
  let next = 0
  function run(id) {
    const w = widgets.get(id)
    if (!w) return
    w.box.textContent = 'Verifying…'
    w.token = ''
    setTimeout(() => {
      if (!widgets.has(id)) return
      if (w.params.sitekey === PASSES) {
        w.token = TOKEN
        w.box.textContent = 'Success!'
        w.params.callback && w.params.callback(TOKEN)
      } else {
        w.box.textContent = 'Verification failed'
        w.params['error-callback'] && w.params['error-callback']('600010')
      }
    }, 150)
  }
  window.turnstile = {
    render(container, params) {
      const host = typeof container === 'string' ? document.querySelector(container) : container
      const id = 'cf-chl-widget-' + ++next
      const box = document.createElement('div')
      box.id = id
      box.setAttribute('role', 'status')
      box.setAttribute('aria-label', 'Cloudflare security check')
      host.append(box)
      widgets.set(id, { box, params, token: '' })
      run(id)
      return id
    },
    reset(id) { run(id) },
    remove(id) { const w = widgets.get(id); if (w) w.box.remove(); widgets.delete(id) },
    getResponse(id) { const w = widgets.get(id); return w ? w.token : undefined },
  }
})()`

/** Answers Cloudflare's Turnstile script in every page of the context with the stand-in above. */
export async function routeTurnstile(context: BrowserContext) {
  await context.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: TURNSTILE_API_JS }),
  )
}

/**
 * siteverify over HTTP on a local port, answering as Cloudflare does for the test secrets
 * (worker/test/turnstile-siteverify.ts): the server under test points TURNSTILE_SITEVERIFY_URL at it
 * and verifies tokens through its real createTurnstileVerifier.
 */
export async function startSiteverify() {
  const double = siteverifyDouble()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      try {
        const request = new Request('http://siteverify.local/', { method: req.method, headers: req.headers as Record<string, string>, body: req.method === 'POST' ? Buffer.concat(chunks) : null })
        const form = req.method === 'POST' ? await request.formData() : undefined
        const answer = await double.fetch('http://siteverify.local/', { method: req.method ?? 'GET', ...(form ? { body: form } : {}) })
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        res.end(await answer.text())
      } catch (err) {
        res.writeHead(400).end(String(err))
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/turnstile/v0/siteverify`,
    calls: double.calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
