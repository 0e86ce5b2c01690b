import { signal } from '@preact/signals'
import {
  browserStorage,
  clearSavedLocation,
  type Geo,
  readSavedLocation,
  type SavedLocation,
  saveGeo,
  saveZip,
} from './offers-storage'

/**
 * The saved offers location as a signal, so the gate and the results re-render when it changes.
 * Storage may be unavailable (private mode, sandboxed frame): the signal then still holds it for the visit.
 */
export const savedLocation = signal<SavedLocation>(readSavedLocation(browserStorage()))

/**
 * Where focus goes next: a search (the gate's zip code, the search form) moves it to the results'
 * heading once they arrive, and opening a merchant to its name, as a page load would; not on a first
 * page load, where focus stays at the top of the page.
 */
let focusNext: 'results' | 'merchant' | null = null
export const requestFocus = (target: 'results' | 'merchant') => {
  focusNext = target
}
/** Whether `target` asked for focus (answered once). */
export const takeFocus = (target: 'results' | 'merchant') => {
  if (focusNext !== target) return false
  focusNext = null
  return true
}

/** Focuses `el` once the screen has settled (after a route change's own focus move). */
export const focusSoon = (el: { current: HTMLElement | null }) =>
  setTimeout(() => el.current?.focus({ preventScroll: false }), 0)

export function rememberZip(zip: string) {
  saveZip(browserStorage(), zip)
  savedLocation.value = { ...savedLocation.value, zip: zip.trim() }
}

/** A position replaces the saved zip code; a denied geolocation is saved as null. */
export function rememberGeo(geo: Geo | null) {
  saveGeo(browserStorage(), geo)
  savedLocation.value = geo ? { zip: null, geo } : { ...savedLocation.value, geo: null }
}

/** 'change location'. */
export function forgetLocation() {
  clearSavedLocation(browserStorage())
  savedLocation.value = { zip: null, geo: null }
}

export type LocateResult = { ok: true } | { ok: false; denied: boolean }

/** Asks the browser where the visitor is and saves it; a denial is saved as null. */
export function locate(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LocateResult> {
  return new Promise((resolve) => {
    if (!geolocation) {
      resolve({ ok: false, denied: false })
      return
    }
    geolocation.getCurrentPosition(
      (position) => {
        rememberGeo({
          latitude: Math.round(position.coords.latitude * 1e5) / 1e5,
          longitude: Math.round(position.coords.longitude * 1e5) / 1e5,
        })
        resolve({ ok: true })
      },
      (error) => {
        const denied = error.code === error.PERMISSION_DENIED
        if (denied) rememberGeo(null)
        resolve({ ok: false, denied })
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    )
  })
}
