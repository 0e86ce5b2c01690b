import { useQuery } from '@tanstack/react-query'
import { type FormResult, formResultSchema } from '../../../../../sdk/contract/console/forms'
import type {
  ApiKeyList,
  ApiKeyRequest,
  ApiKeyRequestList,
  ApiKeyRow,
  ApiKeyUpdate,
  AptosSettings,
  OffersRewardSettings,
  PhotoContestSettings,
  SocialNetworkPageList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookRow,
} from '../../../../../sdk/contract/console/integrations'
import { TesseraError, ValidationError } from '../../../../../sdk/src/errors'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ApiKeyRequest, ApiKeyRow, AptosSettings, OffersRewardSettings, PhotoContestSettings, WebhookDelivery, WebhookRow }

export const integrationsBase = (programId: number) => `/admin/v2/programs/${programId}`
export const integrationsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'integrations', ...parts)

/**
 * Writes settings and answers the form result: a refusal with { success, errors } (a 422 naming the
 * fields) is a result for the form, not an exception.
 */
export async function sendSettings<T = unknown>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<FormResult & { data?: T }> {
  try {
    const answer = method === 'POST' ? await api.post<unknown>(path, body) : method === 'PUT' ? await api.put<unknown>(path, body) : await api.patch<unknown>(path, body)
    return formResultSchema.parse(answer) as FormResult & { data?: T }
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data as FormResult & { data?: T }
    if (error instanceof ValidationError && error.fields) return { success: false, errors: error.fields }
    throw error
  }
}

/** A settings read: `{ data }` of GET .../{section}. */
export function useIntegrationSettings<T>(programId: number, section: 'offers_reward' | 'photo_contest' | 'aptos') {
  return useQuery({
    queryKey: integrationsKey(programId, section),
    queryFn: async ({ signal }) => (await api.get<{ data: T }>(`${integrationsBase(programId)}/${section}`, undefined, signal)).data,
    staleTime: 0,
  })
}

export function useSocialNetworkPages(programId: number) {
  return useQuery({
    queryKey: integrationsKey(programId, 'social_network_pages'),
    queryFn: async ({ signal }) => (await api.get<SocialNetworkPageList>(`${integrationsBase(programId)}/social_network_pages`, undefined, signal)).data,
  })
}

const pageQuery = (state: TableState) => ({ page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}) })

export async function fetchApiKeys(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ApiKeyRow>> {
  const page = await api.get<ApiKeyList>(`${integrationsBase(programId)}/api_auths`, { page: state.page, per_page: state.per_page }, signal)
  return { rows: page.data, total: page.meta.total }
}

/** A key's server API calls, newest first: one page (`page`, `per_page`). */
export async function fetchApiKeyRequests(
  programId: number,
  keyId: number,
  page: { page: number; per_page: number },
  signal: AbortSignal,
): Promise<TablePage<ApiKeyRequest> & { retentionDays: number }> {
  const answer = await api.get<ApiKeyRequestList>(`${integrationsBase(programId)}/api_auths/${keyId}/requests`, page, signal)
  return { rows: answer.data, total: answer.meta.total, retentionDays: answer.retention_days }
}

/** A key's new rate (PATCH .../api_auths/{id}): the updated row, or the form result naming the field. */
export const updateApiKeyRateLimit = (programId: number, keyId: number, body: ApiKeyUpdate) =>
  sendSettings<ApiKeyRow>('PATCH', `${integrationsBase(programId)}/api_auths/${keyId}`, body)

export async function fetchWebhooks(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<WebhookRow>> {
  const page = await api.get<WebhookList>(`${integrationsBase(programId)}/webhooks`, pageQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export function useWebhook(programId: number, webhookId: number) {
  return useQuery({
    queryKey: integrationsKey(programId, 'webhooks', webhookId),
    queryFn: async ({ signal }) => (await api.get<{ data: WebhookRow }>(`${integrationsBase(programId)}/webhooks/${webhookId}`, undefined, signal)).data,
    staleTime: 0,
    gcTime: 0,
  })
}

/** A webhook's delivery log, newest first, one page of 10. */
export function useWebhookDeliveries(programId: number, webhookId: number, page: number) {
  return useQuery({
    queryKey: integrationsKey(programId, 'webhooks', webhookId, 'deliveries', page),
    queryFn: async ({ signal }) => api.get<WebhookDeliveryList>(`${integrationsBase(programId)}/webhooks/${webhookId}/deliveries`, { page, per_page: 10 }, signal),
    staleTime: 0,
  })
}

/** Test-send, resend and enable: `{ data }` of the POST. */
export async function postWebhookAction<T>(programId: number, path: string): Promise<T> {
  return (await api.post<{ data: T }>(`${integrationsBase(programId)}/webhooks/${path}`, {})).data
}
