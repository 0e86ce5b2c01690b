import { useEffect, useRef, useState } from 'preact/hooks'
import type { ParticipantReceipt } from '../../../../sdk/contract/receipts'
import type { TesseraClient } from '../../../../sdk/src/index'
import { downscaleForUpload } from './downscale'
import { fetchReceipt, fetchReceipts, follow, isFinal, uploadReceipt } from './upload'
import '../../ui/button.css'
import './receipt-upload.css'

/** The file input's accept list (the contract's receiptAccept; the server checks the bytes). */
const ACCEPT = '.jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf'
/** How many earlier receipts "Your receipts" shows. */
const LIST_SIZE = 5

type Phase =
  | { name: 'idle' }
  | { name: 'preparing' }
  | { name: 'uploading'; progress: number }
  | { name: 'done'; receipt: ParticipantReceipt }
  | { name: 'error'; message: string }

/** Words for a rejection reason value (admin_invalidation_reason), else the value itself. */
const REASONS: Record<string, string> = {
  duplicate: 'This receipt was already submitted.',
  unreadable: 'The image could not be read.',
  not_a_receipt: "This doesn't look like a receipt.",
  ineligible_merchant: 'This store is not part of the program.',
  no_eligible_products: 'No eligible products are on this receipt.',
  purchase_too_old: 'The purchase is too old.',
  suspected_fraud: 'The receipt could not be accepted.',
  other: 'The receipt could not be accepted.',
}

/** The status as the participant reads it: checking, processed with points, or rejected with the reason. */
export function receiptStatusText(receipt: ParticipantReceipt, pointsWord = 'points'): { tone: 'info' | 'success' | 'error'; title: string; detail: string | null } {
  switch (receipt.status) {
    case 'processed':
      return { tone: 'success', title: `Receipt processed: +${receipt.points} ${pointsWord}`, detail: receipt.merchant_name }
    case 'rejected': {
      const reason = receipt.reason ? (REASONS[receipt.reason] ?? receipt.reason) : null
      return { tone: 'error', title: 'Your receipt was rejected', detail: [reason, receipt.message].filter(Boolean).join(' ') || null }
    }
    case 'no_eligible_items':
      return { tone: 'error', title: 'No eligible products were found on this receipt', detail: null }
    case 'failed':
      return { tone: 'error', title: "We couldn't read this receipt", detail: 'Please try again with a sharper photo.' }
    default:
      return { tone: 'info', title: "We're checking your receipt", detail: receipt.status === 'pending' ? 'This takes a few seconds.' : `Our team is checking it; we will credit your ${pointsWord} once it is approved.` }
  }
}

/** One line of "Your receipts": what became of an earlier receipt. */
export function receiptShortStatus(receipt: ParticipantReceipt, pointsWord = 'points'): string {
  if (receipt.status === 'processed') return `+${receipt.points} ${pointsWord}`
  if (receipt.status === 'pending') return 'Being read'
  if (!isFinal(receipt.status)) return 'Being checked by our team'
  const text = receiptStatusText(receipt, pointsWord)
  return receipt.status === 'rejected' ? `Rejected${text.detail ? `: ${text.detail}` : ''}` : text.title
}

type Props = {
  client: TesseraClient
  /** The program's word for points (term_points_as). */
  pointsWord?: string
  /** When a receipt shown reaches a final status (processed receipts change the balance). */
  onSettled?: (receipt: ParticipantReceipt) => void
}

/**
 * Upload a receipt: take a photo (the camera on phones) or choose a file, downscaled in the browser
 * before it travels (downscale.ts), sent with progress, then followed until it is final: "We're
 * checking your receipt" while it is read or reviewed by the program's team, processed with its
 * points, or rejected with the reason. Below, "Your receipts": the participant's latest receipts and
 * what became of them, followed the same way while any is still open. Status checks back off
 * (upload.ts pollDelay) and stop after a while; the next visit shows the outcome. Used by
 * <tessera-receipt-upload> and the hosted site's account page.
 */
export function ReceiptUpload({ client, pointsWord = 'points', onSettled }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const [earlier, setEarlier] = useState<ParticipantReceipt[]>([])
  const live = useRef(true)
  useEffect(() => () => void (live.current = false), [])
  const settled = useRef(onSettled)
  settled.current = onSettled

  // Follow the receipt just uploaded until it is final: each change shows, and restarts this.
  const receipt = phase.name === 'done' ? phase.receipt : null
  useEffect(() => {
    if (!receipt) return
    if (isFinal(receipt.status)) {
      settled.current?.(receipt)
      return
    }
    return follow(async () => {
      const next = await fetchReceipt(client, receipt.id)
      if (!live.current || next.status === receipt.status) return false
      setPhase({ name: 'done', receipt: next })
      return true
    })
  }, [receipt, client])

  // "Your receipts": loaded, then followed while any of them (other than the one above) is still open.
  const [listRound, setListRound] = useState(0)
  const currentId = useRef<number | null>(null)
  currentId.current = receipt?.id ?? null
  useEffect(() => {
    let shown: ParticipantReceipt[] = []
    return follow(async () => {
      const rows = (await fetchReceipts(client)).slice(0, LIST_SIZE + 1)
      if (!live.current) return true
      const others = rows.filter((r) => r.id !== currentId.current)
      for (const row of others) {
        const before = shown.find((r) => r.id === row.id)
        if (before && before.status !== row.status && isFinal(row.status)) settled.current?.(row)
      }
      shown = rows
      setEarlier(rows)
      return others.every((r) => isFinal(r.status))
    }, true)
  }, [client, listRound])

  const send = async (file: File | undefined) => {
    if (!file) return
    setPhase({ name: 'preparing' })
    try {
      const small = await downscaleForUpload(file)
      setPhase({ name: 'uploading', progress: 0 })
      const saved = await uploadReceipt(client, small, (progress) => live.current && setPhase({ name: 'uploading', progress }))
      if (!live.current) return
      setPhase({ name: 'done', receipt: saved })
      // A receipt followed before goes to the list, followed there if it is still open.
      const previous = receipt
      if (previous) {
        setEarlier((list) => [previous, ...list.filter((r) => r.id !== previous.id)])
        if (!isFinal(previous.status)) setListRound((n) => n + 1)
      }
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields
      const message = fields?.file ?? (error instanceof Error && error.message ? error.message : 'The upload failed. Please try again.')
      if (live.current) setPhase({ name: 'error', message })
    }
  }
  const onPick = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    void send(file)
  }
  const busy = phase.name === 'preparing' || phase.name === 'uploading'

  return (
    <div class="tw-receipt">
      <p class="tw-receipt__intro">Snap or choose a photo of your receipt. We read it and credit your {pointsWord} for eligible products.</p>
      <div class="tw-receipt__actions">
        <label class={`btn btn--md tw-receipt__pick${busy ? ' is-disabled' : ''}`}>
          <input class="tw-receipt__input" type="file" accept="image/*" capture="environment" disabled={busy} onChange={onPick} />
          Take a photo
        </label>
        <label class={`btn btn--md btn--secondary tw-receipt__pick${busy ? ' is-disabled' : ''}`}>
          <input class="tw-receipt__input" type="file" accept={ACCEPT} disabled={busy} onChange={onPick} />
          Choose a file
        </label>
      </div>
      <div class="tw-receipt__status" role="status" aria-live="polite">
        {phase.name === 'preparing' && <p>Preparing your photo…</p>}
        {phase.name === 'uploading' && (
          <>
            <p>Uploading… {Math.round(phase.progress * 100)}%</p>
            <progress class="tw-receipt__progress" max={100} value={Math.round(phase.progress * 100)} aria-label="Upload progress" />
          </>
        )}
        {phase.name === 'error' && <p class="tw-receipt__message tw-receipt__message--error">{phase.message}</p>}
        {phase.name === 'done' && <ReceiptStatus receipt={phase.receipt} pointsWord={pointsWord} />}
      </div>
      <ReceiptList receipts={earlier.filter((r) => r.id !== receipt?.id).slice(0, LIST_SIZE)} pointsWord={pointsWord} />
    </div>
  )
}

/** "Your receipts" (a labelled list, not a heading: the widget cannot know the heading level of the page around it). */
function ReceiptList({ receipts, pointsWord }: { receipts: ParticipantReceipt[]; pointsWord: string }) {
  if (!receipts.length) return null
  return (
    <div class="tw-receipt__list">
      <p id="tw-receipt-list-title" class="tw-receipt__list-title">
        Your receipts
      </p>
      <ul aria-labelledby="tw-receipt-list-title">
        {receipts.map((r) => (
          <li key={r.id}>
            <span>
              {r.merchant_name ?? 'Receipt'} · {new Date(r.created_at).toLocaleDateString()}
            </span>
            <span class={`tw-receipt__state tw-receipt__state--${isFinal(r.status) ? (r.status === 'processed' ? 'success' : 'error') : 'info'}`}>{receiptShortStatus(r, pointsWord)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ReceiptStatus({ receipt, pointsWord }: { receipt: ParticipantReceipt; pointsWord: string }) {
  const text = receiptStatusText(receipt, pointsWord)
  return (
    <div class={`tw-receipt__message tw-receipt__message--${text.tone}`}>
      <p class="tw-receipt__title">{text.title}</p>
      {text.detail && <p>{text.detail}</p>}
    </div>
  )
}
