import type { OffersLocation } from '../../../../sdk/src/resources/offers'
import type { OffersSearch } from './offers-search'

/**
 * The saved offers location (participant-site.md section 3, Browser storage): a zip code and a
 * geolocation, under two fixed keys. A denied geolocation is saved as null.
 */
export const ZIP_KEY = 'tessera:offers:zip'
export const GEO_KEY = 'tessera:offers:geo'

export type Geo = { latitude: number; longitude: number }
export type SavedLocation = { zip: string | null; geo: Geo | null }

/** The storage the helpers use: localStorage in a browser, or anything with the same three methods. */
export type OffersStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** localStorage when the browser allows it (private modes and sandboxed frames may not). */
export function browserStorage(): OffersStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isGeo = (value: unknown): value is Geo => {
  const v = value as Partial<Geo> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.latitude === 'number' &&
    typeof v.longitude === 'number' &&
    Math.abs(v.latitude) <= 90 &&
    Math.abs(v.longitude) <= 180
  )
}

/** What is saved; anything unreadable counts as nothing. */
export function readSavedLocation(storage: OffersStorage | null): SavedLocation {
  if (!storage) return { zip: null, geo: null }
  let zip: string | null = null
  let geo: Geo | null = null
  try {
    const savedZip = storage.getItem(ZIP_KEY)
    zip = savedZip && /^\d{5}$/.test(savedZip) ? savedZip : null
    const savedGeo = storage.getItem(GEO_KEY)
    const parsed: unknown = savedGeo ? JSON.parse(savedGeo) : null
    geo = isGeo(parsed) ? { latitude: parsed.latitude, longitude: parsed.longitude } : null
  } catch {
    // A hand-edited or foreign value: ignore it.
  }
  return { zip, geo }
}

function write(storage: OffersStorage | null, key: string, value: string | null) {
  if (!storage) return
  try {
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, value)
  } catch {
    // Full or blocked storage: the location then lives in the URL only.
  }
}

/** Saves the zip code; it wins over a saved geolocation. */
export function saveZip(storage: OffersStorage | null, zip: string) {
  write(storage, ZIP_KEY, zip.trim())
}

/**
 * Saves the browser's position, or null when the visitor denied it. A position replaces the saved
 * zip code, so the search uses where the visitor is now.
 */
export function saveGeo(storage: OffersStorage | null, geo: Geo | null) {
  write(storage, GEO_KEY, JSON.stringify(geo ? { latitude: geo.latitude, longitude: geo.longitude } : null))
  if (geo) write(storage, ZIP_KEY, null)
}

/** 'change location': removes both saved values. */
export function clearSavedLocation(storage: OffersStorage | null) {
  write(storage, ZIP_KEY, null)
  write(storage, GEO_KEY, null)
}

/**
 * Where to search (participant-site.md section 5, Offers loader): the zip code or the
 * latitude-longitude pair from the query; else the saved zip code or saved geolocation; else null
 * (the location gate).
 */
export function resolveLocation(
  query: Pick<OffersSearch, 'zip_code' | 'latitude' | 'longitude'>,
  saved: SavedLocation,
): OffersLocation | null {
  if (query.zip_code) return { zip_code: query.zip_code }
  if (query.latitude !== undefined && query.longitude !== undefined)
    return { latitude: query.latitude, longitude: query.longitude }
  if (saved.zip) return { zip_code: saved.zip }
  if (saved.geo) return { latitude: saved.geo.latitude, longitude: saved.geo.longitude }
  return null
}
