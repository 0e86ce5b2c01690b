/** Bot check before sign-up. */
export interface CaptchaVerifier {
  verify(response: string, remoteIp?: string): Promise<boolean>
  /** The check is off (it passes everything): it cannot stand in for a limit it would lift. */
  readonly off?: boolean
}

/** Local default when no Turnstile secret is configured: the check is off. */
export const captchaOff: CaptchaVerifier = { off: true, verify: async () => true }

/** Cloudflare Turnstile's siteverify API. */
export function createTurnstileVerifier(opts: { secret: string; fetch?: typeof fetch; url?: string }): CaptchaVerifier {
  const url = opts.url ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
  const doFetch = opts.fetch ?? fetch
  return {
    async verify(response, remoteIp) {
      if (!response) return false
      const body = new FormData()
      body.set('secret', opts.secret)
      body.set('response', response)
      if (remoteIp) body.set('remoteip', remoteIp)
      const res = await doFetch(url, { method: 'POST', body })
      if (!res.ok) return false
      const data = (await res.json()) as { success?: boolean }
      return data.success === true
    },
  }
}
