import { formatNumber } from './number-format'

/**
 * The invitation line of a referral link (/signin?referral_code=CODE), one wording for the landing's
 * banner (widgets) and its share preview (worker): 'Ada invited you: join and get 1,500 points', or
 * 'Ada invited you to join {program}' without a sign-up bonus; 'A friend' when the name is unknown.
 * No zod here: the site's bundle imports it.
 */
export function referralInvitation(name: string | null, program: string, bonus: number, pointsTerm: string): string {
  const who = `${name ?? 'A friend'} invited you`
  return bonus > 0 ? `${who}: join and get ${formatNumber(bonus)} ${pointsTerm}` : `${who} to join ${program}`
}
