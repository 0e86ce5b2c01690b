import type { PublicProgram } from '../../../sdk/contract/program'
import { EVENT_NAMES, type FrameMessage, isParentMessage } from './events'
import type { Runtime } from './runtime'

/**
 * The iframe side of the host <-> widget bridge: the widget's events and its height go to the parent
 * as typed, namespaced messages (events.ts); the parent may send an identity token or a sign-out. The
 * loader side checks every message's origin and source (loader.ts).
 */

/** The JSON block the worker puts in /embed/{widget} (routes/pages.ts). */
export type FrameBootstrap = { program: PublicProgram; widget: string; params: Record<string, string> }

export function parseFrameBootstrap(text: string | null | undefined): FrameBootstrap | null {
  try {
    const data = JSON.parse(text ?? 'null') as Partial<FrameBootstrap> | null
    if (!data?.program?.public_key || typeof data.widget !== 'string') return null
    const params = data.params && typeof data.params === 'object' ? data.params : {}
    return { program: data.program, widget: data.widget, params }
  } catch {
    return null
  }
}

/**
 * The element's attributes from the page's query: `reward_id=7` -> `reward-id="7"`; the program is in
 * the URL already, and names that are not plain words are dropped.
 * @example elementAttributes({ program: 'demo', reward_id: '7' }) // [['reward-id', '7']]
 */
export function elementAttributes(params: Record<string, string>): [string, string][] {
  return Object.entries(params)
    .filter(([name]) => name !== 'program' && /^[a-z][a-z0-9_-]*$/i.test(name))
    .map(([name, value]) => [name.toLowerCase().replace(/_/g, '-'), String(value)])
}

/** Who framed us: messages go to that origin only (frame-ancestors already limits it to partners). */
export function parentOrigin(
  loc: { ancestorOrigins?: ArrayLike<string> } = location,
  referrer = document.referrer,
): string {
  if (loc.ancestorOrigins?.length) return loc.ancestorOrigins[0]!
  try {
    if (referrer) return new URL(referrer).origin
  } catch {}
  return '*'
}

/**
 * Connects a mounted widget to the parent page: its events, its height (whenever it changes), and
 * the parent's identity-token and sign-out messages. Returns the function that disconnects it.
 */
export function connectToParent(element: HTMLElement, measured: HTMLElement, runtime: Runtime): () => void {
  if (window.parent === window) return () => {}
  const target = parentOrigin()
  const post = (message: FrameMessage) => window.parent.postMessage(message, target)

  const forward = (e: Event) =>
    post({ type: 'tessera:event', name: e.type, detail: (e as CustomEvent).detail } as FrameMessage)
  for (const name of EVENT_NAMES) document.addEventListener(name, forward)

  let last = -1
  const report = () => {
    const height = Math.ceil(measured.getBoundingClientRect().height)
    if (height === last) return
    last = height
    post({ type: 'tessera:resize', height })
  }
  const observer = new ResizeObserver(report)
  observer.observe(measured)
  // Chromium throttles rendering, ResizeObserver included, in a cross-origin frame that is off-screen:
  // a frame below the fold would keep a stale height until scrolled to. Measuring after each DOM change
  // (inside the widget's shadow root too) reports it at once.
  const mutations = new MutationObserver(report)
  for (const node of [measured, element.shadowRoot])
    if (node) mutations.observe(node, { childList: true, subtree: true, attributes: true, characterData: true })
  report()

  const onMessage = (e: MessageEvent) => {
    if (e.source !== window.parent || !isParentMessage(e.data)) return
    if (e.data.type === 'tessera:identity')
      runtime.signInWithIdentityToken(e.data.token, element).catch((err) => console.error('Tessera:', err))
    else void runtime.signOut(element)
  }
  window.addEventListener('message', onMessage)
  post({ type: 'tessera:ready' })

  return () => {
    for (const name of EVENT_NAMES) document.removeEventListener(name, forward)
    observer.disconnect()
    mutations.disconnect()
    window.removeEventListener('message', onMessage)
  }
}
