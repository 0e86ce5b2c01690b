import { hmac, safeEqual } from '../../lib/crypto'

/** A MOBILE voucher is shown for ten minutes after the redemption (participant-site.md section 9). */
export const VOUCHER_TTL_MS = 10 * 60 * 1000

/** No 0/O or 1/I: read aloud or typed by a cashier. 32 symbols, so a random byte maps without bias. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `XXXXX-XXXXX`: 50 random bits. */
export function newVoucherCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % 32])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

export type VoucherClaims = { redemptionId: number; programId: number; expiresAt: number }

const signed = (c: VoucherClaims) => `v1.${c.redemptionId}.${c.programId}.${c.expiresAt}`

/** The voucher URL's token: the redemption, its program and expiry, HMAC-signed with the app secret. */
export async function signVoucherToken(secret: string, claims: VoucherClaims): Promise<string> {
  const body = signed(claims)
  return `${body}.${await hmac(secret, `offer-voucher:${body}`)}`
}

/** The claims of a well-formed, untampered token (expiry not checked here), else null. */
export async function readVoucherToken(secret: string, token: string): Promise<VoucherClaims | null> {
  const m = /^v1\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return null
  const claims = { redemptionId: Number(m[1]), programId: Number(m[2]), expiresAt: Number(m[3]) }
  const expected = await hmac(secret, `offer-voucher:${signed(claims)}`)
  return safeEqual(expected, m[4]!) ? claims : null
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s)

/** Splits text into at most `maxLines` lines of about `width` characters, with an ellipsis if cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line)
      line = ''
    }
    line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1).trimEnd()}…`
    return kept
  }
  return lines
}

/**
 * A barcode-like strip derived from the code: a guard pattern, then for every character its 5-bit
 * index in the alphabet as narrow (0) and wide (1) bars, each followed by a gap. Not a scannable
 * symbology; the code in large type is what the cashier enters.
 */
function bars(code: string, centerX: number, y: number, height: number): string {
  const widths: number[] = [2, 1, 2]
  for (const ch of code.replace(/-/g, '')) {
    const index = Math.max(0, CODE_ALPHABET.indexOf(ch))
    for (let bit = 4; bit >= 0; bit--) widths.push((index >> bit) & 1 ? 3 : 1)
  }
  widths.push(2, 1, 2)
  const unit = 1.6
  const gap = 1.5 * unit
  const total = widths.reduce((sum, w) => sum + w * unit, 0) + gap * (widths.length - 1)
  const rects: string[] = []
  let x = centerX - total / 2
  for (const w of widths) {
    rects.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(w * unit).toFixed(1)}" height="${height}"/>`)
    x += w * unit + gap
  }
  return `<g fill="#111827">${rects.join('')}</g>`
}

export type VoucherView = {
  programName: string
  merchantName: string
  offerText: string
  code: string
  expiresAt: Date
}

/** The voucher image (SVG): program, merchant, offer, the code in large type, bars and the expiry. */
export function renderVoucherSvg(v: VoucherView): string {
  const width = 480
  const offerLines = wrap(v.offerText, 38, 3)
  const expires = `${v.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const text = (
    x: number,
    y: number,
    size: number,
    weight: number,
    fill: string,
    s: string,
    anchor = 'middle',
  ) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(s)}</text>`
  const offerY = 150
  const codeY = offerY + offerLines.length * 26 + 50
  const barsY = codeY + 22
  const height = barsY + 70 + 56
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`Voucher ${v.code}`)}">`,
    `<title>${escapeXml(`${v.merchantName}: ${v.offerText}`)}</title>`,
    `<g font-family="Inter, 'Segoe UI', system-ui, -apple-system, Helvetica, Arial, sans-serif">`,
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="18" fill="#ffffff" stroke="#d1d5db" stroke-width="2"/>`,
    `<rect x="1" y="1" width="${width - 2}" height="64" rx="18" fill="#17153b"/>`,
    `<rect x="1" y="40" width="${width - 2}" height="25" fill="#17153b"/>`,
    text(width / 2, 42, 20, 700, '#ffffff', clip(v.programName, 40)),
    text(width / 2, 104, 26, 700, '#111827', clip(v.merchantName, 30)),
    ...offerLines.map((line, i) => text(width / 2, offerY + i * 26, 19, 500, '#374151', line)),
    text(width / 2, codeY, 44, 800, '#111827', v.code),
    bars(v.code, width / 2, barsY, 60),
    text(width / 2, barsY + 96, 15, 600, '#b91c1c', `Valid until ${expires}`),
    text(width / 2, barsY + 118, 13, 400, '#6b7280', 'Show this screen to receive your discount.'),
    '</g>',
    '</svg>',
  ].join('')
}
