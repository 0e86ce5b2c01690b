import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type ConsoleReceipt,
  type EligibleProduct,
  type EligibleProductList,
  type PurchaseProofListQuery,
  type PurchaseProofMerchant,
  type PurchaseProofMerchantList,
  type PurchaseProofSettings,
  type PurchaseProofSettingsWrite,
  type ReceiptDetail,
  type ReceiptFileLink,
  type ReceiptItem,
  type ReceiptList,
  type ReceiptListQuery,
  type ReceiptLocation,
  type ReceiptParticipantHistory,
  type ReceiptReview,
  type ReceiptReviewResult,
  type ReceiptRow,
  type ReceiptStatus,
  receiptStatuses,
  type ReceiptUpdateLog,
} from '../../../../../sdk/contract/console/receipts'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient, api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ConsoleReceipt, EligibleProduct, PurchaseProofMerchant, PurchaseProofSettings, ReceiptDetail, ReceiptItem, ReceiptRow, ReceiptStatus, ReceiptUpdateLog }

export const receiptsBase = (programId: number) => `/admin/v2/programs/${programId}/receipts`
export const receiptsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'receipts', ...parts)
export const purchaseProofBase = (programId: number, kind: 'products' | 'merchants') => `/admin/v2/programs/${programId}/purchase_proof_${kind}`

const isStatus = (v: string | undefined): v is ReceiptStatus => receiptStatuses.includes(v as ReceiptStatus)
const isDate = (v: string | undefined): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v))

/** The list's URL state as GET .../receipts reads it: status, tag and upload-date filters (bad values dropped). */
export function receiptListQuery(state: TableState): ReceiptListQuery & Record<string, string | number> {
  const { status, tag, date_from, date_to } = state.filters
  return {
    page: state.page,
    per_page: state.per_page,
    ...(isStatus(status) ? { status } : {}),
    ...(tag?.trim() ? { tag: tag.trim() } : {}),
    ...(isDate(date_from) ? { date_from } : {}),
    ...(isDate(date_to) ? { date_to } : {}),
  }
}

export async function fetchReceipts(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ReceiptRow>> {
  const page = await api.get<ReceiptList>(receiptsBase(programId), receiptListQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export function useReceipt(programId: number, receiptId: number) {
  return useQuery({
    queryKey: receiptsKey(programId, receiptId),
    queryFn: ({ signal }) => api.get<ReceiptDetail>(`${receiptsBase(programId)}/${receiptId}`, undefined, signal),
    retry: false,
  })
}

/** The uploaded file through a short-lived signed link (fetched when the viewer shows). */
export function useReceiptFile(programId: number, receiptId: number, enabled: boolean) {
  return useQuery({
    queryKey: receiptsKey(programId, receiptId, 'file'),
    queryFn: ({ signal }) => api.get<ReceiptFileLink>(`${receiptsBase(programId)}/${receiptId}/file`, undefined, signal),
    enabled,
    staleTime: 60_000,
  })
}

export function useReceiptLogs(programId: number, receiptId: number) {
  return useQuery({
    queryKey: receiptsKey(programId, receiptId, 'logs'),
    queryFn: async ({ signal }) => (await api.get<{ data: ReceiptUpdateLog[] }>(`${receiptsBase(programId)}/${receiptId}/receipt_update_logs`, undefined, signal)).data,
  })
}

export function useReceiptParticipantHistory(programId: number, receiptId: number) {
  return useQuery({
    queryKey: receiptsKey(programId, receiptId, 'participant_history'),
    queryFn: ({ signal }) => api.get<ReceiptParticipantHistory>(`${receiptsBase(programId)}/${receiptId}/participant_history`, undefined, signal),
  })
}

/** GET /admin/v2/receipts/{id}: the receipt's program (null when missing or not the admin's to view). */
export const locateReceipt = (receiptId: number) => api.get<ReceiptLocation>(`/admin/v2/receipts/${receiptId}`)

/** A form value: left out when undefined, null as '' (the server reads '' as no value), numbers as text. */
function setField(form: FormData, name: string, value: string | number | null | undefined) {
  if (value !== undefined) form.set(name, value === null ? '' : String(value))
}

/**
 * The review save as section 7 sends it: multipart, the form fields and receipt_items[i][field] for
 * each row, each with its patch_status. No rows, no receipt_items keys (the server reads none).
 */
export function reviewForm(body: ReceiptReview): FormData {
  const form = new FormData()
  const { receipt_items: items = [], ...fields } = body
  for (const [name, value] of Object.entries(fields)) setField(form, name, value as string | number | null | undefined)
  items.forEach((item, i) => {
    for (const [name, value] of Object.entries(item)) setField(form, `receipt_items[${i}][${name}]`, value as string | number | null | undefined)
  })
  return form
}

export function useSaveReview(programId: number, receiptId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ReceiptReview) => adminClient().transport.request<ReceiptReviewResult>('PUT', `${receiptsBase(programId)}/${receiptId}`, { form: reviewForm(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptsKey(programId) }),
  })
}

export function useSubmitIssue(programId: number, receiptId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (description: string) => api.post<{ success: true }>(`${receiptsBase(programId)}/${receiptId}/issue_reports`, { description }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptsKey(programId, receiptId) }),
  })
}

const settingsPath = (programId: number) => `/admin/v2/programs/${programId}/purchase_proof_program_setting`

export function usePurchaseProofSettings(programId: number) {
  return useQuery({
    queryKey: programKey(programId, 'purchase_proof', 'settings'),
    queryFn: async ({ signal }) => (await api.get<{ data: PurchaseProofSettings }>(settingsPath(programId), undefined, signal)).data,
  })
}

export function useSavePurchaseProofSettings(programId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PurchaseProofSettingsWrite) => (await api.put<{ data: PurchaseProofSettings }>(settingsPath(programId), body)).data,
    onSuccess: (data) => queryClient.setQueryData(programKey(programId, 'purchase_proof', 'settings'), data),
  })
}

const listQuery = (state: TableState): PurchaseProofListQuery & Record<string, string | number> => ({ page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}) })

export async function fetchProducts(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<EligibleProduct>> {
  const page = await api.get<EligibleProductList>(purchaseProofBase(programId, 'products'), listQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export async function fetchMerchants(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<PurchaseProofMerchant>> {
  const page = await api.get<PurchaseProofMerchantList>(purchaseProofBase(programId, 'merchants'), listQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

/** All active eligible products for the item rows' product picker (the list's largest page). */
export function useEligibleProducts(programId: number) {
  return useQuery({
    queryKey: programKey(programId, 'purchase_proof', 'products', 'options'),
    queryFn: async ({ signal }) => (await api.get<EligibleProductList>(purchaseProofBase(programId, 'products'), { per_page: 50 }, signal)).data,
  })
}
