import { useEffect, useRef, useState } from 'preact/hooks'
import type { ParticipantReceipt } from '../../../../sdk/contract/receipts'
import type { TesseraClient } from '../../../../sdk/src/index'
import { downscaleForUpload } from './downscale'
import { fetchReceipt, isSettled, uploadReceipt } from './upload'
import '../../ui/button.css'
import './receipt-upload.css'

/** The file input's accept list (the contract's receiptAccept; the server checks the bytes). */
const ACCEPT = '.jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf'
/** How often, and how long, the status is asked again while the receipt is read. */
const POLL_MS = 2000
const POLL_LIMIT = 90

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
      return { tone: 'info', title: "We're checking your receipt", detail: receipt.status === 'pending' ? 'This takes a few seconds.' : 'A person is reviewing it; we will credit your points once it is approved.' }
  }
}

type Props = {
  client: TesseraClient
  /** The program's word for points (term_points_as). */
  pointsWord?: string
  /** After a receipt reaches a settled status (processed receipts change the balance). */
  onSettled?: (receipt: ParticipantReceipt) => void
}

/**
 * Upload a receipt: take a photo (the camera on phones) or choose a file, downscaled in the browser
 * before it travels (downscale.ts), sent with progress, then followed until it is read: "We're checking
 * your receipt", processed with its points, or rejected with the reason. Used by
 * <tessera-receipt-upload> and the hosted site's account page.
 */
export function ReceiptUpload({ client, pointsWord = 'points', onSettled }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const live = useRef(true)
  useEffect(() => () => void (live.current = false), [])

  // Follow a receipt that is still being read.
  const receipt = phase.name === 'done' ? phase.receipt : null
  useEffect(() => {
    if (!receipt) return
    if (isSettled(receipt.status)) {
      onSettled?.(receipt)
      return
    }
    let tries = 0
    const timer = setInterval(() => {
      if (++tries > POLL_LIMIT) return clearInterval(timer)
      fetchReceipt(client, receipt.id)
        .then((next) => {
          if (!live.current || next.status === receipt.status) return
          clearInterval(timer)
          setPhase({ name: 'done', receipt: next })
        })
        .catch(() => undefined)
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [receipt, client, onSettled])

  const send = async (file: File | undefined) => {
    if (!file) return
    setPhase({ name: 'preparing' })
    try {
      const small = await downscaleForUpload(file)
      setPhase({ name: 'uploading', progress: 0 })
      const saved = await uploadReceipt(client, small, (progress) => live.current && setPhase({ name: 'uploading', progress }))
      if (live.current) setPhase({ name: 'done', receipt: saved })
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
