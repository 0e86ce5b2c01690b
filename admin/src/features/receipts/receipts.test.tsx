// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReceiptDetail, ReceiptItem } from '../../../../sdk/contract/console/receipts'
import { renderWithProviders } from '../../testing/render'
import { createQueryClient } from '../../lib/query-client'
import { addRow, deleteRow, editRow, itemPatches, rowErrors, rowsFromItems } from './item-rows'

const nav = vi.hoisted(() => ({ navigate: vi.fn() }))
const found = vi.hoisted(() => ({ receipt: null as unknown, where: { program_id: null as number | null, receipt_id: 7 } }))
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useParams: () => ({ programId: 1, receiptId: 7 }),
  useNavigate: () => nav.navigate,
  Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a>,
}))
vi.mock('../../lib/use-program', () => ({
  useCurrentProgram: () => ({ program: { id: 1, name: 'Demo' }, permissions: [], can: () => true }),
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../components/ui/toast', () => ({ notify: toasts }))
const save = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }))
vi.mock('./api/receipts', async (original) => ({
  ...(await original<typeof import('./api/receipts')>()),
  useSaveReview: () => save,
  useEligibleProducts: () => ({ data: [{ id: 3, product_name: 'Oat milk', sku: 'OAT1', keywords: 'oat', points_per_cents: 0.1, product_active: true, created_at: '' }] }),
  useReceipt: () => found.receipt,
  locateReceipt: async () => found.where,
  useReceiptFile: () => ({ status: 'success', data: { url: '/file.jpg', content_type: 'image/jpeg', expires_at: '' } }),
}))

const { ReceiptReview, ReceiptReviewPage } = await import('./components/receipt-review-page')
const { NotFoundError } = await import('../../../../sdk/src/errors')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})
beforeEach(() => {
  vi.clearAllMocks()
  save.mutateAsync.mockResolvedValue({ success: true, message: 'Receipt has been updated successfully.' })
})

const item = (id: number, name: string, price: number): ReceiptItem => ({
  id,
  sku: null,
  name,
  quantity: 1,
  unit_price: price,
  price,
  eligible_product_id: null,
  eligible_product_name: null,
  matched_strategy: 'fuzzy',
  matched_keyword: null,
  match_confidence: 0.876,
  eligible: false,
  excluded: false,
  points: 0,
  admin_comments: null,
  patch_status: 'unchanged',
  created_at: '2026-01-01T00:00:00.000Z',
})

function detail(status: ReceiptDetail['receipt']['status']): ReceiptDetail {
  return {
    receipt: {
      id: 7,
      status,
      merchant_name: 'Fresh Mart',
      purchase_date: '2026-01-02',
      total_amount: 7.5,
      items_count: 2,
      points: 0,
      source: 'upload',
      participant: { id: 5, name: 'Ana Ruiz', email: 'ana@example.com' },
      tags: [],
      created_at: '2026-01-02T10:00:00.000Z',
      merchant_address: null,
      purchase_proof_merchant_id: null,
      program_id: 1,
      participant_id: 5,
      participant_points: 0,
      participant_completed_challenges: 0,
      files: [{ url: '/file.jpg', content_type: 'image/jpeg' }],
      processed_data: { provider: 'local', merchant: 'Fresh Mart', date: '2026-01-02', total_cents: 750, items: [], text: '', confidence: 0.5 },
      receipt_tags: [],
      open_receipt_issue_reports: 0,
      integrity: null,
      admin_marked_as_valid_at: null,
      admin_marked_as_invalid_at: null,
      admin_invalidation_reason: null,
      admin_invalidation_message: null,
      admin_comments: null,
      credited_points: 0,
      verified_at: null,
      external_id: null,
      confidence: 0.5,
      version: 4,
    },
    items: [item(11, 'Oat milk 1L', 4.5), item(12, 'Bread', 3)],
    reject_reasons_options: [{ value: 'duplicate', label: 'Duplicate receipt' }],
    merchant_options: [],
  }
}

describe('item rows (section 4 patch_status)', () => {
  it('creates new rows, marks edits updated unless created, drops deleted new rows and marks other deletions', () => {
    let rows = rowsFromItems([item(1, 'A', 1), item(2, 'B', 2)])
    expect(rows.map((r) => r.patch_status)).toEqual(['unchanged', 'unchanged'])
    rows = editRow(rows, rows[0]!.key, 'price', '1.5')
    rows = addRow(rows)
    const added = rows[2]!.key
    rows = editRow(rows, added, 'name', 'New')
    expect(rows.map((r) => r.patch_status)).toEqual(['updated', 'unchanged', 'created'])
    rows = deleteRow(rows, rows[1]!.key)
    rows = deleteRow(rows, added)
    expect(rows.map((r) => r.patch_status)).toEqual(['updated', 'deleted'])
    expect(itemPatches(rows)).toEqual([
      expect.objectContaining({ id: 1, patch_status: 'updated', price: '1.5' }),
      expect.objectContaining({ id: 2, patch_status: 'deleted' }),
    ])
  })

  it("says section 5's messages for a missing price and a row without name or sku, not for deleted rows", () => {
    let rows = addRow([])
    const key = rows[0]!.key
    expect(rowErrors(rows)[key]).toEqual({ price: 'Price must be greater than 0.', name: 'Either name or sku is required.' })
    rows = editRow(rows, key, 'price', '-1')
    rows = editRow(rows, key, 'sku', 'SKU1')
    expect(rowErrors(rows)[key]).toEqual({ price: 'Price must be greater than 0.' })
    rows = editRow(rows, key, 'price', '2')
    expect(rowErrors(rows)).toEqual({})
    const stored = rowsFromItems([item(1, '', 1)])
    expect(rowErrors(deleteRow(editRow(stored, stored[0]!.key, 'price', ''), stored[0]!.key))).toEqual({})
  })
})

describe('receipt review page', () => {
  const tab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 })

  it('requires an integrity choice for needs_human_review before saving', async () => {
    renderWithProviders(<ReceiptReview programId={1} detail={detail('needs_human_review')} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await screen.findByText('Choose whether the receipt is valid.')
    expect(toasts.error).toHaveBeenCalledWith('Error!', 'Please fill in all required fields.')
    expect(save.mutateAsync).not.toHaveBeenCalled()
    // Invalid needs a reason.
    fireEvent.click(screen.getByRole('radio', { name: 'Invalid' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await screen.findByText('Reason is required')
    expect(save.mutateAsync).not.toHaveBeenCalled()
  })

  it("stops on a row without price with the spec's messages, then saves edited, deleted and new rows as valid", async () => {
    renderWithProviders(<ReceiptReview programId={1} detail={detail('needs_human_review')} />)
    tab('Item Review')
    const first = screen.getByRole('listitem', { name: 'Item 1' })
    fireEvent.change(within(first).getByLabelText('Price'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Valid' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await within(first).findByText('Price must be greater than 0.')
    expect(toasts.error).toHaveBeenCalledWith('Error!', 'Please, fill the sku or name fields. The price is always required.')
    expect(save.mutateAsync).not.toHaveBeenCalled()

    fireEvent.change(within(first).getByLabelText('Price'), { target: { value: '5.25' } })
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Item 2' })).getByRole('button', { name: 'Delete item 2' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }))
    const added = screen.getByRole('listitem', { name: 'Item 3' })
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Coffee' } })
    fireEvent.change(within(added).getByLabelText('Price'), { target: { value: '2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await waitFor(() => expect(save.mutateAsync).toHaveBeenCalledTimes(1))
    const body = save.mutateAsync.mock.calls[0]![0]
    expect(body).toMatchObject({ integrity: 'valid', version: 4, merchant_name: 'Fresh Mart', total_amount: 7.5 })
    expect(body.receipt_items).toEqual([
      expect.objectContaining({ id: 11, patch_status: 'updated', price: '5.25' }),
      expect.objectContaining({ id: 12, patch_status: 'deleted' }),
      expect.objectContaining({ patch_status: 'created', name: 'Coffee', price: '2' }),
    ])
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Success!', 'Receipt has been updated successfully.'))
  })

  it('sends the save as section 7 says: PUT, multipart, the form fields and receipt_items[i][field] each with patch_status', async () => {
    renderWithProviders(<ReceiptReview programId={1} detail={detail('needs_human_review')} />)
    tab('Item Review')
    fireEvent.change(within(screen.getByRole('listitem', { name: 'Item 1' })).getByLabelText('Price'), { target: { value: '5.25' } })
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Item 2' })).getByRole('button', { name: 'Delete item 2' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }))
    const added = screen.getByRole('listitem', { name: 'Item 3' })
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Coffee' } })
    fireEvent.change(within(added).getByLabelText('Price'), { target: { value: '2' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Valid' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await waitFor(() => expect(save.mutateAsync).toHaveBeenCalledTimes(1))
    const body = save.mutateAsync.mock.calls[0]![0]

    // That body through the real useSaveReview, to a fake server.
    const { useSaveReview } = await vi.importActual<typeof import('./api/receipts')>('./api/receipts')
    document.head.innerHTML = '<meta name="csrf-token" content="test-token">'
    const sent: { method: string; path: string; headers: Headers; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        sent.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, headers: new Headers(init?.headers), body: init?.body })
        return new Response(JSON.stringify({ success: true, message: 'Receipt has been updated successfully.', receipt: detail('processed').receipt, items: [] }), { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    const queryClient = createQueryClient()
    const hook = renderHook(() => useSaveReview(1, 7), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> })
    await act(() => hook.result.current.mutateAsync(body))
    expect(sent).toHaveLength(1)
    const [request] = sent
    expect(request).toMatchObject({ method: 'PUT', path: '/admin/v2/programs/1/receipts/7' })
    expect(request!.body).toBeInstanceOf(FormData)
    // fetch writes the multipart content type (with its boundary) itself; the CSRF header goes along.
    expect(request!.headers.get('content-type')).toBeNull()
    expect(request!.headers.get('x-csrf-token')).toBe('test-token')
    const entries = [...(request!.body as FormData).entries()]
    expect(entries.every(([, v]) => typeof v === 'string')).toBe(true)
    expect(Object.fromEntries(entries)).toEqual({
      integrity: 'valid',
      admin_invalidation_reason: '',
      admin_invalidation_message: '',
      admin_comments: '',
      merchant_name: 'Fresh Mart',
      purchase_proof_merchant_id: '',
      purchase_date: '2026-01-02',
      total_amount: '7.5',
      version: '4',
      'receipt_items[0][id]': '11',
      'receipt_items[0][patch_status]': 'updated',
      'receipt_items[0][sku]': '',
      'receipt_items[0][name]': 'Oat milk 1L',
      'receipt_items[0][quantity]': '1',
      'receipt_items[0][price]': '5.25',
      'receipt_items[0][eligible_product_id]': '',
      'receipt_items[0][admin_comments]': '',
      'receipt_items[1][id]': '12',
      'receipt_items[1][patch_status]': 'deleted',
      'receipt_items[1][sku]': '',
      'receipt_items[1][name]': 'Bread',
      'receipt_items[1][quantity]': '1',
      'receipt_items[1][price]': '3',
      'receipt_items[1][eligible_product_id]': '',
      'receipt_items[1][admin_comments]': '',
      'receipt_items[2][patch_status]': 'created',
      'receipt_items[2][sku]': '',
      'receipt_items[2][name]': 'Coffee',
      'receipt_items[2][quantity]': '1',
      'receipt_items[2][price]': '2',
      'receipt_items[2][eligible_product_id]': '',
      'receipt_items[2][admin_comments]': '',
    })
  })

  it("shows the server's field errors of a refused save in the error toast", async () => {
    const { ValidationError } = await import('../../../../sdk/src/errors')
    save.mutateAsync.mockRejectedValueOnce(new ValidationError('Request failed', 422, 'validation_failed', undefined, undefined, { success: false, errors: { 'receipt_items[0][price]': 'Price must be greater than 0.' } }))
    renderWithProviders(<ReceiptReview programId={1} detail={detail('processed')} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Error!', ['receipt_items[0][price]: Price must be greater than 0.']))
  })

  it('zooms and rotates the receipt image and shows the OCR reading', () => {
    renderWithProviders(<ReceiptReview programId={1} detail={detail('processed')} />)
    const image = screen.getByRole('img', { name: 'Receipt image' })
    expect(image.getAttribute('data-zoom')).toBe('1')
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }))
    expect(image.getAttribute('data-zoom')).toBe('1.5')
    expect(image.getAttribute('data-rotation')).toBe('90')
    expect(screen.getByText('0.50')).toBeTruthy()
    tab('Item Review')
    expect(screen.getAllByText(/fuzzy · 0\.88/)).toHaveLength(2)
  })

  it("sends a receipt of another program to that program's receipts list, and a missing one back with 'Receipt not found'", async () => {
    found.receipt = { status: 'error', error: new NotFoundError('Receipt not found', 404, 'not_found', undefined, undefined, {}), refetch: vi.fn() }
    found.where = { program_id: 2, receipt_id: 7 }
    renderWithProviders(<ReceiptReviewPage />)
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith({ to: '/programs/$programId/receipts', params: { programId: 2 }, replace: true }))
    expect(toasts.error).not.toHaveBeenCalled()
    cleanup()
    nav.navigate.mockClear()
    found.where = { program_id: null, receipt_id: 7 }
    renderWithProviders(<ReceiptReviewPage />)
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith({ to: '/programs/$programId/receipts', params: { programId: 1 }, replace: true }))
    expect(toasts.error).toHaveBeenCalledWith('Receipt not found')
  })
})
