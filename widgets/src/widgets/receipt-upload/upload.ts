import type { ParticipantReceipt, ReceiptUploadResponse } from '../../../../sdk/contract/receipts'
import type { TesseraClient } from '../../../../sdk/src/index'
import { Transport } from '../../../../sdk/src/transport'

/** RECEIPT_FILE_FIELD of the contract (a plain string here: no zod in the widget's chunk). */
export const FILE_FIELD = 'file'

/**
 * A fetch that reports upload progress (0..1) through XMLHttpRequest, which fetch cannot do. Only what
 * the SDK's transport passes is supported: method, headers, a body, credentials and a signal.
 */
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(init.method ?? 'GET', String(input))
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value))
      xhr.withCredentials = init.credentials === 'include'
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
      }
      xhr.onload = () => {
        onProgress(1)
        const headers = new Headers()
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':')
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
        }
        resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }))
      }
      xhr.onerror = () => reject(new TypeError('Network error'))
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
      init.signal?.addEventListener('abort', () => xhr.abort())
      xhr.send((init.body as XMLHttpRequestBodyInit | null) ?? null)
    })
}

/**
 * POST /public/receipts with the file, through the participant's own client (its program key, token or
 * cookie and CSRF), reporting progress. A refused file throws the SDK's ValidationError naming `file`.
 */
export async function uploadReceipt(client: TesseraClient, file: File, onProgress: (fraction: number) => void): Promise<ParticipantReceipt> {
  const form = new FormData()
  form.set(FILE_FIELD, file, file.name)
  const transport = new Transport({ ...client.transport.options, sessionToken: client.transport.sessionToken, onSessionToken: undefined, fetch: progressFetch(onProgress) })
  const body = await transport.post<ReceiptUploadResponse>('/public/receipts', { form })
  return body.receipt
}

export async function fetchReceipt(client: TesseraClient, id: number): Promise<ParticipantReceipt> {
  return (await client.transport.get<{ receipt: ParticipantReceipt }>(`/public/receipts/${id}`)).receipt
}

/** The participant's receipts, newest first (GET /public/receipts). */
export async function fetchReceipts(client: TesseraClient): Promise<ParticipantReceipt[]> {
  return (await client.transport.get<{ data: ParticipantReceipt[] }>('/public/receipts')).data
}

/**
 * Statuses nothing moves on its own any more. The others still change: `pending` when the background
 * reader is done, `needs_human_review` and `review_requested` when the program's team decides.
 */
export const isFinal = (status: ParticipantReceipt['status']) => status === 'processed' || status === 'rejected' || status === 'no_eligible_items' || status === 'failed'

/** Asking again: every 2 s for the first minute (the reader takes seconds), then 1.5 x longer each time up to once a minute, for 30 minutes in all. */
export const POLL = { firstMs: 2000, fastTries: 30, factor: 1.5, maxMs: 60_000, forMs: 30 * 60_000 }

/** The wait before re-check number `attempt` (0-based), or null once the checks have run for POLL.forMs. */
export function pollDelay(attempt: number): number | null {
  let total = 0
  let delay = POLL.firstMs
  for (let i = 0; i <= attempt; i++) {
    delay = i < POLL.fastTries ? POLL.firstMs : Math.min(POLL.maxMs, delay * POLL.factor)
    total += delay
  }
  return total > POLL.forMs ? null : delay
}

/**
 * Runs `check` on the pollDelay schedule (first right away when `now`) until it answers true or the
 * schedule ends; a failed check counts as "not yet". Returns the function that stops it.
 */
export function follow(check: () => Promise<boolean>, now = false): () => void {
  let attempt = 0
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (!stopped) check().then((done) => done || next(), next)
  }
  const next = () => {
    const delay = pollDelay(attempt++)
    if (!stopped && delay !== null) timer = setTimeout(run, delay)
  }
  if (now) run()
  else next()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
