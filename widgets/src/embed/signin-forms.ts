import { type ReadonlySignal, signal } from '@preact/signals'

/**
 * The sign-in forms of one program on a partner page (issue 13): several elements that need a signed-in
 * participant (sign-in, account, membership, donation) would each draw the whole form. The first
 * connected one in document order owns the one full form; the others show a compact 'Sign in to join'
 * that brings the visitor to it. When the owner leaves the page, the next one takes over.
 */
export type SigninForms = {
  /** The element that shows the full form (null: none mounted). */
  owner: ReadonlySignal<HTMLElement | null>
  /** Adds an element that wants to show the form; `focus` moves the visitor into its form. Returns the removal. */
  register(host: HTMLElement, focus: () => void): () => void
  /** Brings the visitor to the full form: scrolls it into view and focuses its first field. */
  focusOwner(): void
}

export function createSigninForms(): SigninForms {
  const entries = new Map<HTMLElement, () => void>()
  const owner = signal<HTMLElement | null>(null)

  function elect() {
    let first: HTMLElement | null = null
    for (const host of entries.keys()) {
      if (!host.isConnected) continue
      // Document order: the earlier element on the page owns the form.
      if (!first || first.compareDocumentPosition(host) & Node.DOCUMENT_POSITION_PRECEDING) first = host
    }
    if (owner.value !== first) owner.value = first
  }

  return {
    owner,
    register(host, focus) {
      entries.set(host, focus)
      elect()
      return () => {
        if (entries.get(host) !== focus) return
        entries.delete(host)
        elect()
      }
    },
    focusOwner() {
      elect()
      const host = owner.value
      if (!host) return
      host.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
      entries.get(host)?.()
    },
  }
}

const perRuntime = new WeakMap<object, SigninForms>()

/** The sign-in forms of a program's runtime (made with the first sign-in form: no other page needs them). */
export function signinFormsOf(runtime: object): SigninForms {
  let forms = perRuntime.get(runtime)
  if (!forms) perRuntime.set(runtime, (forms = createSigninForms()))
  return forms
}
