import type { ComponentChildren } from 'preact'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { CalendarIcon, CheckCircleIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { formatDate } from '../../ui/date'
import { isChallengeCompleted } from '../challenge/challenge-completion'
import './membership.css'

/**
 * A membership or donation challenge as the site's modal and the <tessera-membership> /
 * <tessera-donation> elements show it (participant-site.md section 2, "Membership and donation
 * modals"): the image (300 px), 'Completed' with its date or 'Ends on', caption and description,
 * then the type's action (`children`: <Membership>, <Donation>, or an element's sign-in form).
 */
export function PaymentChallenge({
  challenge,
  notice,
  children,
}: {
  challenge: Challenge
  /** Above the image: the site's receipt or 'Payment cancelled' after the payment page. */
  notice?: ComponentChildren
  children: ComponentChildren
}) {
  const when = challenge.completed_by_current_participant_on ?? challenge.updated_at
  return (
    <div class="pay">
      {notice}
      <Img src={challenge.image} alt="" class="pay__image" width={300} />
      {isChallengeCompleted(challenge) ? (
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
      {children}
    </div>
  )
}
