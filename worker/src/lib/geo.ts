/** Distances on the earth's surface, in miles, and US zip code coordinates. */

export type GeoPoint = { latitude: number; longitude: number }

const EARTH_RADIUS_MILES = 3958.8
const MILES_PER_DEGREE_LATITUDE = 69.0
const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance between two points (haversine), in miles. */
export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The latitude/longitude box that holds every point within `miles` of `center`: a cheap index range
 * to prefilter with before the exact distance. Longitude degrees shrink with the cosine of the
 * latitude; the box is widened at the edge nearer the pole so no point inside the circle is missed.
 */
export function boundingBox(center: GeoPoint, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE
  const poleward = Math.min(89.9, Math.abs(center.latitude) + dLat)
  const dLng = Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * Math.cos(rad(poleward))))
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
  }
}

/** A point `miles` away from `center` in direction `bearing` (radians, 0 = north); flat-earth, fine for short hops. */
export function offsetPoint(center: GeoPoint, miles: number, bearing: number): GeoPoint {
  const dLat = (miles * Math.cos(bearing)) / MILES_PER_DEGREE_LATITUDE
  const dLng = (miles * Math.sin(bearing)) / (MILES_PER_DEGREE_LATITUDE * Math.cos(rad(center.latitude)))
  return { latitude: center.latitude + dLat, longitude: center.longitude + dLng }
}

export type ZipPlace = GeoPoint & { zip: string; city: string; state: string }

/** US zip code centres by zip code, and a lookup (the zipcodes package's shape, US only). */
export type ZipTable = { codes: Record<string, ZipPlace>; lookup(zip: string): ZipPlace | undefined }
let zipTable: Promise<ZipTable> | undefined

/**
 * The US zip codes of the zipcodes data set, decoded from the compact table scripts/make-data-tables.mjs
 * writes (0.7 MB of source instead of the package's 5.3 MB: decision 0044) on first use, so that isolates
 * and processes that never search offers neither evaluate nor decode it. `codes` keeps the package's
 * order (the demo catalog depends on it).
 */
export function loadZipcodes(): Promise<ZipTable> {
  zipTable ??= import('./us-zip-table').then(({ US_ZIP_TABLE }) => {
    const codes: Record<string, ZipPlace> = {}
    let zip = 0
    let lat = 0
    let lon = 0
    let city = ''
    let state = ''
    for (const entry of US_ZIP_TABLE.split(';')) {
      const [dZip, dLat, dLon, newCity, newState] = entry.split(',') as [string, string, string, string?, string?]
      zip += parseInt(dZip, 36)
      lat += parseInt(dLat, 36)
      lon += parseInt(dLon, 36)
      if (newCity) city = newCity
      if (newState) state = newState
      const code = String(zip).padStart(5, '0')
      codes[code] = { zip: code, latitude: lat / 1e4, longitude: lon / 1e4, city, state }
    }
    return { codes, lookup: (code: string) => (Object.hasOwn(codes, code) ? codes[code] : undefined) }
  })
  return zipTable
}

/** A US 5-digit zip code's centre and place, or null when the data set does not know it. */
export async function lookupZip(zip: string): Promise<ZipPlace | null> {
  if (!/^\d{5}$/.test(zip)) return null
  const found = (await loadZipcodes()).lookup(zip)
  return found ? { ...found } : null
}
