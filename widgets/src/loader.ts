/**
 * The script-tag loader, served as /embed.js (docs/embedding.md):
 *
 *   <script src="https://HOST/embed.js" data-program="PUBLIC_KEY" async></script>
 *
 * It replaces the `Tessera(...)` queue stub with the real function, injects the widget bundle once
 * (from its own origin, with its own nonce), and replays the queued calls. It has no dependencies and
 * catches every error: nothing here may break the partner's page.
 */
// Types only: they are erased, so the loader carries none of the bundle's code (lint holds this).
import type { WidgetsApi } from './embed/api'
import type { FrameMessage, ParentMessage, TesseraEventName } from './embed/events'

// The widget module's path, with a content hash for cache busting (vite.loader.config.ts fills it in).
declare const __TESSERA_ELEMENTS__: string

type Queued = ArrayLike<unknown>
type TesseraFn = ((...args: unknown[]) => void) & { q?: Queued[]; loaded?: boolean }
type Win = Window & { Tessera?: TesseraFn; TesseraWidgets?: WidgetsApi }

/** The widget events, as embed/events.ts names them; the type makes tsc fail when the two differ. */
const EVENTS: Record<TesseraEventName, true> = {
  'tessera:signed-in': true,
  'tessera:signed-out': true,
  'tessera:challenge-completed': true,
  'tessera:reward-claimed': true,
  'tessera:offer-redeemed': true,
  'tessera:checkout-started': true,
}

/** `signed-in` or `tessera:signed-in` -> `tessera:signed-in` (as embed/events.ts `eventName`). */
const eventName = (name: string) => (name.startsWith('tessera:') ? name : `tessera:${name}`)

/** Narrows an iframe's message to a FrameMessage (as embed/events.ts `isFrameMessage`). */
function isFrameMessage(data: unknown): data is FrameMessage {
  if (!data || typeof data !== 'object') return false
  const m = data as Record<string, unknown>
  if (m.type === 'tessera:ready') return true
  if (m.type === 'tessera:resize')
    return typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0
  return (
    m.type === 'tessera:event' &&
    typeof m.name === 'string' &&
    EVENTS[m.name as TesseraEventName] === true &&
    typeof m.detail === 'object' &&
    m.detail !== null
  )
}

/** Options of `Tessera('iframe', { ... })`. */
export type IframeOptions = {
  widget: string
  /** Where the frame goes: a CSS selector or an element. */
  target: string | Element
  params?: Record<string, string | number>
  program?: string
  /** A partner identity token for this frame (each token is single use). */
  identityToken?: string
  title?: string
}

;(() => {
  const w = window as Win
  const log = (err: unknown) => console.error('Tessera:', err)
  try {
    if (w.Tessera?.loaded) return
    const d = document
    const script = (d.currentScript ||
      d.querySelector('script[src*="/embed.js"]')) as HTMLScriptElement | null
    const origin = new URL(script?.src || '/', location.href).origin
    const config = { program: script?.dataset.program, apiBase: origin }
    const frames: HTMLIFrameElement[] = []
    const tokens = new Map<HTMLIFrameElement, string>()
    const waiting: [string, unknown[]][] = []
    let bundle: WidgetsApi | undefined

    const forward = (name: string, args: unknown[]) => {
      if (!bundle) return void waiting.push([name, args])
      const api = bundle as unknown as Record<string, (...a: unknown[]) => unknown>
      // Sync throws and rejections alike end in the log, wherever forward is called from.
      Promise.resolve()
        .then(() => api[name]!(...args))
        .catch(log)
    }

    const toFrames = (message: ParentMessage) => {
      for (const f of frames) f.contentWindow?.postMessage(message, origin)
    }

    const iframe = (o: IframeOptions): HTMLIFrameElement | undefined => {
      const host = typeof o.target === 'string' ? d.querySelector(o.target) : o.target
      // A call made in the partner's <head> (or replayed from the queue before the body is parsed)
      // waits for the document, as the elements do, rather than missing its target.
      if (!host && d.readyState === 'loading') {
        d.addEventListener('DOMContentLoaded', () => call('iframe', o), { once: true })
        return
      }
      if (!host) throw new Error(`iframe target ${o.target} not found`)
      const url = new URL(`/embed/${encodeURIComponent(o.widget)}`, origin)
      url.searchParams.set('program', o.program || config.program || '')
      for (const [k, v] of Object.entries(o.params || {})) url.searchParams.set(k, String(v))
      const f = d.createElement('iframe')
      f.src = url.href
      f.title = o.title || 'Rewards'
      f.style.cssText = 'width:100%;height:0;border:0;display:block;color-scheme:normal'
      if (o.identityToken) tokens.set(f, o.identityToken)
      frames.push(f)
      host.append(f)
      return f
    }

    addEventListener('message', (e) => {
      const f = frames.find((x) => x.contentWindow === e.source)
      if (!f || e.origin !== origin || !isFrameMessage(e.data)) return
      const m = e.data as FrameMessage
      if (m.type === 'tessera:resize') f.style.height = `${m.height}px`
      else if (m.type === 'tessera:event')
        f.dispatchEvent(new CustomEvent(m.name, { detail: m.detail, bubbles: true, composed: true }))
      else {
        const token = tokens.get(f)
        tokens.delete(f)
        if (token)
          f.contentWindow?.postMessage({ type: 'tessera:identity', token } satisfies ParentMessage, origin)
      }
    })

    const call = (name: unknown, ...args: unknown[]) => {
      try {
        if (name === 'init') {
          Object.assign(config, args[0])
          forward('init', [config])
        } else if (name === 'on') {
          const handler = args[1] as (detail: unknown, event: Event) => void
          d.addEventListener(eventName(String(args[0])), (e) => {
            try {
              handler((e as CustomEvent).detail, e)
            } catch (err) {
              log(err)
            }
          })
        } else if (name === 'iframe') return iframe(args[0] as IframeOptions)
        else if (name === 'signInWithIdentityToken' || name === 'signOut') {
          forward(name, args)
          if (name === 'signOut') toFrames({ type: 'tessera:sign-out' })
        } else throw new Error(`unknown call ${String(name)}`)
      } catch (err) {
        log(err)
      }
    }

    const queued = w.Tessera?.q || []
    const api = call as TesseraFn
    api.loaded = true
    w.Tessera = api

    // An ES module: it fetches each element's code when an element with that tag appears (CORS-enabled
    // on the Tessera origin; the partner's script-src allows that origin or trusts this script's nonce).
    const s = d.createElement('script')
    s.type = 'module'
    s.src = new URL(__TESSERA_ELEMENTS__, origin).href
    if (script?.nonce) s.nonce = script.nonce
    if (config.program) s.dataset.program = config.program
    s.onload = () => {
      bundle = w.TesseraWidgets
      if (!bundle) return log('the widget bundle did not start')
      forward('init', [config])
      for (const [name, args] of waiting.splice(0)) forward(name, args)
    }
    s.onerror = () => log('the widget bundle could not be loaded')
    d.head.append(s)

    for (const args of queued) call(...(Array.from(args) as [unknown]))
  } catch (err) {
    log(err)
  }
})()
