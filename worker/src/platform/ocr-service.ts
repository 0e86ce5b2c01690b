import { createHash, timingSafeEqual } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { OcrProvider } from './ocr'
import { OCR_SECRET_HEADER } from './ocr-http'
import { sniffImage } from './ocr-image'
import { createLocalOcr, type LocalOcr } from './ocr-local'

/**
 * The local OCR as a small HTTP service (decision 0028). A Worker cannot run tesseract (CPU limits,
 * no threads), so `npm start` runs this beside wrangler on a loopback port and the Worker reaches it
 * through the http adapter (ocr-http.ts), with the same OcrProvider interface.
 *
 *   POST /read   body: the image bytes, Content-Type: the image's type, X-Tessera-OCR-Secret: the secret
 *                -> 200 OcrResult | 401 (no or wrong secret) | 413 (over the size limit)
 *                   | 415 (not a PNG, JPEG, WebP, BMP or TIFF, told by its bytes) | 500 (the engine failed)
 *   GET /health  -> 200 { ok: true }
 *
 * It listens on 127.0.0.1 only and refuses every read without the shared secret, so it is not an open
 * OCR endpoint for whatever else runs on the machine.
 */
export const OCR_MAX_BYTES = 12 * 1024 * 1024

const digest = (s: string) => createHash('sha256').update(s).digest()

export function createOcrServiceApp(opts: { secret: string; provider: OcrProvider }) {
  if (opts.secret.length < 16) throw new Error('The OCR service needs a secret of at least 16 characters (OCR_SECRET).')
  const expected = digest(opts.secret)
  const app = new Hono()
  app.get('/health', (c) => c.json({ ok: true }))
  app.post(
    '/read',
    async (c, next) => {
      const given = c.req.header(OCR_SECRET_HEADER)
      if (!given || !timingSafeEqual(digest(given), expected)) return c.json({ error: 'A valid OCR secret is required.' }, 401)
      await next()
    },
    bodyLimit({ maxSize: OCR_MAX_BYTES, onError: (c) => c.json({ error: `The image is larger than ${OCR_MAX_BYTES / 1024 / 1024} MB.` }, 413) }),
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const type = sniffImage(bytes)
      if (!type) return c.json({ error: 'The body is not a PNG, JPEG, WebP, BMP or TIFF image.' }, 415)
      try {
        return c.json(await opts.provider.read({ bytes, contentType: type }))
      } catch (err) {
        return c.json({ error: `OCR failed: ${(err as Error).message}` }, 500)
      }
    },
  )
  return app
}

/** Starts the service (port 0: any free port). `provider` defaults to a local tesseract worker it owns. */
export async function startOcrService(opts: { secret: string; port?: number; host?: string; provider?: OcrProvider }) {
  const owned: LocalOcr | null = opts.provider ? null : createLocalOcr({ log: (l) => console.error(l) })
  const provider = opts.provider ?? owned!
  const app = createOcrServiceApp({ secret: opts.secret, provider })
  const host = opts.host ?? '127.0.0.1'
  const server = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: host })
  await new Promise<void>((r, reject) => {
    server.once('listening', () => r())
    server.once('error', reject)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0)
  return {
    url: `http://${host}:${port}`,
    port,
    /** Loads the engine and the English data now, so the first receipt does not wait for them. */
    warm: () => owned?.warm() ?? Promise.resolve(),
    async close() {
      await new Promise<void>((r) => server.close(() => r()))
      await owned?.close()
    },
  }
}

// `node --import tsx worker/src/platform/ocr-service.ts` (scripts/start.mjs): OCR_PORT, OCR_SECRET.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const secret = process.env.OCR_SECRET ?? ''
  startOcrService({ secret, port: Number(process.env.OCR_PORT ?? 0) })
    .then(async (service) => {
      console.log(`[tessera] OCR service (tesseract.js) on ${service.url}`)
      for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void service.close().finally(() => process.exit(0)))
      await service.warm()
    })
    .catch((err: Error) => {
      console.error(`[tessera] OCR service could not start: ${err.message}`)
      process.exit(1)
    })
}
