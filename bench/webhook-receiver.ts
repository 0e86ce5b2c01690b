/**
 * The webhook endpoint of bench/webhooks.ts, forked so that it never shares the server's event loop (a
 * receiver elsewhere, as in production): listens on 127.0.0.1, verifies every request with the
 * `standardwebhooks` library (a request that fails verification is answered 400), answers 500 while
 * told to fail, else 204. What it saw goes to the parent in batches every FLUSH_MS, each with the time
 * it happened (same machine, same clock).
 *
 * Parent -> child: `{ secret }` first (answered `{ port }`), then `{ failing: boolean }` (answered
 * `{ failing, at }`) and `{ flush: true }` (answered with the pending batch, possibly empty).
 */
import { createServer } from 'node:http'
import { Webhook } from 'standardwebhooks'

/** One request: acknowledged (2xx, with the event id of its body), refused (500) or not verified (400). */
export type Seen = { kind: 'ack' | 'refused' | 'invalid'; id: string; at: number; evt?: string; error?: string }
export type ReceiverMessage = { port: number } | { failing: boolean; at: number } | { batch: Seen[] }

const FLUSH_MS = 100

let verifier: Webhook | undefined
let failing = false
let pending: Seen[] = []

const flush = () => {
  if (!pending.length) return
  const batch = pending
  pending = []
  process.send!({ batch } satisfies ReceiverMessage)
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8')
    const id = String(req.headers['webhook-id'] ?? '')
    let event: { id?: string }
    try {
      event = verifier!.verify(body, {
        'webhook-id': id,
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      }) as typeof event
    } catch (err) {
      pending.push({ kind: 'invalid', id, at: Date.now(), error: (err as Error).message })
      res.writeHead(400).end('signature not verified')
      return
    }
    if (failing) {
      pending.push({ kind: 'refused', id, at: Date.now() })
      res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down (bench outage)')
      return
    }
    pending.push({ kind: 'ack', id, at: Date.now(), evt: String(event.id) })
    res.writeHead(204).end()
  })
})
server.keepAliveTimeout = 30_000

process.on('message', (msg: { secret?: string; failing?: boolean; flush?: boolean }) => {
  if (msg.secret) {
    verifier = new Webhook(msg.secret)
    server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port } satisfies ReceiverMessage))
    setInterval(flush, FLUSH_MS).unref()
  } else if (msg.failing !== undefined) {
    flush()
    failing = msg.failing
    process.send!({ failing, at: Date.now() } satisfies ReceiverMessage)
  } else if (msg.flush) {
    flush()
    process.send!({ batch: [] } satisfies ReceiverMessage)
  }
})
process.on('disconnect', () => process.exit(0))
