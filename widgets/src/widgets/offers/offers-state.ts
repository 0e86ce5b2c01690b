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
