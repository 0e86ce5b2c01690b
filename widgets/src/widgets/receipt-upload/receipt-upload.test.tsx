// @vitest-environment happy-dom
import { render } from 'preact'
import { act } from 'preact/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RECEIPT_FILE_FIELD, RECEIPT_LIMITS, receiptAccept, type ParticipantReceipt } from '../../../../sdk/contract/receipts'
import type { TesseraClient } from '../../../../sdk/src/index'
import { CLIENT_MAX_SIDE, fitWithin } from './downscale'

const api = vi.hoisted(() => ({ uploadReceipt: vi.fn(), fetchReceipt: vi.fn(), fetchReceipts: vi.fn() }))
vi.mock('./upload', async (original) => ({ ...(await original<typeof import('./upload')>()), ...api }))
const { ReceiptUpload, receiptShortStatus, receiptStatusText } = await import('./receipt-upload')
const { FILE_FIELD, follow, isFinal, POLL, pollDelay } = await import('./upload')

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
  api.fetchReceipts.mockResolvedValue([])
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => {
  render(null, container)
  container.remove()
  vi.useRealTimers()
  vi.resetAllMocks()
})

const flush = async () => {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

const wait = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  await flush()
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

describe('receipt status follow-up', () => {
  it('knows which statuses are final: a reviewed receipt is still open', () => {
    expect(['processed', 'rejected', 'no_eligible_items', 'failed'].every((s) => isFinal(s as ParticipantReceipt['status']))).toBe(true)
    expect(['pending', 'needs_human_review', 'review_requested'].some((s) => isFinal(s as ParticipantReceipt['status']))).toBe(false)
  })

  it('asks every 2 s for a minute, then backs off to once a minute, and stops after 30 minutes', () => {
    const delays: number[] = []
    for (let i = 0; pollDelay(i) !== null; i++) delays.push(pollDelay(i)!)
    expect(delays.slice(0, POLL.fastTries)).toEqual(Array<number>(POLL.fastTries).fill(2000))
    expect(delays[POLL.fastTries]).toBe(3000)
    expect(delays[POLL.fastTries + 1]).toBe(4500)
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!)
    expect(Math.max(...delays)).toBe(60_000)
    const total = delays.reduce((a, b) => a + b, 0)
    expect(total).toBeLessThanOrEqual(POLL.forMs)
    expect(total + 60_000).toBeGreaterThan(POLL.forMs)
  })

  it('follows until the check answers true, through failures, and no longer once stopped or past the schedule', async () => {
    const answers = [false, 'fail', false, true]
    const check = vi.fn(async () => {
      const a = answers.shift()
      if (a === 'fail') throw new Error('offline')
      return a as boolean
    })
    follow(check)
    for (let i = 0; i < 10; i++) await wait(2000)
    expect(check).toHaveBeenCalledTimes(4)

    const never = vi.fn(async () => false)
    const stop = follow(never, true)
    await flush()
    expect(never).toHaveBeenCalledTimes(1)
    await wait(POLL.forMs + 120_000)
    const calls = never.mock.calls.length
    expect(calls).toBeGreaterThan(POLL.fastTries)
    await wait(10 * 60_000)
    expect(never).toHaveBeenCalledTimes(calls)
    stop()

    const stopped = vi.fn(async () => false)
    follow(stopped)()
    await wait(60_000)
    expect(stopped).not.toHaveBeenCalled()
  })

  it('words each earlier receipt in one line', () => {
    expect(receiptShortStatus(receipt({ status: 'processed', points: 40 }), 'stars')).toBe('+40 stars')
    expect(receiptShortStatus(receipt({ status: 'pending' }))).toBe('Being read')
    expect(receiptShortStatus(receipt({ status: 'needs_human_review' }))).toBe('Being checked by our team')
    expect(receiptShortStatus(receipt({ status: 'review_requested' }))).toBe('Being checked by our team')
    expect(receiptShortStatus(receipt({ status: 'rejected', reason: 'Duplicate receipt', message: 'Sent twice.' }))).toBe('Rejected: Duplicate receipt Sent twice.')
    expect(receiptShortStatus(receipt({ status: 'rejected' }))).toBe('Rejected')
    expect(receiptShortStatus(receipt({ status: 'failed' }))).toBe("We couldn't read this receipt")
  })
})

describe('<ReceiptUpload>', () => {
  it('keeps following a receipt sent to human review and shows the decision: processed with points', async () => {
    const onSettled = vi.fn()
    api.uploadReceipt.mockResolvedValue(receipt())
    const review = receipt({ status: 'needs_human_review', reason: 'Possible duplicate' })
    api.fetchReceipt.mockResolvedValueOnce(review).mockResolvedValue(review)
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} pointsWord="stars" onSettled={onSettled} />, container))
    pick('Choose a file', new File(['x'], 'receipt.pdf', { type: 'application/pdf' }))
    await flush()
    const status = container.querySelector('[role=status]')!
    await wait(2000)
    expect(status.textContent).toContain("We're checking your receipt")
    expect(status.textContent).toContain('Our team is checking it; we will credit your stars once it is approved.')
    expect(onSettled).not.toHaveBeenCalled()

    // The team takes its time: the widget asks less and less often, and still shows the review.
    for (let i = 0; i < 40; i++) await wait(2000)
    const asked = api.fetchReceipt.mock.calls.length
    expect(asked).toBeGreaterThan(20)
    expect(asked).toBeLessThan(41)
    expect(status.textContent).toContain('Our team is checking it')

    api.fetchReceipt.mockResolvedValue(receipt({ status: 'processed', points: 40, merchant_name: 'Fresh Mart' }))
    await wait(60_000)
    expect(status.textContent).toContain('Receipt processed: +40 stars')
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ status: 'processed' }))
    // Final: no more questions.
    const done = api.fetchReceipt.mock.calls.length
    await wait(10 * 60_000)
    expect(api.fetchReceipt).toHaveBeenCalledTimes(done)
  })

  it('shows a rejection after review with its reason', async () => {
    api.uploadReceipt.mockResolvedValue(receipt({ status: 'needs_human_review' }))
    api.fetchReceipt.mockResolvedValue(receipt({ status: 'rejected', reason: 'Duplicate receipt', message: 'You sent this one before.' }))
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} />, container))
    pick('Choose a file', new File(['x'], 'receipt.pdf', { type: 'application/pdf' }))
    await flush()
    expect(container.querySelector('[role=status]')!.textContent).toContain("We're checking your receipt")
    await wait(2000)
    expect(container.querySelector('[role=status]')!.textContent).toContain('Your receipt was rejected')
    expect(container.querySelector('[role=status]')!.textContent).toContain('Duplicate receipt You sent this one before.')
  })

  it('lists the latest receipts on mount with their outcome, following an open one until it is decided', async () => {
    const onSettled = vi.fn()
    const open = receipt({ id: 3, status: 'needs_human_review', merchant_name: 'Harbor Coffee' })
    api.fetchReceipts.mockResolvedValue([open, receipt({ id: 2, status: 'processed', points: 25, merchant_name: 'Fresh Mart' }), receipt({ id: 1, status: 'rejected', reason: 'Duplicate receipt' })])
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} pointsWord="stars" onSettled={onSettled} />, container))
    await flush()
    const list = container.querySelector('ul[aria-labelledby=tw-receipt-list-title]')!
    expect(container.querySelector('#tw-receipt-list-title')!.textContent).toBe('Your receipts')
    const lines = () => [...list.querySelectorAll('li')].map((li) => li.lastElementChild!.textContent)
    expect(lines()).toEqual(['Being checked by our team', '+25 stars', 'Rejected: Duplicate receipt'])
    expect(list.querySelector('li')!.textContent).toContain('Harbor Coffee')

    api.fetchReceipts.mockResolvedValue([{ ...open, status: 'processed', points: 60 }, receipt({ id: 2, status: 'processed', points: 25 }), receipt({ id: 1, status: 'rejected', reason: 'Duplicate receipt' })])
    await wait(2000)
    expect(lines()).toEqual(['+60 stars', '+25 stars', 'Rejected: Duplicate receipt'])
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ id: 3, status: 'processed' }))
    const calls = api.fetchReceipts.mock.calls.length
    await wait(10 * 60_000)
    expect(api.fetchReceipts).toHaveBeenCalledTimes(calls)
  })

  it('lists nothing, and asks once, when every receipt is final or there are none', async () => {
    await act(async () => render(<ReceiptUpload client={{} as TesseraClient} />, container))
    await flush()
    expect(container.querySelector('#tw-receipt-list-title')).toBeNull()
    await wait(60_000)
    expect(api.fetchReceipts).toHaveBeenCalledTimes(1)
  })

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
    expect(receiptStatusText(receipt({ status: 'review_requested' }), 'stars').detail).toBe('Our team is checking it; we will credit your stars once it is approved.')
    expect(receiptStatusText(receipt({ status: 'processed', points: 12 })).title).toBe('Receipt processed: +12 points')
    expect(receiptStatusText(receipt({ status: 'rejected', reason: 'duplicate', message: 'Sorry.' }))).toEqual({
      tone: 'error',
      title: 'Your receipt was rejected',
      detail: 'This receipt was already submitted. Sorry.',
    })
  })
})
