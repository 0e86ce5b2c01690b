import { configureEmbed, embedDefaults } from './mount'
import { allRuntimes, getRuntime } from './runtime'

/** Options of `Tessera('init', { ... })`. */
export type InitOptions = { program?: string; apiBase?: string }

/**
 * What the widget bundle offers the loader (window.TesseraWidgets). The loader queues partner calls
 * until the bundle has loaded, then forwards them here; every method may reject, and the loader logs
 * the rejection instead of letting it reach the partner's page.
 */
export type WidgetsApi = {
  init(options: InitOptions): void
  signInWithIdentityToken(token: string): Promise<unknown>
  signOut(): Promise<unknown>
}

export const widgetsApi: WidgetsApi = {
  init({ program, apiBase }) {
    configureEmbed({
      ...(program ? { programKey: program } : {}),
      ...(apiBase ? { apiBase: apiBase.replace(/\/+$/, '') } : {}),
    })
  },
  signInWithIdentityToken(token) {
    const { programKey, apiBase } = embedDefaults.value
    if (!programKey) return Promise.reject(new Error('Tessera: call init with a program first'))
    if (typeof token !== 'string' || !token)
      return Promise.reject(new Error('Tessera: signInWithIdentityToken needs the token string'))
    return getRuntime({ programKey, apiBase }).signInWithIdentityToken(token)
  },
  signOut() {
    return Promise.all(allRuntimes().map((r) => r.signOut()))
  },
}
