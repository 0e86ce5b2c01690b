/**
 * The curated web fonts the product serves from its own origin (no third-party font CDN): the latin
 * subset of each, in the weights the widgets' CSS uses, as woff2 under /assets/fonts/ (readable by
 * partner pages through CORS, like every /assets/ file; scripts/build.mjs copies them from the
 * @fontsource package of each family). A program font not listed here is used only when the device
 * has it (widgets/src/ui/branding.ts falls back to the system stack).
 */
export const CURATED_FONTS: Record<string, { package: string; weights: readonly number[]; family: string }> = {
  inter: { package: 'inter', weights: [400, 500, 600, 700, 800], family: 'Inter' },
  poppins: { package: 'poppins', weights: [400, 500, 600, 700, 800], family: 'Poppins' },
  'dm sans': { package: 'dm-sans', weights: [400, 500, 600, 700, 800], family: 'DM Sans' },
  montserrat: { package: 'montserrat', weights: [400, 500, 600, 700, 800], family: 'Montserrat' },
  nunito: { package: 'nunito', weights: [400, 500, 600, 700, 800], family: 'Nunito' },
  'open sans': { package: 'open-sans', weights: [400, 500, 600, 700, 800], family: 'Open Sans' },
  'playfair display': { package: 'playfair-display', weights: [400, 500, 600, 700, 800], family: 'Playfair Display' },
  roboto: { package: 'roboto', weights: [400, 500, 600, 700, 800], family: 'Roboto' },
}

/** The curated families as the branding form offers them (display names, alphabetical). */
export const curatedFontFamilies = (): string[] => Object.values(CURATED_FONTS).map((f) => f.family).sort((a, b) => a.localeCompare(b))

/** The branding keys (program_template_detail.element_css_style) that name a font family list. */
export const FONT_STYLE_KEYS = ['header_font', 'body_font'] as const

export type FontFaceSource = { family: string; weight: number; url: string }

/** The path of one curated face, e.g. `/assets/fonts/poppins-latin-600-normal.woff2`. */
export const fontFileUrl = (pkg: string, weight: number) => `/assets/fonts/${pkg}-latin-${weight}-normal.woff2`

/**
 * The faces to load for a program's branding: every curated family named first in header_font or
 * body_font (as typed by the administrator, any case), each weight once.
 * @example programFontFaces({ header_font: 'Poppins', body_font: 'Inter' }).length // 10
 */
export function programFontFaces(style: Record<string, string> | null | undefined): FontFaceSource[] {
  const seen = new Set<string>()
  const faces: FontFaceSource[] = []
  for (const key of FONT_STYLE_KEYS) {
    for (const raw of String(style?.[key] ?? '').split(',')) {
      const family = raw.trim().replace(/^["']|["']$/g, '')
      const curated = CURATED_FONTS[family.toLowerCase()]
      if (!curated || seen.has(family.toLowerCase()) || !/^[\w \-.]+$/.test(family)) continue
      seen.add(family.toLowerCase())
      for (const weight of curated.weights) faces.push({ family, weight, url: fontFileUrl(curated.package, weight) })
    }
  }
  return faces
}

/** `@font-face` rules (font-display: swap) for the faces; `origin` prefixes the URLs when given. */
export function fontFaceCss(faces: readonly FontFaceSource[], origin = ''): string {
  return faces
    .map(
      (f) =>
        `@font-face{font-family:"${f.family}";font-style:normal;font-weight:${f.weight};font-display:swap;src:url(${origin}${f.url}) format("woff2")}`,
    )
    .join('')
}
