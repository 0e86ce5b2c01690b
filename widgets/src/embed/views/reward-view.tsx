import { useEffect, useRef } from 'preact/hooks'
import { NotFoundError } from '../../../../sdk/src/errors'
import { RewardCard, RewardLoading } from '../../widgets/reward/reward-card'
import { LoadError } from '../../widgets/shared/load-error-lazy'
import { useLoad } from '../../widgets/shared/use-load'
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
  const raw = attrs['reward-id']
  const id = Number(raw)
  const valid = isRewardId(raw)
  const signedIn = runtime.session.signedIn.value
  // An id the program does not know stays unknown after a sign-in: no second request for it.
  const unknown = useRef<{ id: number; error: unknown } | null>(null)
  const [state, reload, setReward] = useLoad(() => {
    if (!valid) return Promise.reject(new Error('no reward-id'))
    if (unknown.current?.id === id) return Promise.reject(unknown.current.error)
    return runtime.client.rewards.retrieve(id).catch((error: unknown) => {
      if (error instanceof NotFoundError) unknown.current = { id, error }
      throw error
    })
  }, `${raw}:${signedIn}`)
  const missing = state.status === 'error' && state.error instanceof NotFoundError

  // Tell the partner's developer what is wrong with the element, once per problem (the words are
  // fetched only then: reward-problems.ts).
  useEffect(() => {
    if (valid && !missing) return
    void import('./reward-problems').then((m) => {
      const problem = m.rewardIdProblem(raw, missing, runtime.programKey)
      if (problem) m.logOnce(host, problem)
    })
  }, [host, raw, valid, missing, runtime.programKey])

  const box = useRef<HTMLDivElement>(null)
  useSiteLinks(box, runtime.siteUrl, () => false)
  return (
    <div ref={box}>
      {!valid ? (
        <p class="tw-notice">Set the reward-id attribute to a reward's id.</p>
      ) : missing ? (
        <p class="tw-notice">This reward is not available.</p>
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
                // After the checkout call answered: the checkout helpers come with it (embed/checkout.ts).
                void import('../checkout').then(({ checkoutUrl, openCheckout }) => {
                  if (challengeId !== null)
                    openCheckout(res, runtime.apiBase, host, { challenge_id: challengeId, kind: 'membership' })
                  else {
                    // A claim's own payment page: a new tab (Stripe Checkout cannot be framed).
                    const url = checkoutUrl(res, runtime.apiBase)
                    if (url) window.open(url, '_blank', 'noopener')
                  }
                })
              }}
            />
          )}
        </div>
      )}
    </div>
  )
}

/** A reward id: a whole number above zero, as the attribute's text. */
export const isRewardId = (raw: string | null | undefined) => Boolean(raw && /^\s*[1-9]\d*\s*$/.test(raw))
