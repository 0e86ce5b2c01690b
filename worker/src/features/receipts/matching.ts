import Fuse from 'fuse.js'

/**
 * Receipt item matching (engine-rules.md Receipts): an item is matched to an eligible product by its
 * exact sku, then by a product keyword in its name, then by a fuzzy name match (Fuse.js, a maintained
 * fuzzy-search package; match_confidence = 1 - Fuse's score). Exclusion identifiers never earn: an item
 * whose sku equals one, or whose name holds one as a word, is excluded whatever it matches. Item points
 * = round(points_per_cents x price_cents) (the spec's points_per_cents x price x 100, price in units),
 * for eligible items of active products only.
 */
export type MatchProduct = { id: number; productName: string; sku: string | null; keywords: string; pointsPerCents: number; productActive: boolean }
export type MatchInput = { name: string | null; sku: string | null; priceCents: number }
export type MatchStrategy = 'sku' | 'keyword' | 'fuzzy' | 'manual' | 'external'
export type MatchResult = {
  eligibleProductId: number | null
  matchedStrategy: MatchStrategy | null
  matchedKeyword: string | null
  matchConfidence: number | null
  eligible: boolean
  excluded: boolean
  points: number
}

/** How many products (those sharing the most word starts with the item) Fuse scores per item. */
export const FUZZY_CANDIDATES = 200
/** A fuzzy match below this confidence is no match (0..1). */
export const FUZZY_MIN_CONFIDENCE = 0.6

const norm = (s: string | null | undefined) => (s ?? '').normalize('NFKC').trim().toLowerCase()
const squash = (s: string) => s.replace(/\s+/g, ' ')
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** `word` appears in `text` as a whole word (or words). */
const hasWord = (text: string, word: string) => word.length > 0 && new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}($|[^\\p{L}\\p{N}])`, 'u').test(text)

/** round(points_per_cents x price in cents); never negative. */
export function itemPoints(pointsPerCents: number, priceCents: number): number {
  return Math.max(0, Math.round(pointsPerCents * priceCents))
}

/** Whole cents of an amount in currency units (12.345 -> 1235). */
export const toCents = (amount: number) => Math.round(amount * 100)
export const fromCents = (cents: number) => Math.round(cents) / 100

export type Matcher = {
  match(item: MatchInput, opts?: { manualProductId?: number | null; externalPointsPerCents?: number }): MatchResult
  isExcluded(item: MatchInput): boolean
}

/** A matcher over a program's products and exclusion identifiers (build once per receipt or batch). */
export function createMatcher(products: MatchProduct[], exclusionIdentifiers: string[]): Matcher {
  const bySku = new Map<string, MatchProduct>()
  for (const p of products) {
    const sku = norm(p.sku)
    if (sku && !bySku.has(sku)) bySku.set(sku, p)
  }
  // Longest keywords first: "oat milk" wins over "milk".
  const keywords = products
    .flatMap((p) => p.keywords.split(',').map((k) => ({ keyword: squash(norm(k)), product: p })))
    .filter((k) => k.keyword.length > 0)
    .sort((a, b) => b.keyword.length - a.keyword.length)
  const byId = new Map(products.map((p) => [p.id, p]))
  const exclusions = exclusionIdentifiers.map((e) => squash(norm(e))).filter(Boolean)
  // Fuzzy candidates: products sharing a word start (3 characters) with the item's name. Fuse then
  // scores only those, so a program with 10,000 products still matches an item in about a millisecond.
  const prefixes = (text: string) => [...new Set(squash(norm(text)).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2).map((w) => w.slice(0, 3)))]
  const byPrefix = new Map<string, MatchProduct[]>()
  for (const p of products) for (const k of prefixes(p.productName)) byPrefix.set(k, [...(byPrefix.get(k) ?? []), p])
  const FUSE_OPTIONS = { keys: ['productName'], includeScore: true, threshold: 1 - FUZZY_MIN_CONFIDENCE, ignoreLocation: true, minMatchCharLength: 2 }
  const fuzzy = (name: string) => {
    const shared = new Map<MatchProduct, number>()
    for (const k of prefixes(name)) for (const p of byPrefix.get(k) ?? []) shared.set(p, (shared.get(p) ?? 0) + 1)
    if (!shared.size) return undefined
    // The products sharing the most word starts (a common word alone must not bring in the catalog).
    const candidates = [...shared].sort((a, b) => b[1] - a[1]).slice(0, FUZZY_CANDIDATES).map(([p]) => p)
    return new Fuse(candidates, FUSE_OPTIONS).search(name, { limit: 1 })[0]
  }

  const isExcluded = (item: MatchInput) => {
    const sku = norm(item.sku)
    const name = squash(norm(item.name))
    return exclusions.some((e) => e === sku || hasWord(name, e))
  }

  const result = (product: MatchProduct | null, strategy: MatchStrategy | null, keyword: string | null, confidence: number | null, item: MatchInput, excluded: boolean, rate?: number): MatchResult => {
    const eligible = !excluded && ((product !== null && product.productActive) || (product === null && strategy === 'external'))
    const perCent = product ? product.pointsPerCents : (rate ?? 0)
    return {
      eligibleProductId: product?.id ?? null,
      matchedStrategy: strategy,
      matchedKeyword: keyword,
      matchConfidence: confidence === null ? null : Math.round(confidence * 10_000) / 10_000,
      eligible,
      excluded,
      points: eligible ? itemPoints(perCent, item.priceCents) : 0,
    }
  }

  return {
    isExcluded,
    match(item, opts = {}) {
      const excluded = isExcluded(item)
      if (opts.manualProductId) {
        const product = byId.get(opts.manualProductId)
        if (product) return result(product, 'manual', null, 1, item, excluded)
      }
      const sku = norm(item.sku)
      const skuHit = sku ? bySku.get(sku) : undefined
      if (skuHit) return result(skuHit, 'sku', null, 1, item, excluded)
      const name = squash(norm(item.name))
      if (name) {
        const kw = keywords.find((k) => hasWord(name, k.keyword))
        if (kw) return result(kw.product, 'keyword', kw.keyword, 1, item, excluded)
        {
          const best = fuzzy(name)
          const confidence = best ? 1 - (best.score ?? 1) : 0
          if (best && confidence >= FUZZY_MIN_CONFIDENCE) return result(best.item, 'fuzzy', null, confidence, item, excluded)
        }
      }
      if (opts.externalPointsPerCents && opts.externalPointsPerCents > 0) return result(null, 'external', null, null, item, excluded, opts.externalPointsPerCents)
      return result(null, null, null, null, item, excluded)
    },
  }
}
