import { createAdminClient, type TesseraAdminClient } from '../../../sdk/src/index'
import type { RequestOptions } from '../../../sdk/src/transport'

let client: TesseraAdminClient | undefined

/** One console client per page: same-origin cookie session, CSRF header from the meta tag. */
export function adminClient(): TesseraAdminClient {
  client ??= createAdminClient()
  return client
}

type Query = RequestOptions['query']

/**
 * Plain JSON calls for console endpoints the SDK has no resource method for yet. Non-2xx answers
 * throw the SDK's typed errors (AuthenticationError, PermissionError, ValidationError...).
 * @example const page = await api.get<{ data: Row[] }>(`/admin/v2/programs/${id}/participants`, { page: 2 })
 */
export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    adminClient().transport.request<T>('GET', path, { query, ...(signal ? { signal } : {}) }),
  post: <T>(path: string, json?: unknown) => adminClient().transport.request<T>('POST', path, { json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => adminClient().transport.request<T>('PUT', path, { json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) => adminClient().transport.request<T>('PATCH', path, { json: json ?? {} }),
  delete: <T>(path: string) => adminClient().transport.request<T>('DELETE', path),
}
