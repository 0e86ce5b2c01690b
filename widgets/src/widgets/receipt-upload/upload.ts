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

/** Statuses that still move on their own (the background reader, or a reviewer, decides). */
export const isSettled = (status: ParticipantReceipt['status']) => status !== 'pending'
