import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { SigninState } from './signin-machine'
import type { SigninStore } from './signin-state'

export type StepProps = { program: PublicProgram; store: SigninStore; state: SigninState }

/** Moves focus into a step when it appears, so keyboard and screen reader users land on it. */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null)
  // only the first render decides
  useEffect(() => {
    if (enabled) ref.current?.focus()
  }, [])
  return ref
}

/**
 * A step's form: submits through the machine and, when it answers with errors, moves focus to the
 * first invalid field so the message is read out and can be fixed at once.
 */
export function StepForm({
  store,
  errors,
  children,
}: {
  store: Pick<SigninStore, 'dispatch'>
  errors: SigninState['errors']
  children: ComponentChildren
}) {
  const form = useRef<HTMLFormElement>(null)
  // Only errors that answer a submit move focus; clearing one while typing must not.
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitted.current || !Object.keys(errors).length) return
    submitted.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])
  return (
    <form
      ref={form}
      class="signin__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted.current = true
        store.dispatch({ type: 'submit' })
      }}
    >
      {children}
    </form>
  )
}

export function StepHeading({ children, lead }: { children: ComponentChildren; lead?: ComponentChildren }) {
  return (
    <div class="signin__heading">
      <h1 id="signin-title" class="signin__title" tabIndex={-1}>
        {children}
      </h1>
      {lead && <p class="signin__lead">{lead}</p>}
    </div>
  )
}
