import { useState } from 'preact/hooks'
import { buttonClass } from '../../ui/button'
import { useEmbed } from '../mount'
import { InlineSignin } from './signin-lazy'
import './signin-prompt.css'

/**
 * Signed out, a membership or donation element shows its plans or causes with 'Sign in to join'
 * (decision 0015, second amendment) instead of the whole sign-in form, whose code (4.5 KB gzip) a visitor
 * who only reads the card never needs. The form's chunk is fetched when the visitor points at or
 * focuses the button, and the press opens the form here with focus in the e-mail field. When another
 * element of the page already shows the program's form (issue 13: one form per page), the press brings
 * the visitor to that one instead.
 */
export function SigninPrompt({ reason }: { reason: string }) {
  const { runtime, host } = useEmbed()
  const [open, setOpen] = useState(false)
  if (open) return <InlineSignin reason={reason} autoFocus />
  const fetchForm = () => InlineSignin.preload()
  const join = () =>
    void fetchForm().then(
      // The form's module is here now: does another element of the page show the form?
      () => import('./inline-signin').then((form) => form.focusOtherForm(runtime, host) || setOpen(true)),
      // Could not fetch the form: rendering it tries again, and a second failure shows the element's notice.
      () => setOpen(true),
    )
  const intent = () => void fetchForm().catch(() => undefined)
  return (
    <div class="tw-signin tw-signin--compact">
      <p class="tw-signin__reason">{reason}</p>
      <button type="button" class={buttonClass('primary', 'md')} onClick={join} onPointerEnter={intent} onFocus={intent}>
        Sign in to join
      </button>
    </div>
  )
}
