/**
 * The content codings a client takes, from its Accept-Encoding header (RFC 9110, 12.5.3): the kept
 * signed-in answers' gzip (middleware/kept-reads.ts, both entries) and the Node entry's compression
 * (middleware/compression.ts) read the header here, one way.
 */
export type Coding = 'br' | 'gzip'

/**
 * The weight (q) the header gives a coding: its own entry when named (`x-gzip` is gzip), else the
 * `*` entry's, else 0. No header, an empty one, `q=0` or an unreadable q all mean "not accepted".
 */
export function codingWeight(value: string | null | undefined, coding: Coding): number {
  if (!value) return 0
  let any: number | undefined
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    const parsed = q === undefined ? 1 : Number(q.slice(2))
    const weight = Number.isFinite(parsed) && parsed > 0 ? parsed : 0
    // A coding named outright decides; `*` only speaks for codings not named.
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return weight
    if (name === '*') any = weight
  }
  return any ?? 0
}

/**
 * The coding to answer in: the accepted one with the higher weight, brotli on a tie (browsers send
 * `gzip, deflate, br, zstd`, all weight 1; brotli is the smaller), gzip next; null for identity.
 */
export function preferredCoding(value: string | null | undefined): Coding | null {
  const br = codingWeight(value, 'br')
  const gzip = codingWeight(value, 'gzip')
  if (br > 0 && br >= gzip) return 'br'
  return gzip > 0 ? 'gzip' : null
}
