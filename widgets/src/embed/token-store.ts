/**
 * Where an embedded widget keeps the participant's session token: localStorage of the page it runs
 * in, under a key per program, so no third-party cookie is ever needed. When storage is blocked
 * (private modes, sandboxed frames) the token lives in memory for the page's lifetime.
 */

export const tokenKey = (programKey: string) => `tessera:${programKey}:token`

export type TokenStore = {
  read(): string | null
  write(token: string | null): void
}

/** Tokens are opaque, URL-safe and short; anything else in the slot is ignored. */
const plausible = (value: string | null): value is string =>
  typeof value === 'string' && /^[\w.~-]{16,512}$/.test(value)

export function createTokenStore(
  programKey: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = safeLocalStorage(),
): TokenStore {
  const key = tokenKey(programKey)
  let memory: string | null = null
  return {
    read() {
      try {
        const stored = storage?.getItem(key) ?? null
        if (plausible(stored)) return stored
      } catch {}
      return memory
    },
    write(token) {
      memory = token
      try {
        if (token) storage?.setItem(key, token)
        else storage?.removeItem(key)
      } catch {}
    },
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Reading the property itself throws when the browser blocks storage for this frame.
    return null
  }
}
