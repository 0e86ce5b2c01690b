/**
 * The host <-> widget contract: the DOM events an embedded widget dispatches on its element, and the
 * postMessage messages between an iframe widget and the partner page. docs/embedding.md documents
 * each one (when it fires, what it carries); change both together.
 */

/** The signed-in participant as events carry it (no balances of other people, no tokens). */
export type EventParticipant = {
  id: number
  first_name: string
  last_name: string
  email: string
  unused_points: number
  points: number
}

/**
 * Every event a widget dispatches, by name. All bubble and are composed, so a listener on the element,
 * on any ancestor or on `document` sees them, and `Tessera('on', name, handler)` wraps the latter.
 */
export type TesseraEventMap = {
  /** A participant signed in: e-mail code inside a widget, or a partner identity token. */
  'tessera:signed-in': { participant: EventParticipant }
  /** The participant signed out (from a widget, or `Tessera('signOut')`). */
  'tessera:signed-out': Record<string, never>
  /** A challenge was submitted and completed; `points` is what it earned (0 for prize challenges). */
  'tessera:challenge-completed': { challenge_id: number; points: number }
  /** A reward was claimed (redeem, offer) or sweepstake entries bought. */
  'tessera:reward-claimed': { reward_id: number }
  /** An offer was redeemed in <tessera-offers> (MOBILE: the voucher shows; CLICK: the merchant's site opens). */
  'tessera:offer-redeemed': { endeca_key: string; redemption_type: 'CLICK' | 'MOBILE' }
  /** A membership or donation checkout was created; the page is about to go to the payment page. */
  'tessera:checkout-started': { challenge_id: number; kind: 'membership' | 'donation' }
}
export type TesseraEventName = keyof TesseraEventMap

export const EVENT_NAMES: readonly TesseraEventName[] = [
  'tessera:signed-in',
  'tessera:signed-out',
  'tessera:challenge-completed',
  'tessera:reward-claimed',
  'tessera:offer-redeemed',
  'tessera:checkout-started',
]

export const isEventName = (name: unknown): name is TesseraEventName =>
  typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name)

/** `signed-in` or `tessera:signed-in` -> `tessera:signed-in`. */
export const eventName = (name: string) => (name.startsWith('tessera:') ? name : `tessera:${name}`)

/**
 * Dispatches one widget event on `target` (the custom element, or `document` for calls that belong
 * to no element). Never throws: a partner listener that fails must not break the widget.
 */
export function emit<K extends TesseraEventName>(target: EventTarget, name: K, detail: TesseraEventMap[K]) {
  try {
    target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }))
  } catch (err) {
    console.error(err)
  }
}

/** iframe -> parent: `ready` once it listens, `resize` whenever its content height changes, `event` per widget event. */
export type FrameMessage =
  | { type: 'tessera:ready' }
  | { type: 'tessera:resize'; height: number }
  | {
      [K in TesseraEventName]: { type: 'tessera:event'; name: K; detail: TesseraEventMap[K] }
    }[TesseraEventName]

/** parent -> iframe: the loader forwards these calls to its iframes. */
export type ParentMessage = { type: 'tessera:identity'; token: string } | { type: 'tessera:sign-out' }

/** Narrows an incoming message to a FrameMessage (the loader checks origin and source first). */
export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!data || typeof data !== 'object') return false
  const m = data as Record<string, unknown>
  if (m.type === 'tessera:ready') return true
  if (m.type === 'tessera:resize')
    return typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0
  return (
    m.type === 'tessera:event' && isEventName(m.name) && typeof m.detail === 'object' && m.detail !== null
  )
}

export function isParentMessage(data: unknown): data is ParentMessage {
  if (!data || typeof data !== 'object') return false
  const m = data as Record<string, unknown>
  return (m.type === 'tessera:identity' && typeof m.token === 'string') || m.type === 'tessera:sign-out'
}
