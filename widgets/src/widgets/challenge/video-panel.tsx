import { useRef, useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { showToast } from '../../ui/toast'
import { useTerms } from '../shared/context'
import { reachedVideoTarget, requiredVideoPercent, watchedPercent } from './challenge-rules'
import type { Submit } from './submit'

const playedRanges = (video: HTMLVideoElement) =>
  Array.from({ length: video.played.length }, (_, i) => [video.played.start(i), video.played.end(i)] as const)

/**
 * Video: counts the share of the video actually played; when it reaches the challenge's `duration`
 * percentage the challenge is submitted once and a 'Challenge Submitted!' toast shows (no success screen).
 */
export function VideoPanel({
  challenge,
  submit,
  completed,
}: {
  challenge: Challenge
  submit: Submit
  completed: boolean
}) {
  const terms = useTerms()
  const src = typeof challenge.parameters.video_url === 'string' ? challenge.parameters.video_url : ''
  const target = requiredVideoPercent(challenge)
  const [percent, setPercent] = useState(0)
  const [failed, setFailed] = useState(false)
  const sent = useRef(completed)

  function track(video: HTMLVideoElement) {
    const watched = watchedPercent(playedRanges(video), video.duration)
    setPercent(watched)
    if (sent.current || !reachedVideoTarget(watched, target)) return
    sent.current = true
    void submit({ challenge_id: challenge.id, percentage: Math.min(100, Math.ceil(watched)) }).then(
      (result) => {
        if (result.ok)
          showToast({
            tone: 'success',
            title: 'Challenge Submitted!',
            message: result.response.points > 0 ? `+${result.response.points} ${terms.points}` : undefined,
          })
      },
    )
  }

  const shown = completed ? 100 : Math.min(100, Math.round((percent / target) * 100))
  return (
    <div class="video">
      <div class="video__frame">
        {src && !failed ? (
          // program videos come without caption tracks
          <video
            class="video__player"
            src={src}
            poster={challenge.image ?? undefined}
            controls
            playsInline
            preload="metadata"
            onTimeUpdate={(e) => track(e.currentTarget)}
            onEnded={(e) => track(e.currentTarget)}
            onError={() => setFailed(true)}
          />
        ) : (
          <p class="video__error">The video can't be played right now. Please try again later.</p>
        )}
      </div>
      <div class="video__progress">
        <div
          class="progress"
          role="progressbar"
          aria-label="Progress toward completing the challenge"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
        >
          <span class="progress__bar" style={{ width: `${shown}%` }} />
        </div>
        <p class="video__status">
          {completed
            ? 'Completed: thanks for watching!'
            : `Watch ${target}% of the video to earn ${challenge.points} ${terms.points}. Watched so far: ${Math.floor(percent)}%.`}
        </p>
      </div>
    </div>
  )
}
