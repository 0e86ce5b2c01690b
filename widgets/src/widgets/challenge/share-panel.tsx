import { useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { Button } from '../../ui/button'
import { ShareIcon } from '../../ui/icons'
import { useTerms } from '../shared/context'
import { CopyField } from './copy-field'
import type { Submit } from './submit'

const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

/** Share links of the common networks for a URL and a message. */
export function shareLinks(url: string, text: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(text)
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`.trim())}` },
    {
      name: 'Email',
      href: `mailto:?subject=${encodeURIComponent('Take a look')}&body=${encodeURIComponent(`${text}\n\n${url}`.trim())}`,
    },
  ]
}

/**
 * Share: the device's share sheet when there is one, else a copy field and network links. The
 * challenge completes (once) when the participant shares.
 */
export function SharePanel({ challenge, submit }: { challenge: Challenge; submit: Submit }) {
  const terms = useTerms()
  const url =
    typeof challenge.parameters.share_url === 'string' && challenge.parameters.share_url
      ? challenge.parameters.share_url
      : location.origin
  const text =
    typeof challenge.parameters.share_text === 'string' ? challenge.parameters.share_text : challenge.caption
  const [busy, setBusy] = useState(false)
  const [native] = useState(canShareNatively)

  async function complete() {
    if (busy) return
    setBusy(true)
    await submit({ challenge_id: challenge.id })
    setBusy(false)
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: challenge.caption, text, url })
      await complete()
    } catch (err) {
      // The participant closed the share sheet: nothing to do.
      if ((err as Error)?.name !== 'AbortError') console.warn(err)
    }
  }

  return (
    <div class="panel">
      <h2 class="panel__title">
        Share and earn {challenge.points > 0 ? `${challenge.points} ${terms.points}` : ''}
      </h2>
      {text && <blockquote class="share-quote">{text}</blockquote>}
      {native ? (
        <Button size="lg" onClick={shareNatively} loading={busy}>
          <ShareIcon size={18} />
          Share
        </Button>
      ) : (
        <>
          <CopyField label="Link to share" value={url} onCopied={complete} />
          <ul class="share-links" aria-label="Share on">
            {shareLinks(url, text).map((link) => (
              <li key={link.name}>
                <a
                  class="share-link"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => {
                    void complete()
                  }}
                >
                  {link.name}
                  <span class="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <p class="panel__note">
            Copy the link or pick a network: your {terms.points} are added as soon as you share.
          </p>
        </>
      )}
    </div>
  )
}

/** Referral: the participant's personal sign-up link to pass on; it completes when friends join. */
export function ReferralPanel({ challenge }: { challenge: Challenge }) {
  const url = challenge.referral_url
  const [native] = useState(canShareNatively)
  if (!url) return null
  return (
    <div class="panel">
      <h2 class="panel__title">Your personal invite link</h2>
      <p class="panel__text">Anyone who signs up with this link counts as your friend.</p>
      <CopyField label="Referral link" value={url} />
      {native && (
        <Button
          variant="outline"
          onClick={() => {
            navigator.share({ title: challenge.caption, url }).catch(() => {})
          }}
        >
          <ShareIcon size={18} />
          Share link
        </Button>
      )}
    </div>
  )
}
