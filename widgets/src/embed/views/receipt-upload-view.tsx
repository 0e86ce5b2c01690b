import { useCallback } from 'preact/hooks'
import type { ParticipantReceipt } from '../../../../sdk/contract/receipts'
import { lazyView } from '../lazy-view'
import { useEmbed } from '../mount'
import { InlineSignin } from './signin-lazy'

/** The upload and its receipts list, fetched once a signed-in participant sees them (a signed-out page loads only the sign-in). */
const ReceiptUpload = lazyView(() => import('../../widgets/receipt-upload/receipt-upload').then((m) => m.ReceiptUpload))

/**
 * <tessera-receipt-upload>: a participant uploads a receipt photo and follows its status
 * (widgets/receipt-upload). Signed-out visitors sign in inside the element first; a program whose
 * receipts feature is off says so. A processed receipt refreshes the participant's points everywhere on
 * the page.
 */
export function ReceiptUploadView() {
  const { runtime, program } = useEmbed()
  const session = runtime.session
  const onSettled = useCallback(
    (receipt: ParticipantReceipt) => {
      if (receipt.status === 'processed') void session.load()
    },
    [session],
  )
  if (!program.features.receipts) return <p class="tw-receipt__intro">Receipt uploads are not available in this program.</p>
  if (!session.signedIn.value) return <InlineSignin reason="Sign in to upload a receipt." />
  return <ReceiptUpload client={runtime.client} pointsWord={program.term_points_as || 'points'} onSettled={onSettled} />
}
