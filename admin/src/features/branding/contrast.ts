import { type BrandingColorKey, CONTRAST_PAIRS, HEX_COLOR } from '../../../../sdk/contract/console/branding'

/** WCAG 2.x AA for normal text. */
export const AA_NORMAL_TEXT = 4.5

/** `#abc` or `#aabbcc` -> [r, g, b] in 0..255, or null. */
export function parseHex(value: string | null | undefined): [number, number, number] | null {
  const v = (value ?? '').trim()
  if (!HEX_COLOR.test(v)) return null
  const hex = v.length === 4 ? [...v.slice(1)].map((c) => c + c).join('') : v.slice(1)
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

/** Relative luminance (WCAG 2.x definition). */
export function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/**
 * The contrast ratio of two hex colours, 1 to 21; null when either is not a hex colour.
 * @example contrastRatio('#ffffff', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHex(a)
  const y = parseHex(b)
  if (!x || !y) return null
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export type ContrastWarning = { content: BrandingColorKey; background: BrandingColorKey; ratio: number }

/** Every text colour that fails WCAG AA (4.5:1) on the background it is read on, by content key. */
export function contrastWarnings(style: Partial<Record<string, string>>): ContrastWarning[] {
  const warnings: ContrastWarning[] = []
  for (const { content, background } of CONTRAST_PAIRS) {
    const ratio = contrastRatio(style[content] ?? '', style[background] ?? '')
    if (ratio !== null && ratio < AA_NORMAL_TEXT) warnings.push({ content, background, ratio: Math.floor(ratio * 100) / 100 })
  }
  return warnings
}
