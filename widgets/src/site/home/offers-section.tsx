import { useState } from 'preact/hooks'
import { Button, buttonClass } from '../../ui/button'
import { SparkIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { showToast } from '../../ui/toast'
import { useSite } from '../../widgets/shared/context'
import { LoadError } from '../../widgets/shared/load-error'
import { startMembershipCheckout } from '../../widgets/membership/membership-checkout'
import { errorMessage, useLoad } from '../../widgets/shared/use-load'
import { participantHomeRoutes } from '../../../../sdk/contract/paths'
import type { OffersRewardResponse } from '../../../../sdk/contract/rewards'
import { takePrimed } from '../primed'
import './offers-section.css'

/** The offers section (feature offers_reward): the offer reward with 'Become a member' or 'See my offers'. */
export function OffersSection() {
  const { client, program } = useSite()
  const [state, reload] = useLoad(
    () => client.rewards.offers().then((r) => r.data),
    'offers-reward',
    takePrimed<OffersRewardResponse>(participantHomeRoutes.offersReward)?.data,
  )
  const [busy, setBusy] = useState(false)
  if (state.status === 'loading') return null
  if (state.status === 'error') {
    return (
      <section class="container home-section" aria-label="Offers">
        <LoadError class="notice" message="Error loading Rewards" retry={reload} />
      </section>
    )
  }
  const { reward, eligible } = state.data
  if (!reward) return null
  const member = eligible || Boolean(reward.earned_by_current_participant_on)
  const membership = program.membership_challenge
  return (
    <section class="container home-section" aria-labelledby="offers-title">
      <div class="offers-banner">
        <div class="offers-banner__media">
          <Img
            src={reward.image?.public_url}
            alt=""
            class="offers-banner__image"
            fallback={<span class="offers-banner__image offers-banner__image--empty" />}
          />
        </div>
        <div class="offers-banner__body">
          <p class="offers-banner__eyebrow">
            <SparkIcon size={16} />
            {member ? 'Your member perks' : 'Members only'}
          </p>
          <h2 id="offers-title" class="offers-banner__title">
            {reward.name}
          </h2>
          {reward.description && <p class="offers-banner__text">{reward.description}</p>}
          <div class="offers-banner__actions">
            {member ? (
              <a href="/my-offers" class={buttonClass('secondary', 'md')}>
                See my offers
              </a>
            ) : (
              membership && (
                <Button
                  variant="secondary"
                  loading={busy}
                  onClick={async () => {
                    setBusy(true)
                    try {
                      await startMembershipCheckout(client, membership.id)
                    } catch (err) {
                      showToast({ tone: 'error', title: 'Something went wrong', message: errorMessage(err) })
                      setBusy(false)
                    }
                  }}
                >
                  Become a member
                </Button>
              )
            )}
            <a href={`/reward/${reward.id}`} class="offers-banner__link">
              More details
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
