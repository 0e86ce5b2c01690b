import { ApiConnectionError, apiErrorFrom, retryAfterMs, type TesseraApiError } from './errors'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export type ServerClientOptions = {
  /** A program API key (`tsk_...`), created in the console under Settings, Integrations. Keep it on your server. */
  apiKey: string
  /** Your Tessera origin, e.g. `https://loyalty.example.com`. */
  baseUrl: string
  /** Another fetch (tests, proxies, instrumentation). Defaults to the global fetch. */
  fetch?: FetchLike
  /** Retries after a network error, a timeout, 429 or 5xx (never after another 4xx). Default 2. */
  maxRetries?: number
  /** Time allowed for each attempt, answer body included. Default 30,000 ms. */
  timeoutMs?: number
  /** Exponential backoff between retries: the first delay, doubled each retry up to the cap, with jitter. Defaults 500 ms and 8,000 ms. */
  backoff?: { initialDelayMs?: number; maxDelayMs?: number }
  /** A 429 whose `Retry-After` asks for longer than this is not retried. Default 60,000 ms. */
  maxRetryAfterMs?: number
}

/** Per call: your own idempotency key (an order id, to survive a crash between retries), abort, limits. */
export type CallOptions = {
  /** Sent as `Idempotency-Key` (POST only). Default: a fresh random UUID per call, reused by its own retries. */
  idempotencyKey?: string
  signal?: AbortSignal
  timeoutMs?: number
  maxRetries?: number
}

type Scalar = string | number | boolean
type Query = Record<string, Scalar | readonly Scalar[] | undefined | null>
export type HttpRequest = { method: 'GET' | 'POST'; path: string; query?: Query | undefined; body?: unknown }

/** A random v4 UUID from WebCrypto (randomUUID is missing on insecure browser origins). */
export function randomIdempotencyKey(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return { error: { message: text.slice(0, 500) } }
  }
}

/**
 * The server client's one way to call `/api/v1`: the key, JSON, an `Idempotency-Key` on every POST
 * (the same on each of its retries, so a retry can never apply a write twice), a timeout per attempt,
 * and retries with exponential backoff and jitter after network errors, timeouts, 429 (after
 * `Retry-After`) and 5xx. Other 4xx answers throw their typed error at once.
 */
export class Http {
  private readonly base: string
  private readonly doFetch: FetchLike
  constructor(private readonly options: ServerClientOptions) {
    if (!options.apiKey) throw new TypeError('createServerClient: apiKey is required')
    if (!options.baseUrl) throw new TypeError('createServerClient: baseUrl is required')
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`
    // The global fetch is looked up per call (tests and polyfills may replace it) and never called unbound.
    this.doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  }

  private delayMs(retry: number): number {
    const initial = this.options.backoff?.initialDelayMs ?? 500
    const cap = this.options.backoff?.maxDelayMs ?? 8_000
    const exp = Math.min(cap, initial * 2 ** retry)
    // "Equal jitter": half fixed, half random, so parallel clients spread out but never retry at once.
    return exp / 2 + Math.random() * (exp / 2)
  }

  async request<T>(req: HttpRequest, call: CallOptions = {}): Promise<T> {
    const url = new URL(`${this.base}${req.path}`)
    for (const [k, v] of Object.entries(req.query ?? {})) {
      // Arrays the Stripe way: `expand[]=participant&expand[]=reward`.
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(`${k}[]`, String(item))
      else if (v !== undefined && v !== null) url.searchParams.set(k, String(v))
    }
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${this.options.apiKey}` }
    if (req.method === 'POST') headers['idempotency-key'] = call.idempotencyKey ?? randomIdempotencyKey()
    let body: string | undefined
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(req.body)
    }
    const maxRetries = Math.max(0, call.maxRetries ?? this.options.maxRetries ?? 2)
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs ?? 30_000
    const maxRetryAfter = this.options.maxRetryAfterMs ?? 60_000
    for (let attempt = 1; ; attempt++) {
      const canRetry = attempt <= maxRetries
      let failure: TesseraApiError
      let wait: number | undefined
      const controller = new AbortController()
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, timeoutMs)
      const onAbort = () => controller.abort(call.signal!.reason)
      call.signal?.addEventListener('abort', onAbort, { once: true })
      try {
        if (call.signal?.aborted) throw call.signal.reason
        // Raced as well as passed on: a fetch that ignores its signal still cannot outlive the timeout.
        const aborted = new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }))
        aborted.catch(() => {})
        const res = await Promise.race([this.doFetch(url.toString(), { method: req.method, headers, ...(body !== undefined ? { body } : {}), signal: controller.signal }), aborted])
        const text = await Promise.race([res.text(), aborted])
        if (res.ok) return parseJson(text) as T
        failure = apiErrorFrom(res.status, parseJson(text), res.headers)
        if (res.status === 429 || res.status >= 500) {
          const after = retryAfterMs(res.headers)
          if (after === undefined) wait = this.delayMs(attempt - 1)
          else if (after <= maxRetryAfter) wait = after
        }
      } catch (err) {
        // The caller's own abort is final; everything else that left no answer may be retried.
        if (call.signal?.aborted) throw call.signal.reason
        const message = timedOut ? `No answer from ${url.origin} within ${timeoutMs} ms` : `Could not reach ${url.origin}: ${(err as Error)?.message ?? String(err)}`
        failure = new ApiConnectionError(message, 0, timedOut ? 'timeout' : 'connection_error', undefined, undefined, {}, 'connection')
        ;(failure as { cause?: unknown }).cause = err
        wait = this.delayMs(attempt - 1)
      } finally {
        clearTimeout(timer)
        call.signal?.removeEventListener('abort', onAbort)
      }
      if (!canRetry || wait === undefined) {
        failure.attempts = attempt
        throw failure
      }
      await sleep(wait, call.signal)
    }
  }
}
