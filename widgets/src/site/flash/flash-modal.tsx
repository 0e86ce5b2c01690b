import { signal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { Button } from '../../ui/button'
import { AlertIcon, CheckCircleIcon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import { currentUrl } from '../router'
import { type Flash, flashTitle, flashTone, readFlashParams } from './flash-rules'
import './flash.css'

/** The flash messages waiting to be seen; the modal opens while there are any. */
export const flashMessages = signal<Flash[]>([])

/**
 * Shows a flash message in the modal (kinds: success, error, alert; any other is a notice).
 * @example flash('success', 'Your membership is active.')
 */
export function flash(kind: string, message: string) {
  flashMessages.value = [...flashMessages.value, { kind, message }]
}

/**
 * The flash-message modal (participant-site.md section 2): opens by itself when messages exist,
 * from flash() or a `?flash=kind:message` query (removed from the address once read).
 */
export function FlashModal() {
  const { pathname, search } = currentUrl.value
  useEffect(() => {
    const { messages, search: rest } = readFlashParams(search)
    if (!messages.length) return
    history.replaceState(history.state, '', `${pathname}${rest}${location.hash}`)
    currentUrl.value = { pathname, search: rest }
    flashMessages.value = [...flashMessages.value, ...messages]
  }, [pathname, search])

  const messages = flashMessages.value
  const close = () => {
    flashMessages.value = []
  }
  return (
    <Modal open={messages.length > 0} onClose={close} title={flashTitle(messages)}>
      <ul class="flash-list">
        {messages.map((m, i) => {
          const tone = flashTone(m.kind)
          const Icon = tone === 'success' ? CheckCircleIcon : AlertIcon
          return (
            // a fixed list shown once
            <li key={i} class={`flash flash--${tone}`}>
              <Icon size={20} class="flash__icon" />
              <p class="flash__message">{m.message}</p>
            </li>
          )
        })}
      </ul>
      <div class="flash-actions">
        <Button onClick={close}>OK</Button>
      </div>
    </Modal>
  )
}
