/**
 * The load generator of bench/api.ts, in its own process so that it does not share the server's
 * event loop: the parent forks it per target, sends one LoadJob over IPC and gets one LoadResult back.
 */
import autocannon from 'autocannon'

export type LoadJob = {
  url: string
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** Bearer tokens: each request takes the next one (wrapping around), so writes spread over participants. */
  tokens?: string[]
  /**
   * Reads: each connection cycles through the tokens with requests built once (as signed-in clients
   * repeat their calls), instead of autocannon building every request again through setupRequest,
   * which made the load generator, not the server, the limit of a signed-in read.
   */
  cycleTokens?: boolean
  /** Writes: a fresh `Idempotency-Key` header on every request (the server API requires one). */
  idempotencyKeys?: boolean
  duration: number
  connections: number
  /**
   * Seconds of unmeasured load first (JIT, caches, prepared statements). Writes take their tokens from
   * the front of the list and the measured run continues after them, so no participant of the measured
   * run has already written.
   */
  warmup: number
}

export type LoadResult = {
  rps: number
  total: number
  p50: number
  p99: number
  avgLatency: number
  maxLatency: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** Requests that took a token (more than tokens.length means some participants were reused). */
  tokensUsed: number
  /** Requests sent during the warm-up (not in the figures above). */
  warmupRequests: number
}

/** `start`: the first token to take (the ones before it went to the warm-up). `tokensUsed` counts from 0. */
function run(job: LoadJob, duration: number, start = 0): Promise<{ result: autocannon.Result; tokensUsed: number }> {
  let next = start
  const tokens = job.tokens ?? []
  const base = { method: job.method, path: job.path, ...(job.body !== undefined ? { body: job.body } : {}) }
  const withToken = (headers: object | undefined, token: string) => ({ ...headers, authorization: `Bearer ${token}` })
  const requests: autocannon.Request[] =
    job.cycleTokens && tokens.length
      ? tokens.map((token) => ({ ...base, headers: withToken(job.headers, token) }))
      : [
          {
            ...base,
            headers: job.headers ?? {},
            ...(tokens.length
              ? {
                  setupRequest: (req: autocannon.Request) => {
                    const headers = withToken(req.headers, tokens[next++ % tokens.length]!)
                    return { ...req, headers: job.idempotencyKeys ? { ...headers, 'idempotency-key': `bench-${process.pid}-${next}` } : headers }
                  },
                }
              : {}),
          },
        ]
  return new Promise((resolve, reject) => {
    autocannon(
      { url: job.url, connections: job.connections, duration, requests, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve({ result, tokensUsed: next })),
    )
  })
}

async function main(job: LoadJob): Promise<LoadResult> {
  const warm = job.warmup > 0 ? await run(job, job.warmup) : undefined
  const { result, tokensUsed } = await run(job, job.duration, warm?.tokensUsed ?? 0)
  const statusCodes: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (stat as { count: number }).count
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    avgLatency: result.latency.average,
    maxLatency: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    tokensUsed,
    warmupRequests: warm?.result.requests.total ?? 0,
  }
}

process.once('message', (job: LoadJob) => {
  main(job).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (err) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1)),
  )
})
