import type { Challenge } from '../../../../sdk/contract/challenges'
import { Modal } from '../../ui/modal'
import { isChallengeCompleted } from '../../widgets/challenge/challenge-rules'
import { Donation } from '../../widgets/donation/donation'
import { Membership } from '../../widgets/membership/membership'
import { PaymentChallenge } from '../../widgets/membership/payment-challenge'
import { ReceiptBlock } from '../../widgets/membership/payment-receipt'
import { currentUrl, navigate } from '../router'

/**
 * Membership and donation challenges open as a modal over the home page (participant-site.md
 * section 2). Back from the payment page (?checkout=...) the receipt or the cancel note comes first.
 * Closing goes home.
 */
export function PaymentModal({ challenge, onPaid }: { challenge: Challenge; onPaid: () => void }) {
  const completed = isChallengeCompleted(challenge)
  const query = new URLSearchParams(currentUrl.value.search)
  const checkout = query.get('checkout')
  const sessionId = query.get('session_id')
  return (
    <Modal open onClose={() => navigate('/')} title={challenge.name}>
      <PaymentChallenge
        challenge={challenge}
        notice={
          <>
            {checkout === 'success' && sessionId && <ReceiptBlock sessionId={sessionId} onPaid={onPaid} />}
            {checkout === 'cancelled' && (
              <p class="pay__note pay__note--boxed">
                Payment cancelled: nothing was charged. You can try again below.
              </p>
            )}
          </>
        }
      >
        {challenge.challenge_type === 'membership' ? (
          <Membership challenge={challenge} completed={completed} />
        ) : (
          <Donation challenge={challenge} completed={completed} />
        )}
      </PaymentChallenge>
    </Modal>
  )
}
