import { useState } from 'preact/hooks'
import type { Reward } from '../../../../sdk/contract/rewards'
import { TesseraError } from '../../../../sdk/src/errors'
import { newIdempotencyKey } from '../../../../sdk/src/transport'
import { useLoad } from '../../widgets/shared/use-load'
import { Button } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { CheckCircleIcon, GiftIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/time'
import { showToast } from '../../ui/toast'
import { emit } from '../events'
import { useEmbed } from '../mount'
import { InlineSignin } from './inline-signin'
import './reward.css'

const CLAIMABLE = new Set(['redeem', 'sweepstake', 'offer'])

/** The claim button's words (participant-site.md section 2, reward details). */
export function claimLabel(reward: Pick<Reward, 'selection' | 'threshold'>, pointsTerm: string): string {
  if (reward.selection === 'redeem') return `Use ${formatNumber(reward.threshold)} ${pointsTerm} to Claim`
  if (reward.selection === 'sweepstake')
    return reward.threshold > 0 ? `Use ${formatNumber(reward.threshold)} ${pointsTerm} to Enter` : 'Enter'
  return 'Claim'
}

/** <tessera-reward reward-id="..">: one reward's card with its claim button. */
export function RewardView() {
  const { runtime, attrs } = useEmbed()
  const id = Number(attrs['reward-id'])
  const signedIn = runtime.session.signedIn.value
  const [state, reload, setReward] = useLoad(() => runtime.client.rewards.retrieve(id), `${id}:${signedIn}`)
  if (!Number.isInteger(id) || id <= 0)
    return <p class="tw-notice">Set the reward-id attribute to a reward's id.</p>
  if (state.status === 'loading') return <RewardSkeleton />
  if (state.status === 'error') {
    return (
      <div class="tw-notice" role="alert">
        <p>Error loading reward</p>
        <Button variant="outline" size="sm" onClick={() => reload()}>
          Try again
        </Button>
      </div>
    )
  }
  return <RewardCard reward={state.data} onChange={setReward} />
}

function RewardCard({ reward, onChange }: { reward: Reward; onChange: (r: Reward) => void }) {
  const { runtime, program, host } = useEmbed()
  const points = program.term_points_as || 'points'
  const participant = runtime.session.participant.value
  const signedIn = runtime.session.signedIn.value
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // One key per attempt: a retry of the same click is answered once by the server.
  const [key, setKey] = useState(newIdempotencyKey)
  const earned = Boolean(reward.earned_by_current_participant_on)
  const claimable =
    CLAIMABLE.has(reward.selection) && reward.status === 'active' && (!earned || reward.repeatable)
  const short =
    participant && reward.selection === 'redeem' ? participant.unused_points < reward.threshold : false

  async function claim() {
    setBusy(true)
    try {
      const res = await runtime.client.rewards.claim(reward.id, { idempotencyKey: key })
      onChange(res.reward)
      showToast({
        tone: 'success',
        title: 'Congrats!',
        message: res.message || 'You have successfully claimed this reward',
      })
      emit(host, 'tessera:reward-claimed', { reward_id: reward.id })
      runtime.refresh()
      if (res.stripe_url) window.open(res.stripe_url, '_blank', 'noopener')
    } catch (err) {
      showToast({
        tone: 'error',
        title: 'Something went wrong',
        message: err instanceof TesseraError ? err.message : 'Please try again',
      })
    } finally {
      setKey(newIdempotencyKey())
      setBusy(false)
    }
  }

  return (
    <article class="tw-card tw-reward" aria-labelledby="reward-name">
      <div class="tw-reward__media">
        <Img
          src={(earned && reward.achievement_reward?.active_image.public_url) || reward.image?.public_url}
          alt=""
          class="tw-reward__image"
          fallback={
            <span class="tw-reward__image tw-reward__image--empty">
              <GiftIcon size={40} />
            </span>
          }
        />
      </div>
      <div class="tw-reward__body">
        <p class="tw-reward__kind">{reward.selection.toUpperCase()} Reward</p>
        <h2 id="reward-name" class="tw-reward__name">
          {reward.name}
        </h2>
        {reward.description && <p class="tw-reward__text">{reward.description}</p>}
        {earned ? (
          <div class="tw-earned" role="status">
            <CheckCircleIcon size={20} />
            <div>
              <p class="tw-earned__title">Congrats</p>
              <p>
                You've earned this reward
                {formatDate(reward.earned_by_current_participant_on) &&
                  ` on ${formatDate(reward.earned_by_current_participant_on)}`}
                .
              </p>
              {reward.participant_sweepstakes_entry && reward.participant_sweepstakes_entry.count > 0 && (
                <p>
                  You have earned {formatNumber(reward.participant_sweepstakes_entry.count)} entries into this
                  sweepstakes
                </p>
              )}
              {reward.coupon_code && (
                <p>
                  Your code: <strong class="tw-code">{reward.coupon_code}</strong>
                </p>
              )}
              {reward.redemption_details && <p>{reward.redemption_details}</p>}
            </div>
          </div>
        ) : (
          reward.finish && <p class="tw-reward__meta">Expires on {formatDate(reward.finish)}</p>
        )}
        {claimable && signedIn && (
          <>
            <Button size="lg" block loading={busy} disabled={short} onClick={claim}>
              {claimLabel(reward, points)}
            </Button>
            {short && participant && (
              <p class="tw-reward__meta">
                You have {formatNumber(participant.unused_points)} {points}. Complete challenges to earn more.
              </p>
            )}
          </>
        )}
        {claimable && !signedIn && !asking && (
          <Button size="lg" block onClick={() => setAsking(true)}>
            {claimLabel(reward, points)}
          </Button>
        )}
      </div>
      {claimable && !signedIn && asking && (
        <div class="tw-reward__signin">
          <InlineSignin reason="Sign in to claim this reward." />
        </div>
      )}
    </article>
  )
}

function RewardSkeleton() {
  return (
    <div class="tw-card tw-reward" aria-busy="true">
      <p class="visually-hidden" role="status">
        Loading, please wait...
      </p>
      <Skeleton width="100%" height={180} />
      <div class="tw-reward__body">
        <Skeleton width={120} height={14} />
        <Skeleton width="70%" height={24} />
        <Skeleton width="90%" height={16} />
      </div>
    </div>
  )
}
