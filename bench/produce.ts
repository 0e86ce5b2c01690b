/**
 * The event producer of bench/webhooks.ts, forked like bench/load.ts so it never shares the server's
 * event loop: exactly `amount` server API calls (`POST` with a JSON body), each with its own
 * Idempotency-Key and the next API key, over `connections` keep-alive connections, optionally paced at
 * `rate` calls a second. A call that gets no answer, a 5xx, a 409 (its key still running) or a 429 is
 * sent again with the same Idempotency-Key, as a client of the API does: that is what makes the count
 * exact (autocannon's `amount` drops a request whose connection closes) and what the key is for.
 */
import { Agent, request } from 'node:http'

export type ProduceJob = {
  url: string
  host: string
  path: string
  body: string
  apiKeys: string[]
  amount: number
  connections: number
  /** Calls a second, spread evenly from the start; none: as fast as the connections go. */
  rate?: number
}

export type ProduceResult = {
  ok: number
  /** Calls still without a 2xx after MAX_TRIES. */
  failed: number
  /** Calls sent again with their Idempotency-Key. */
  retried: number
  /** Every answer other than 2xx (status, or the error code when none came), retried or not. */
  notOk: Record<string, number>
  p50: number
  p99: number
  startedAt: number
  finishedAt: number
}

const MAX_TRIES = 10
const RETRY_AFTER_MS = 250
const TIMEOUT_MS = 30_000

function post(job: ProduceJob, agent: Agent, apiKey: string, idempotencyKey: string): Promise<number | string> {
  const target = new URL(job.path, job.url)
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          host: job.host,
          authorization: `Bearer ${apiKey}`,
          'idempotency-key': idempotencyKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(job.body),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', (err) => resolve(err.message))
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message))
    req.end(job.body)
  })
}

async function produce(job: ProduceJob): Promise<ProduceResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections })
  const result: ProduceResult = { ok: 0, failed: 0, retried: 0, notOk: {}, p50: 0, p99: 0, startedAt: Date.now(), finishedAt: 0 }
  const latencies: number[] = []
  let next = 0
  const worker = async () => {
    for (let i = next++; i < job.amount; i = next++) {
      if (job.rate) {
        const due = result.startedAt + (i / job.rate) * 1000
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()))
      }
      const key = `bench-webhooks-${process.pid}-${i}`
      const apiKey = job.apiKeys[i % job.apiKeys.length]!
      const t0 = performance.now()
      let done = false
      for (let attempt = 1; attempt <= MAX_TRIES && !done; attempt++) {
        const answer = await post(job, agent, apiKey, key)
        if (typeof answer === 'number' && answer >= 200 && answer < 300) {
          done = true
          continue
        }
        result.notOk[String(answer)] = (result.notOk[String(answer)] ?? 0) + 1
        if (typeof answer === 'number' && answer < 500 && answer !== 409 && answer !== 429) break // a 4xx that a retry will not change
        if (attempt < MAX_TRIES) {
          result.retried++
          await new Promise((r) => setTimeout(r, RETRY_AFTER_MS))
        }
      }
      if (done) {
        result.ok++
        latencies.push(performance.now() - t0)
      } else result.failed++
    }
  }
  await Promise.all(Array.from({ length: Math.min(job.connections, job.amount) }, worker))
  result.finishedAt = Date.now()
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0)
  result.p50 = q(0.5)
  result.p99 = q(0.99)
  return result
}

process.once('message', (job: ProduceJob) => {
  produce(job).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (err) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1)),
  )
})
