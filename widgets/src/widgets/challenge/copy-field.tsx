import { useId, useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { copyText } from '../../ui/clipboard'
import { CheckCircleIcon, CopyIcon } from '../../ui/icons'
import { showToast } from '../../ui/toast'
import './copy-field.css'
import '../../ui/input.css' // the field classes rendered here

/**
 * A read-only link with a Copy button; `onCopied` runs after a successful copy. `what` names the
 * value in the copy messages ('Link', or 'Code' for a reward's code).
 */
export function CopyField({
  label,
  value,
  onCopied,
  what = 'Link',
}: {
  label: string
  value: string
  onCopied?: () => void
  what?: string
}) {
  const id = `c${useId()}`
  const [copied, setCopied] = useState(false)
  async function copy() {
    if (await copyText(value)) {
      setCopied(true)
      setTimeout(() => setCopied(false), 2500)
      onCopied?.()
    } else {
      showToast({ tone: 'error', title: 'Could not copy', message: `Select the ${what.toLowerCase()} and copy it yourself.` })
    }
  }
  return (
    <div class="field copy-field">
      <label class="field__label" for={id}>
        {label}
      </label>
      <div class="copy-field__row">
        <input
          id={id}
          class="field__input copy-field__input"
          value={value}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant={copied ? 'outline' : 'primary'} onClick={copy}>
          {copied ? <CheckCircleIcon size={18} /> : <CopyIcon size={18} />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p class="visually-hidden" aria-live="polite">
        {copied ? `${what} copied to the clipboard` : ''}
      </p>
    </div>
  )
}
