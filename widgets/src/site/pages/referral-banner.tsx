import { GiftIcon } from '../../ui/icons'
import { useSite, useTerms } from '../../widgets/shared/context'
import { useLoad } from '../../widgets/shared/use-load'
import { referralInvitation } from '../../../../sdk/contract/referral-invitation'
import './referral-banner.css'

export { referralInvitation }

/**
 * The referral landing's banner (/signin?referral_code=CODE): the wording of
 * sdk/contract/referral-invitation.ts with the referrer's first name from the public lookup of the
 * code (it answers nothing else) and the program's sign-up bonus in its points term. An unknown code,
 * or one still loading, shows nothing: the plain sign-in page.
 */
export function ReferralBanner({ code }: { code: string }) {
  const { client, program } = useSite()
  const terms = useTerms()
  const [state] = useLoad(() => client.referrals.referrer(code), code)
  const referrer = state.status === 'ready' ? state.data.referrer : null
  if (!referrer) return null
  const text = referralInvitation(referrer.first_name, program.name, program.signup_challenge?.points ?? 0, terms.points)
  return (
    <p class="referral-banner" role="status">
      <GiftIcon size={22} class="referral-banner__icon" />
      <span>{text}</span>
    </p>
  )
}
