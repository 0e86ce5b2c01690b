import { effect } from '@preact/signals'
import type { Runtime } from './runtime'
import { tokenKey } from './token-store'

/**
 * The iframe page's storage when the browser denies it to third-party frames (private windows,
 * "Block third-party cookies"): localStorage then throws, and the session would silently live in one
 * frame's memory. This module says so in the console, shares the in-memory session with the program's
 * other frames of the page (BroadcastChannel, partitioned like storage), and asks for storage access
 * (Storage Access API) on the visitor's first click or key press inside the frame.
 */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
type AccessHandle = { localStorage?: Storage }
/** Chromium's form: `requestStorageAccess({ localStorage: true })` resolves to a handle on the storage. */
type RequestAccess = (types: { localStorage: boolean }) => Promise<AccessHandle | undefined>

export function storageBlocked(): boolean {
  try {
    localStorage.getItem('tessera')
    return false
  } catch {
    return true
  }
}

export const BLOCKED_WARNING =
  'Tessera: this browser blocks third-party storage for the widget frames on this page (a private window or ' +
  '"Block third-party cookies"), so the participant session is kept in memory: it reaches only the frames of ' +
  'this page, and a reload signs out. The frame asks for storage access (Storage Access API, ' +
  'document.requestStorageAccess) on the visitor\'s first click inside it. To avoid this, embed with the ' +
  'script-tag custom elements (<tessera-signin>, <tessera-challenge-tiles>, ...) instead of Tessera(\'iframe\'), ' +
  'which keep the session on your own origin (docs/embedding.md).'

/**
 * Makes this frame's `localStorage` a storage that stays empty until storage access is granted, then
 * writes through to the granted one, so the token store (token-store.ts) needs no change.
 */
export function deferLocalStorage(win: Window = window) {
  const native = Object.getOwnPropertyDescriptor(win, 'localStorage')?.get
  let granted: Store | null = null
  const storage: Store = {
    getItem: (key) => granted?.getItem(key) ?? null,
    setItem: (key, value) => granted?.setItem(key, value),
    removeItem: (key) => granted?.removeItem(key),
  }
  Object.defineProperty(win, 'localStorage', { configurable: true, get: () => storage })
  return {
    grant: (s: Store) => void (granted = s),
    /** The frame's own storage, where access lifts the block on it (Firefox); throws where it does not. */
    native: () => native?.call(win) as Storage | undefined,
  }
}

/** Wires a frame whose storage is blocked: console warning, session shared in memory, storage access. */
export function connectBlockedStorage(
  runtime: Runtime,
  storage: ReturnType<typeof deferLocalStorage>,
  doc: Document = document,
) {
  console.warn(BLOCKED_WARNING)
  const key = tokenKey(runtime.programKey)
  const { client, session } = runtime
  const adopt = (token: string | null) => {
    if (token === client.transport.sessionToken) return
    client.transport.setSessionToken(token)
    if (token) {
      session.status.value = 'loading'
      void session.load()
    } else {
      session.participant.value = null
      session.status.value = 'signed_out'
    }
  }

  // The program's other frames of this page: a sign-in or a sign-out in one reaches the others.
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(`${key}:memory`)
    channel.onmessage = (e: MessageEvent<{ token?: string | null; ask?: true }>) => {
      if (e.data.ask) {
        if (client.transport.sessionToken) channel.postMessage({ token: client.transport.sessionToken })
      } else if (e.data.token !== undefined) adopt(e.data.token)
    }
    let was = client.transport.sessionToken
    effect(() => {
      const status = session.status.value
      const token = client.transport.sessionToken
      if ((status === 'ready' || status === 'signed_out') && token !== was) {
        was = token
        channel.postMessage({ token })
      }
    })
    channel.postMessage({ ask: true })
  }

  if (typeof doc.requestStorageAccess !== 'function') return
  const request = async () => {
    try {
      const handle = await (doc.requestStorageAccess as unknown as RequestAccess).call(doc, { localStorage: true })
      // Chromium hands the storage over in a handle; other browsers lift the block on the frame's own.
      let granted: Store | undefined
      try {
        granted = handle?.localStorage ?? storage.native()
      } catch {
        granted = undefined
      }
      if (!granted) return
      storage.grant(granted)
      const stored = granted.getItem(key)
      if (stored && !client.transport.sessionToken) adopt(stored)
      else if (client.transport.sessionToken) granted.setItem(key, client.transport.sessionToken)
    } catch {
      // Denied, or no gesture: the session stays in memory, as the warning said.
    }
  }
  const onGesture = () => {
    doc.removeEventListener('pointerdown', onGesture, true)
    doc.removeEventListener('keydown', onGesture, true)
    void request()
  }
  doc.addEventListener('pointerdown', onGesture, true)
  doc.addEventListener('keydown', onGesture, true)
  // Granted on an earlier visit: no gesture needed.
  const granted = (yes: boolean) => yes && onGesture()
  if (typeof doc.hasStorageAccess === 'function') void doc.hasStorageAccess().then(granted, () => {})
  navigator.permissions
    ?.query({ name: 'storage-access' as PermissionName })
    .then((s) => granted(s.state === 'granted'), () => {})
}
