import { useRef } from 'preact/hooks'
import { RewardCard, RewardLoading } from '../../widgets/reward/reward-card'
import { LoadError } from '../../widgets/shared/load-error'
import { useLoad } from '../../widgets/shared/use-load'
import { checkoutUrl, openCheckout } from '../checkout'
import { emit } from '../events'
import { useSiteLinks } from '../links'
import { useEmbed } from '../mount'
import { InlineSignin } from './signin-lazy'
import './reward.css'

/**
 * <tessera-reward reward-id="..">: the hosted site's reward card (widgets/reward/reward-card) with its
 * claim. A claim shows the earned card in place, dispatches tessera:reward-claimed and refreshes the
 * participant's points everywhere on the page; signed-out visitors sign in inside the element first.
 * Payment pages open in the partner's top window; 'See my offers' opens the hosted site.
 */
export function RewardView() {
  const { runtime, attrs, host } = useEmbed()
  const id = Number(attrs['reward-id'])
  const valid = Number.isInteger(id) && id > 0
  const signedIn = runtime.session.signedIn.value
  const [state, reload, setReward] = useLoad(
    () => (valid ? runtime.client.rewards.retrieve(id) : Promise.reject(new Error('no reward-id'))),
    `${id}:${signedIn}`,
  )
  const box = useRef<HTMLDivElement>(null)
  useSiteLinks(box, runtime.siteUrl, () => false)
  return (
    <div ref={box}>
      {!valid ? (
        <p class="tw-notice">Set the reward-id attribute to a reward's id.</p>
      ) : state.status === 'error' ? (
        <LoadError class="tw-notice" message="Error loading reward" retry={reload} />
      ) : (
        <div class="tw-card tw-reward">
          {state.status === 'loading' ? (
            <RewardLoading />
          ) : (
            <RewardCard
              reward={state.data}
              onChange={setReward}
              reload={() => reload(true)}
              heading
              signin={<InlineSignin reason="Sign in to claim this reward." />}
              onClaimed={(reward) => {
                emit(host, 'tessera:reward-claimed', { reward_id: reward.id })
                runtime.refresh()
              }}
              onCheckout={(res, challengeId) => {
                if (challengeId !== null)
                  openCheckout(res, runtime.apiBase, host, { challenge_id: challengeId, kind: 'membership' })
                else {
                  // A claim's own payment page: a new tab (Stripe Checkout cannot be framed).
                  const url = checkoutUrl(res, runtime.apiBase)
                  if (url) window.open(url, '_blank', 'noopener')
                }
              }}
            />
          )}
        </div>
      )}
    </div>
  )
}
