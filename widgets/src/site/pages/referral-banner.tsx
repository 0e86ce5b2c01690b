import { formatNumber } from '../../ui/format'
import { GiftIcon } from '../../ui/icons'
import { useSite, useTerms } from '../../widgets/shared/context'
import { useLoad } from '../../widgets/shared/use-load'
import './referral-banner.css'

/**
 * The invitation line of a referral link (/signin?referral_code=CODE): 'Ada invited you: join and get
 * 100 points'. The name is the referrer's first name from the public lookup of the code (it answers
 * nothing else); the bonus is the program's sign-up challenge, in the program's points term. Without
 * a bonus it reads 'Ada invited you to join {program}'. An unknown code, or one still loading, shows
 * nothing: the plain sign-in page.
 */
export function referralInvitation(name: string | null, program: string, bonus: number, pointsTerm: string): string {
  const who = `${name ?? 'A friend'} invited you`
  return bonus > 0 ? `${who}: join and get ${formatNumber(bonus)} ${pointsTerm}` : `${who} to join ${program}`
}

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
