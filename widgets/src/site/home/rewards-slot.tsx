/**
 * SLOT: the rewards sections of the signed-in home (participant-site.md section 2): the offers
 * section (feature offers_reward), current rewards and claimed rewards. It renders nothing until the
 * rewards API lands; the lead wires the real sections in here (client.rewards.offers / listCurrent /
 * listClaimed), so the home page does not change.
 */
export type RewardsSlotSection = 'offers' | 'current' | 'claimed'

export function RewardsSlot(_props: { section: RewardsSlotSection }) {
  return null
}
