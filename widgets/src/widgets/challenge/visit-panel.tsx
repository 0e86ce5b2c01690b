import { useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { Button, buttonClass } from '../../ui/button'
import { ExternalIcon } from '../../ui/icons'
import { RichText } from '../../ui/rich-text'
import { safeUrl } from '../../ui/sanitize-core'
import { useTerms } from '../shared/context'
import { tileLabel } from './challenge-rules'
import type { Submit } from './submit'

/** Link, call to action and engage: open link_url in a new tab, which completes the challenge. */
export function VisitPanel({ challenge, submit }: { challenge: Challenge; submit: Submit }) {
  const terms = useTerms()
  const [busy, setBusy] = useState(false)
  const href = challenge.link_url ? safeUrl(challenge.link_url) : null
  if (!href) return <p class="panel__note">This challenge has no link yet. Please check back later.</p>
  return (
    <div class="panel panel--row">
      <div>
        <h2 class="panel__title">
          Visit to earn {challenge.points > 0 ? `${challenge.points} ${terms.points}` : ''}
        </h2>
        <p class="panel__text">The page opens in a new tab and your {terms.points} are added right away.</p>
      </div>
      <a
        class={buttonClass('primary', 'lg')}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-disabled={busy ? 'true' : undefined}
        onClick={async () => {
          if (busy) return
          setBusy(true)
          await submit({ challenge_id: challenge.id })
          setBusy(false)
        }}
      >
        {tileLabel(challenge)}
        <ExternalIcon size={18} />
        <span class="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  )
}

/** Article: the content to read, then a button that completes the challenge. */
export function ArticlePanel({
  challenge,
  submit,
  completed,
}: {
  challenge: Challenge
  submit: Submit
  completed: boolean
}) {
  const terms = useTerms()
  const [busy, setBusy] = useState(false)
  const minutes = Number(challenge.parameters.read_minutes)
  return (
    <>
      {Number.isFinite(minutes) && minutes > 0 && <p class="article__meta">{minutes} min read</p>}
      {challenge.content && <RichText html={challenge.content} class="article__body" />}
      {!completed && (
        <div class="panel panel--row article__done">
          <div>
            <h2 class="panel__title">Finished reading?</h2>
            <p class="panel__text">
              Mark the article as read
              {challenge.points > 0 ? ` to earn ${challenge.points} ${terms.points}` : ''}.
            </p>
          </div>
          <Button
            size="lg"
            loading={busy}
            onClick={async () => {
              setBusy(true)
              await submit({ challenge_id: challenge.id })
              setBusy(false)
            }}
          >
            {busy ? 'Completing...' : 'Complete'}
          </Button>
        </div>
      )}
    </>
  )
}
