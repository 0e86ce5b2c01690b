// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RECEIPT_FILE_FIELD, RECEIPT_LIMITS, receiptAccept, type ParticipantReceipt } from '../../../../sdk/contract/receipts'
import type { TesseraClient } from '../../../../sdk/src/index'
import { CLIENT_MAX_SIDE, fitWithin } from './downscale'

const api = vi.hoisted(() => ({ uploadReceipt: vi.fn(), fetchReceipt: vi.fn() }))
vi.mock('./upload', async (original) => ({ ...(await original<typeof import('./upload')>()), ...api }))
const { ReceiptUpload, receiptStatusText } = await import('./receipt-upload')
const { FILE_FIELD } = await import('./upload')

const receipt = (over: Partial<ParticipantReceipt> = {}): ParticipantReceipt => ({
  id: 31,
  status: 'pending',
  merchant_name: null,
  purchase_date: null,
  total_amount: null,
  items_count: 0,
  points: 0,
  reason: null,
  message: null,
  file_url: null,
  content_type: 'image/jpeg',
  created_at: '2026-01-01T00:00:00.000Z',
  verified_at: null,
  ...over,
})

let container: HTMLElement
beforeEach(() => {
  vi.useFakeTimers()
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => {
  render(null, container)
  container.remove()
  vi.useRealTimers()
  vi.clearAllMocks()
})

const flush = async () => {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

function pick(label: string, file: File) {
  const input = [...container.querySelectorAll('label')].find((l) => l.textContent?.includes(label))!.querySelector('input')!
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  input.dispatchEvent(new Event('change'))
}

describe('downscale', () => {
  it('fits the long side within the contract limit, never enlarging', () => {
    expect(CLIENT_MAX_SIDE).toBe(RECEIPT_LIMITS.clientMaxSide)
    expect(FILE_FIELD).toBe(RECEIPT_FILE_FIELD)
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 })
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 })
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
  })
})

describe('<ReceiptUpload>', () => {
  it('uploads a chosen file with progress, says it is being checked, then shows the points once processed', async () => {
    const onSettled = vi.fn()
    api.uploadReceipt.mockImplementation(async (_client: unknown, _file: File, progress: (f: number) => void) => {
      progress(0.5)
      return receipt()
    })
    api.fetchReceipt.mockResolvedValueOnce(receipt()).mockResolvedValueOnce(receipt({ status: 'processed', points: 40, merchant_name: 'Fresh Mart' }))
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} pointsWord="stars" onSettled={onSettled} />, container))
    const chooser = [...container.querySelectorAll('input[type=file]')] as HTMLInputElement[]
    expect(chooser.map((i) => i.getAttribute('accept'))).toEqual(['image/*', receiptAccept])
    expect(chooser[0]!.getAttribute('capture')).toBe('environment')

    const file = new File(['x'], 'receipt.pdf', { type: 'application/pdf' })
    pick('Choose a file', file)
    await flush()
    expect(api.uploadReceipt).toHaveBeenCalledWith(expect.anything(), file, expect.any(Function))
    const status = container.querySelector('[role=status]')!
    expect(status.textContent).toContain("We're checking your receipt")

    await act(async () => {
      vi.advanceTimersByTime(2000)
    })
    await flush()
    expect(status.textContent).toContain("We're checking your receipt")
    await act(async () => {
      vi.advanceTimersByTime(2000)
    })
    await flush()
    expect(status.textContent).toContain('Receipt processed: +40 stars')
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ status: 'processed' }))
  })

  it("shows the server's reason when a file is refused", async () => {
    api.uploadReceipt.mockRejectedValue(Object.assign(new Error('file: is not a JPEG, PNG, HEIC or PDF file'), { fields: { file: 'is not a JPEG, PNG, HEIC or PDF file' } }))
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} />, container))
    pick('Choose a file', new File(['<html>'], 'fake.png', { type: 'image/png' }))
    await flush()
    expect(container.querySelector('[role=status]')!.textContent).toContain('is not a JPEG, PNG, HEIC or PDF file')
  })

  it('words each status for the participant', () => {
    expect(receiptStatusText(receipt({ status: 'needs_human_review' })).title).toBe("We're checking your receipt")
    expect(receiptStatusText(receipt({ status: 'processed', points: 12 })).title).toBe('Receipt processed: +12 points')
    expect(receiptStatusText(receipt({ status: 'rejected', reason: 'duplicate', message: 'Sorry.' }))).toEqual({
      tone: 'error',
      title: 'Your receipt was rejected',
      detail: 'This receipt was already submitted. Sorry.',
    })
  })
})
