import type { Challenge } from '../../../../sdk/contract/challenges'
import { CalendarIcon, CheckCircleIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { Modal } from '../../ui/modal'
import { formatDate } from '../../ui/time'
import { isChallengeCompleted } from '../../widgets/challenge/challenge-rules'
import { Donation } from '../../widgets/donation/donation'
import { Membership } from '../../widgets/membership/membership'
import { ReceiptBlock } from '../../widgets/membership/payment-receipt'
import { currentUrl, navigate } from '../router'

/**
 * Membership and donation challenges open as a modal over the home page (participant-site.md
 * section 2): completed or ending header, then the type's action. Closing goes home.
 */
export function PaymentModal({ challenge, onPaid }: { challenge: Challenge; onPaid: () => void }) {
  const completed = isChallengeCompleted(challenge)
  const query = new URLSearchParams(currentUrl.value.search)
  const checkout = query.get('checkout')
  const sessionId = query.get('session_id')
  const when = challenge.completed_by_current_participant_on ?? challenge.updated_at
  return (
    <Modal open onClose={() => navigate('/')} title={challenge.name}>
      <div class="pay">
        {checkout === 'success' && sessionId && <ReceiptBlock sessionId={sessionId} onPaid={onPaid} />}
        {checkout === 'cancelled' && (
          <p class="pay__note pay__note--boxed">
            Payment cancelled: nothing was charged. You can try again below.
          </p>
        )}
        <Img src={challenge.image} alt="" class="pay__image" width={300} />
        {completed ? (
          <p class="pay__status pay__status--done">
            <CheckCircleIcon size={18} />
            Completed <span class="pay__date">{formatDate(when)}</span>
          </p>
        ) : (
          challenge.finish && (
            <p class="pay__status">
              <CalendarIcon size={18} />
              Ends on <span class="pay__date">{formatDate(challenge.finish)}</span>
            </p>
          )
        )}
        {challenge.caption && <p class="pay__caption">{challenge.caption}</p>}
        {challenge.description && <p class="pay__text">{challenge.description}</p>}
        {challenge.challenge_type === 'membership' ? (
          <Membership challenge={challenge} completed={completed} />
        ) : (
          <Donation challenge={challenge} completed={completed} />
        )}
      </div>
    </Modal>
  )
}
