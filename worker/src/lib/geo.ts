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

type ZipcodesModule = typeof import('zipcodes')
let zipcodes: Promise<ZipcodesModule> | undefined

/**
 * The zipcodes package's data set (about 5 MB of source), loaded on first use so that isolates and
 * processes that never search offers do not evaluate it.
 */
export function loadZipcodes(): Promise<ZipcodesModule> {
  zipcodes ??= import('zipcodes').then(
    (m) => ((m as { default?: ZipcodesModule }).default ?? m) as ZipcodesModule,
  )
  return zipcodes
}

/** A US 5-digit zip code's centre and place, or null when the data set does not know it. */
export async function lookupZip(zip: string): Promise<ZipPlace | null> {
  if (!/^\d{5}$/.test(zip)) return null
  const found = (await loadZipcodes()).lookup(zip)
  if (found?.country !== 'US') return null
  return {
    zip: found.zip,
    latitude: found.latitude,
    longitude: found.longitude,
    city: found.city,
    state: found.state,
  }
}
