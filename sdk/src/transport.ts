import { CSRF_HEADER, PROGRAM_KEY_HEADER, SESSION_MODE_HEADER } from '../contract/paths'
import { errorFromBody } from './errors'

export type TransportOptions = {
  /** API origin, e.g. https://demo.tessera.app. Empty for same-origin pages. */
  baseUrl?: string
  /** The program's public key; sent as X-Program-Key. */
  programKey?: string
  /**
   * 'cookie' (same-origin pages: session cookie + CSRF token) or 'token' (SDK, embedded widgets:
   * bearer token, no cookies, no CSRF).
   */
  auth?: 'cookie' | 'token'
  /** Initial session token for token auth. */
  sessionToken?: string | null
  /** Called when the session token changes (sign-in, sign-out) so the caller can persist it. */
  onSessionToken?: (token: string | null) => void
  /** CSRF token for cookie auth; read from <meta name="csrf-token"> when omitted. */
  csrfToken?: string
  fetch?: typeof fetch
  /**
   * Rewrites values of every JSON answer as it is parsed (JSON.parse's reviver): the embedded widgets
   * make media paths absolute on the Tessera origin for a partner's page.
   */
  reviver?: (key: string, value: unknown) => unknown
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>
  json?: unknown
  form?: FormData | URLSearchParams
  idempotencyKey?: string
  signal?: AbortSignal
}

const readMetaCsrf = () =>
  typeof document !== 'undefined' ? (document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? undefined) : undefined

/** A random idempotency key for writes that may be retried. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

/** fetch with the program key, auth, CSRF, JSON and typed errors in one place. */
export class Transport {
  private token: string | null
  private csrf: string | undefined
  constructor(readonly options: TransportOptions = {}) {
    this.token = options.sessionToken ?? null
    this.csrf = options.csrfToken
  }

  get sessionToken() {
    return this.token
  }

  setSessionToken(token: string | null) {
    this.token = token
    this.options.onSessionToken?.(token)
  }

  private async csrfToken(): Promise<string | undefined> {
    this.csrf ??= readMetaCsrf()
    if (!this.csrf) {
      const res = await this.raw('GET', '/public/csrf', {})
      this.csrf = ((await res.json()) as { csrf_token: string }).csrf_token
    }
    return this.csrf
  }

  private async raw(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const url = new URL(path, this.options.baseUrl || (typeof location !== 'undefined' ? location.origin : 'http://localhost'))
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
    const headers = new Headers({ accept: 'application/json' })
    if (this.options.programKey) headers.set(PROGRAM_KEY_HEADER, this.options.programKey)
    const tokenMode = this.options.auth === 'token'
    if (tokenMode) {
      headers.set(SESSION_MODE_HEADER, 'token')
      if (this.token) headers.set('authorization', `Bearer ${this.token}`)
    } else if (method !== 'GET' && method !== 'HEAD') {
      const csrf = await this.csrfToken()
      if (csrf) headers.set(CSRF_HEADER, csrf)
    }
    if (opts.idempotencyKey) headers.set('idempotency-key', opts.idempotencyKey)
    let body: BodyInit | undefined
    if (opts.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(opts.json)
    } else if (opts.form) body = opts.form
    const doFetch = this.options.fetch ?? fetch
    return doFetch(url.toString(), {
      method,
      headers,
      body: body ?? null,
      credentials: tokenMode ? 'omit' : 'same-origin',
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
  }

  /** Sends a request; non-2xx answers throw the typed error for their code. */
  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, opts)
    const text = await res.text()
    let data: unknown = undefined
    try {
      data = text ? JSON.parse(text, this.options.reviver) : undefined
    } catch {
      data = { message: text }
    }
    if (!res.ok) throw errorFromBody(res.status, (data ?? {}) as Record<string, unknown>)
    return data as T
  }

  /**
   * Sends a request and answers the Response itself, for downloads read as a stream (a CSV export
   * with progress); non-2xx answers throw the typed error for their code, as request() does.
   */
  async response(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    const res = await this.raw(method, path, opts)
    if (res.ok) return res
    const text = await res.text()
    let data: unknown
    try {
      data = text ? JSON.parse(text) : {}
    } catch {
      data = { message: text }
    }
    throw errorFromBody(res.status, data as Record<string, unknown>)
  }

  get<T>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts)
  }
  post<T>(path: string, opts?: RequestOptions) {
    return this.request<T>('POST', path, opts)
  }
}
