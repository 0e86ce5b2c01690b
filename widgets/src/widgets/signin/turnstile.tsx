import { useEffect, useRef, useState } from 'preact/hooks'
import '../../ui/input.css' // the field classes rendered here

/** Cloudflare Turnstile, loaded only for programs with a site key. */
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

type TurnstileApi = {
  render(el: HTMLElement, options: Record<string, unknown>): string
  reset(widgetId: string): void
  remove(widgetId: string): void
}
declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let loading: Promise<TurnstileApi> | null = null

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile missing')))
    script.onerror = () => {
      loading = null
      script.remove()
      reject(new Error('Turnstile failed to load'))
    }
    document.head.append(script)
  })
  return loading
}

type TurnstileProps = {
  siteKey: string
  /** Called with a fresh token, or '' when it expires or fails. */
  onToken: (token: string) => void
  /** Changing it asks for a new token (a token is single use). */
  resetKey: number
  error?: string | undefined
}

/** The bot check shown before sign-up (action "login"); its token is sent as cf-turnstile-response. */
export function Turnstile({ siteKey, onToken, resetKey, error }: TurnstileProps) {
  const host = useRef<HTMLDivElement>(null)
  const widgetId = useRef<string | null>(null)
  const tokenCallback = useRef(onToken)
  tokenCallback.current = onToken
  const [unavailable, setUnavailable] = useState(false)

  useEffect(() => {
    let cancelled = false
    loadTurnstile()
      .then((api) => {
        if (cancelled || !host.current) return
        widgetId.current = api.render(host.current, {
          sitekey: siteKey,
          action: 'login',
          callback: (token: string) => tokenCallback.current(token),
          'expired-callback': () => tokenCallback.current(''),
          'error-callback': () => tokenCallback.current(''),
        })
      })
      .catch(() => !cancelled && setUnavailable(true))
    return () => {
      cancelled = true
      if (widgetId.current) window.turnstile?.remove(widgetId.current)
      widgetId.current = null
    }
  }, [siteKey])

  useEffect(() => {
    if (resetKey && widgetId.current) window.turnstile?.reset(widgetId.current)
  }, [resetKey])

  return (
    <div class="turnstile">
      <div ref={host} />
      {unavailable && <p class="field__error">The security check could not load. Check your connection and reload the page.</p>}
      {error && !unavailable && <p class="field__error">{error}</p>}
    </div>
  )
}
