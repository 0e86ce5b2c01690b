import { useEffect, useRef, useState } from 'preact/hooks'
import type { PaymentReceipt } from '../../../../sdk/src/resources/home'
import { AlertIcon, CheckCircleIcon, ClockIcon } from '../../ui/icons'
import { useSite } from '../shared/context'
import './membership.css'

const POLL_MS = 1500
const MAX_POLLS = 8

/**
 * The card-payment receipt info block shown when the payment page sends the participant back
 * (?checkout=success&session_id=...): title, message and participant name. A payment still being
 * confirmed (`pending`) is asked again a few times; `onPaid` runs once it is confirmed. A delayed
 * payment (`processing`, e.g. a bank debit) takes days to clear, and `failed` is final: both are shown
 * as they are, not polled.
 */
export function ReceiptBlock({ sessionId, onPaid }: { sessionId: string; onPaid: () => void }) {
  const { client, session } = useSite()
  const [receipt, setReceipt] = useState<PaymentReceipt | null>(null)
  const paid = useRef(onPaid)
  paid.current = onPaid

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async (attempt: number) => {
      try {
        const answer = await client.home.paymentReceipt(sessionId)
        if (stopped) return
        setReceipt(answer)
        if (answer.status === 'fulfilled') {
          void session.load()
          paid.current()
        } else if (answer.status === 'pending' && attempt < MAX_POLLS) timer = setTimeout(() => void ask(attempt + 1), POLL_MS)
      } catch {
        // No receipt for this session (another participant's, or a typo in the address): show nothing.
      }
    }
    void ask(1)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [sessionId, client, session])

  if (!receipt) return null
  const done = receipt.status === 'fulfilled'
  const failed = receipt.status === 'failed' || receipt.status === 'expired'
  return (
    <div class={['receipt', done && 'receipt--done', failed && 'receipt--failed'].filter(Boolean).join(' ')} role={failed ? 'alert' : 'status'}>
      {done ? <CheckCircleIcon size={22} /> : failed ? <AlertIcon size={22} /> : <ClockIcon size={22} />}
      <div>
        <p class="receipt__title">{receipt.title}</p>
        <p class="receipt__message">{receipt.message}</p>
        {receipt.participant_name && <p class="receipt__name">{receipt.participant_name}</p>}
      </div>
    </div>
  )
}
