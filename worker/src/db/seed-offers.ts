import { eq, sql } from 'drizzle-orm'
import { boundingBox, type GeoPoint, haversineMiles, loadZipcodes, offsetPoint } from '../lib/geo'
import type { Db } from './client'
import { merchants, offers } from './schema'
import { insertChunked } from './seed-insert'

/**
 * The demo merchant catalog: MERCHANTS_PER_CENTER merchants scattered within ten miles of each centre
 * zip code, each with one to six offers. Deterministic (seeded PRNG): every database gets the same
 * catalog, so links to /my-offers/{slug} survive a reseed. Idempotent: skipped when the first demo
 * merchant exists.
 */

const CENTERS = [
  { zip: '10001', areaCodes: ['212', '646', '917'] },
  { zip: '94103', areaCodes: ['415', '628'] },
  { zip: '60601', areaCodes: ['312', '773'] },
] as const
const MERCHANTS_PER_CENTER = 100
const SPREAD_MILES = 10
const ID_PREFIX = 'tsr-demo-'

type Category = 25 | 27 | 26 | 91
type Mode = 'CLICK' | 'MOBILE'

/** mulberry32: small, fast and good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const weighted = <T>(choices: readonly (readonly [T, number])[]): T => {
    let r = next() * choices.reduce((s, [, w]) => s + w, 0)
    for (const [value, w] of choices) {
      r -= w
      if (r < 0) return value
    }
    return choices[choices.length - 1]![0]
  }
  return { next, int, pick, weighted }
}
type Rng = ReturnType<typeof prng>

const ADJECTIVES = [
  'Golden', 'Rustic', 'Little', 'Blue', 'Copper', 'Olive', 'Harbor', 'Maple', 'Saffron', 'Juniper', 'Smoky',
  'Sunny', 'Urban', 'Corner', 'Brick', 'Wild', 'Silver', 'Red', 'Iron', 'Cedar', 'Northside', 'Union',
  'Lucky', 'Velvet', 'Hidden', 'Bright', 'Twin', 'Old Town', 'Crescent', 'Bay',
] as const
const NOUNS = [
  'Fork', 'Spoon', 'Table', 'Kettle', 'Oven', 'Garden', 'Grove', 'Lantern', 'Barrel', 'Hearth', 'Basil',
  'Pepper', 'Anchor', 'Ember', 'Fig', 'Sparrow', 'Fox', 'Compass', 'Pine', 'Willow', 'Stone', 'Bridge',
] as const

const CATEGORY = {
  25: {
    logos: ['dining-1', 'dining-2'],
    types: [
      'Bistro', 'Kitchen', 'Grill', 'Cafe', 'Pizzeria', 'Taqueria', 'Noodle Bar', 'Bakery', 'Diner', 'Trattoria',
      'Steakhouse', 'Sushi', 'Brasserie', 'Tavern', 'Coffee Roasters', 'Burger Co.', 'Ramen House', 'Deli',
      'Creamery', 'BBQ',
    ],
    stubs: [
      'Seasonal plates and a neighborhood bar.',
      'Family recipes, made from scratch every morning.',
      'Wood-fired favorites and local craft beer.',
      'Fresh, fast and made to order.',
      'Brunch all weekend, dinner every night.',
    ],
    modes: [[['MOBILE'], 7], [['CLICK', 'MOBILE'], 2], [['CLICK'], 1]],
  },
  27: {
    logos: ['shopping-1', 'shopping-2'],
    types: [
      'Outfitters', 'Boutique', 'Hardware', 'Books', 'Home Goods', 'Cycles', 'Florist', 'Shoe Co.', 'Optical',
      'Pet Supply', 'Toy Shop', 'Jewelers', 'Apparel', 'Electronics', 'Market', 'Wine & Spirits', 'Beauty Bar',
      'Running Co.', 'Records', 'Gallery',
    ],
    stubs: [
      'Locally owned and proudly independent.',
      'Everyday essentials and thoughtful gifts.',
      'Quality brands at neighborhood prices.',
      'Shop in store or online with free pickup.',
    ],
    modes: [[['MOBILE'], 4], [['CLICK'], 3], [['CLICK', 'MOBILE'], 3]],
  },
  26: {
    logos: ['events-1', 'events-2'],
    types: [
      'Cinema', 'Escape Rooms', 'Bowling Lanes', 'Comedy Club', 'Climbing Gym', 'Mini Golf', 'Theater', 'Aquarium',
      'Art Studio', 'Karaoke', 'Axe Throwing', 'Trampoline Park', 'Jazz Club', 'Museum', 'Paint & Sip', 'Laser Tag',
      'Go-Karts', 'Planetarium',
    ],
    stubs: [
      'Fun for the whole family, rain or shine.',
      'Private parties and group events every day.',
      'Live shows every weekend.',
      'Book online and skip the line.',
    ],
    modes: [[['MOBILE'], 5], [['CLICK', 'MOBILE'], 3], [['CLICK'], 2]],
  },
  91: {
    logos: ['travel-1', 'travel-2'],
    types: [
      'Hotel', 'Inn', 'Suites', 'Car Rental', 'Parking', 'Luggage Co.', 'Travel Agency', 'Airport Shuttle', 'Hostel',
      'Boat Tours', 'Bike Rentals', 'Limousine', 'Spa & Resort', 'City Tours',
    ],
    stubs: [
      'Comfortable stays minutes from downtown.',
      'Getting you there on time since 1998.',
      'Plan less, see more.',
      'Free cancellation on most bookings.',
    ],
    modes: [[['CLICK'], 6], [['CLICK', 'MOBILE'], 2.5], [['MOBILE'], 1.5]],
  },
} as const satisfies Record<
  Category,
  { logos: readonly string[]; types: readonly string[]; stubs: readonly string[]; modes: readonly (readonly [readonly Mode[], number])[] }
>

/** Each template gives short text, long text and value in dollars from two random numbers. */
type OfferTemplate = (p: number, a: number) => { short: string; long: string; value: number }

const OFFER_TEMPLATES: Record<Category, readonly OfferTemplate[]> = {
  25: [
    (p) => ({ short: `${p}% off your bill`, long: `Save ${p}% on your food and beverage total when you dine in. Tax and gratuity not included.`, value: Math.round(p * 0.8) }),
    (_, a) => ({ short: `$${a} off a purchase of $${a * 4} or more`, long: `Take $${a} off when your check comes to $${a * 4} or more before tax and tip.`, value: a }),
    () => ({ short: 'Buy one entrée, get one free', long: 'Order any entrée and get a second of equal or lesser value free.', value: 22 }),
    () => ({ short: 'Free appetizer with two entrées', long: 'Enjoy a free appetizer (up to $14) when you order two entrées.', value: 14 }),
    () => ({ short: 'Free dessert with any entrée', long: 'Finish on a sweet note: one free dessert with the purchase of any entrée.', value: 9 }),
    (p) => ({ short: `${p}% off takeout orders`, long: `Save ${p}% on takeout and pickup orders placed in person or by phone.`, value: Math.round(p * 0.6) }),
  ],
  27: [
    (p) => ({ short: `${p}% off one regular-price item`, long: `Save ${p}% on any one regular-price item in store.`, value: Math.round(p * 1.2) }),
    (_, a) => ({ short: `$${a} off $${a * 5} or more`, long: `Take $${a} off a purchase of $${a * 5} or more, before tax.`, value: a }),
    (p) => ({ short: `${p}% off your entire purchase online`, long: `Save ${p}% sitewide when you shop online through this offer.`, value: Math.round(p * 1.5) }),
    () => ({ short: 'Free gift with purchase', long: 'Receive a free gift (a $15 value) with any purchase of $40 or more.', value: 15 }),
    () => ({ short: 'Buy one, get one 50% off', long: 'Buy any item and get a second item of equal or lesser value at half price.', value: 20 }),
  ],
  26: [
    (p) => ({ short: `${p}% off admission`, long: `Save ${p}% on general admission for up to four guests.`, value: Math.round(p * 0.9) }),
    () => ({ short: 'Buy one ticket, get one free', long: 'Purchase one full-price ticket and receive a second ticket free.', value: 18 }),
    (_, a) => ({ short: `$${a} off a party package`, long: `Take $${a} off any group or birthday party package booked for 8 or more guests.`, value: a }),
    () => ({ short: 'Free popcorn with two tickets', long: 'Get a free medium popcorn when you buy two tickets.', value: 8 }),
  ],
  91: [
    (p) => ({ short: `Up to ${p}% off your stay`, long: `Save up to ${p}% on the best available rate when you book two or more nights.`, value: p * 3 }),
    (_, a) => ({ short: `$${a} off weekly car rentals`, long: `Take $${a} off any weekly rental of a compact car or larger.`, value: a }),
    (p) => ({ short: `${p}% off airport parking`, long: `Save ${p}% on covered parking when you reserve ahead.`, value: Math.round(p * 1.1) }),
    () => ({ short: 'Free night with a 3-night stay', long: 'Book three consecutive nights and the fourth night is on us.', value: 150 }),
  ],
}

const QUALIFIERS = [
  'Valid Monday through Thursday.',
  'Not valid with other offers or on holidays.',
  'One per table per visit. Dine-in only.',
  'Excludes alcohol, tax and gratuity.',
  'Online only, with the code shown at checkout.',
  'Subject to availability. Blackout dates apply.',
  'Valid for up to 4 guests.',
  'One per customer per visit. Not valid on sale items.',
  'Must be 18 or older. Reservation recommended.',
] as const

const STREETS = [
  'Main', 'Oak', 'Park', 'Market', 'Broadway', 'Elm', 'Washington', 'Lake', 'Hill', 'Mission', 'State', 'Madison',
  'Grand', 'Union', 'Church', 'Spring', 'Water', 'Maple', 'Center', 'Pine', 'Franklin', 'Lincoln',
] as const
const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Pl'] as const

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

type ZipPoint = GeoPoint & { zip: string; city: string; state: string }

/** US zip codes whose centres lie within `miles` of the centre: the nearest one names a merchant's place. */
async function zipsNear(center: GeoPoint, miles: number): Promise<ZipPoint[]> {
  const { codes } = await loadZipcodes()
  const box = boundingBox(center, miles)
  const inBox = (z: GeoPoint) =>
    z.latitude >= box.minLat && z.latitude <= box.maxLat && z.longitude >= box.minLng && z.longitude <= box.maxLng
  return Object.values(codes)
    .filter((z) => inBox(z) && haversineMiles(center, z) <= miles)
    .map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude }))
}

function nearest(point: GeoPoint, places: ZipPoint[]): ZipPoint {
  let best = places[0]!
  let bestDistance = Number.POSITIVE_INFINITY
  for (const p of places) {
    const d = haversineMiles(point, p)
    if (d < bestDistance) [best, bestDistance] = [p, d]
  }
  return best
}

function merchantName(rng: Rng, category: Category): string {
  const type = rng.pick(CATEGORY[category].types)
  return rng.weighted<string>([
    [`${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${type}`, 5],
    [`${rng.pick(ADJECTIVES)} ${type}`, 3],
    [`The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`, category === 25 ? 2 : 0],
  ])
}

export type DemoCatalog = { merchants: (typeof merchants.$inferInsert)[]; offers: ((typeof offers.$inferInsert) & { merchantExternalId: string })[] }

let built: Promise<DemoCatalog> | undefined

/** The demo catalog's rows, built once per process (it is deterministic) and never mutated. */
export function demoCatalog(): Promise<DemoCatalog> {
  built ??= buildDemoCatalog(DEMO_SEED)
  return built
}

const DEMO_SEED = 20_240_601

/** Catalog rows from a seed, without writing them. */
export async function buildDemoCatalog(seed: number): Promise<DemoCatalog> {
  const rng = prng(seed)
  const { lookup } = await loadZipcodes()
  const merchantRows: DemoCatalog['merchants'] = []
  const offerRows: DemoCatalog['offers'] = []
  const slugs = new Set<string>()
  const keys = new Set<string>()
  let n = 0
  for (const center of CENTERS) {
    const place = lookup(center.zip)!
    const places = await zipsNear(place, SPREAD_MILES + 2)
    for (let i = 0; i < MERCHANTS_PER_CENTER; i++) {
      n++
      const category = rng.weighted<Category>([[25, 40], [27, 30], [26, 15], [91, 15]])
      const second = rng.next() < 0.3 ? rng.pick(([25, 27, 26, 91] as const).filter((c) => c !== category)) : null
      const name = merchantName(rng, category)
      const point = offsetPoint(place, SPREAD_MILES * Math.sqrt(rng.next()), rng.next() * 2 * Math.PI)
      const zip = nearest(point, places)
      let slug = slugify(`${name} ${zip.city}`)
      for (let k = 2; slugs.has(slug); k++) slug = slugify(`${name} ${zip.city} ${k}`)
      slugs.add(slug)
      const externalId = `${ID_PREFIX}${String(n).padStart(5, '0')}`
      const meta = CATEGORY[category]
      merchantRows.push({
        externalId,
        slug,
        name,
        logoPath: `/brand/merchants/${rng.pick(meta.logos)}.svg`,
        firstCategory: category,
        secondCategory: second,
        stubCopy: rng.next() < 0.75 ? rng.pick(meta.stubs) : null,
        phone: rng.next() < 0.9 ? `(${rng.pick(center.areaCodes)}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}` : null,
        address: `${rng.int(1, 2999)} ${rng.pick(STREETS)} ${rng.pick(SUFFIXES)}`,
        city: zip.city,
        state: zip.state,
        zipCode: zip.zip,
        latitude: Math.round(point.latitude * 1e6) / 1e6,
        longitude: Math.round(point.longitude * 1e6) / 1e6,
      })
      const count = rng.weighted<number>([[1, 3], [2, 5], [3, 4], [4, 2], [5, 1], [6, 1]])
      const templates = [...OFFER_TEMPLATES[category]]
      for (let j = 0; j < count; j++) {
        // Distinct templates while they last, then repeats with other numbers.
        const template = templates.length ? templates.splice(rng.int(0, templates.length - 1), 1)[0]! : rng.pick(OFFER_TEMPLATES[category])
        const text = template(rng.pick([10, 15, 20, 25, 30, 40]), rng.pick([5, 10, 15, 20, 25, 50]))
        let key: string
        do key = `E${String(rng.int(100_000_000, 999_999_999))}`
        while (keys.has(key))
        keys.add(key)
        offerRows.push({
          merchantId: 0,
          merchantExternalId: externalId,
          endecaKey: key,
          offerTextShort: text.short,
          offerTextLong: text.long,
          validQualifier: rng.next() < 0.75 ? rng.pick(QUALIFIERS) : null,
          redemptionTypes: [...rng.weighted<readonly Mode[]>(meta.modes)],
          webSite: `https://www.example.com/${slug}`,
          dollarValue: Math.max(1, text.value),
        })
      }
    }
  }
  return { merchants: merchantRows, offers: offerRows }
}

/** Writes the demo catalog once (a shared catalog: not tied to a program). */
export async function seedDemoOffers(db: Db, opts: { log?: (line: string) => void } = {}) {
  const [existing] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.externalId, `${ID_PREFIX}00001`))
    .limit(1)
  if (existing) return { created: false }
  const catalog = await demoCatalog()
  await insertChunked(db, merchants, catalog.merchants)
  const ids = await db
    .select({ id: merchants.id, externalId: merchants.externalId })
    .from(merchants)
    .where(sql`${merchants.externalId} LIKE ${`${ID_PREFIX}%`}`)
  const idOf = new Map(ids.map((r) => [r.externalId, r.id]))
  await insertChunked(
    db,
    offers,
    catalog.offers.map(({ merchantExternalId, ...row }) => ({ ...row, merchantId: idOf.get(merchantExternalId)! })),
  )
  opts.log?.(`[seed] offers catalog: ${catalog.merchants.length} merchants, ${catalog.offers.length} offers`)
  return { created: true }
}
