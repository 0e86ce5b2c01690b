import { useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { locateReceipt } from '../api/receipts'
import { useReceiptText } from '../messages'

/**
 * /admin/v2/receipts/{receipt_id} (spec section 2): on to the receipt's page in its program, or, when
 * there is no such receipt the admin may see, 'Receipt not found' and the console's index.
 */
export function ReceiptRedirect() {
  const rt = useReceiptText()
  const navigate = useNavigate()
  const { receiptId } = useParams({ strict: false }) as { receiptId: number }
  useEffect(() => {
    let live = true
    void locateReceipt(receiptId)
      .catch(() => ({ program_id: null }))
      .then((where) => {
        if (!live) return
        if (where.program_id !== null) {
          void navigate({ to: '/programs/$programId/receipts/$receiptId', params: { programId: where.program_id, receiptId }, replace: true })
          return
        }
        notify.error(rt('notFound'))
        void navigate({ to: '/', replace: true })
      })
    return () => {
      live = false
    }
  }, [receiptId, navigate, rt])
  return <Spinner label={rt('title')} />
}
