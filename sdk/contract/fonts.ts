/**
 * The curated web fonts the product serves from its own origin (no third-party font CDN), at most one
 * file per family and style (decision 0036): the variable cut of each family (@fontsource-variable),
 * its weight axis cut to the design's range and its characters to FONT_CHARACTERS, written by
 * scripts/build-fonts.mjs to /assets/fonts/ (readable by partner pages through CORS, like every /assets/
 * file). Poppins has no variable cut: its static files (@fontsource) in the weights the design uses
 * for it. While a file loads, text shows in a local font scaled to the web font's metrics, so the swap
 * does not move the layout. A program font not listed here is used only when the device has it (the
 * system stack follows it: sdk/contract/branding.ts).
 */

/**
 * Font metrics in font units (capsize's: hhea ascent, descent and line gap; the average width of latin
 * text weighted by letter frequency), of the regular weight.
 */
export type FontMetrics = { unitsPerEm: number; ascent: number; descent: number; lineGap: number; xWidthAvg: number }

export type CuratedFont = {
  family: string
  serif?: boolean
  /** npm package of the source file: `@fontsource-variable/<name>`, or `@fontsource/<name>` with `weights`. */
  package: string
  /** A static family's files, one per weight; a variable family has one file for every weight. */
  weights?: readonly number[]
  metrics: FontMetrics
}

/**
 * The weights the widgets' CSS uses: text from 400 to 800 (a 300 or 450 lands inside the range),
 * headings (`--header-font`) at 700 and 800. A variable file keeps this part of its weight axis.
 */
export const DESIGN_WEIGHTS = { text: [400, 800], headings: [700, 800] } as const

export const CURATED_FONTS: Record<string, CuratedFont> = {
  inter: { family: 'Inter', package: '@fontsource-variable/inter', metrics: { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 } },
  // No variable cut: regular for text and bold for the rest (500 shows as 400; 600 and 800 as 700).
  poppins: { family: 'Poppins', package: '@fontsource/poppins', weights: [400, 700], metrics: { unitsPerEm: 1000, ascent: 1050, descent: -350, lineGap: 100, xWidthAvg: 500 } },
  'dm sans': { family: 'DM Sans', package: '@fontsource-variable/dm-sans', metrics: { unitsPerEm: 1000, ascent: 992, descent: -310, lineGap: 0, xWidthAvg: 466 } },
  montserrat: { family: 'Montserrat', package: '@fontsource-variable/montserrat', metrics: { unitsPerEm: 1000, ascent: 968, descent: -251, lineGap: 0, xWidthAvg: 503 } },
  nunito: { family: 'Nunito', package: '@fontsource-variable/nunito', metrics: { unitsPerEm: 1000, ascent: 1011, descent: -353, lineGap: 0, xWidthAvg: 452 } },
  'open sans': { family: 'Open Sans', package: '@fontsource-variable/open-sans', metrics: { unitsPerEm: 2048, ascent: 2189, descent: -600, lineGap: 0, xWidthAvg: 960 } },
  'playfair display': {
    family: 'Playfair Display',
    serif: true,
    package: '@fontsource-variable/playfair-display',
    metrics: { unitsPerEm: 1000, ascent: 1082, descent: -251, lineGap: 0, xWidthAvg: 452 },
  },
  roboto: { family: 'Roboto', package: '@fontsource-variable/roboto', metrics: { unitsPerEm: 2048, ascent: 1900, descent: -500, lineGap: 0, xWidthAvg: 911 } },
}

/**
 * The characters every curated file keeps: ASCII, Latin-1 (the accented letters of the western
 * European languages, ©, °, « »), Œ œ ı, and the typographic spaces, dashes, quotes, bullets and
 * symbols text uses. Others show in the fallback font.
 */
export const FONT_CHARACTERS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x2000, 0x200a],
  [0x2010, 0x2014],
  [0x2018, 0x201e],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x2030],
  [0x2039, 0x203a],
  [0x2044, 0x2044],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
]

/** The OpenType features every curated file keeps: kerning, and tabular figures (balances, counters). */
export const FONT_FEATURES = ['kern', 'tnum'] as const

/**
 * Local fonts that stand in while a file loads, most common first: Arial and its metric twins
 * (Windows, macOS, iOS, most Linux desktops), Roboto (Android), DejaVu (other Linux systems).
 * Metrics: capsize's, DejaVu's measured from DejaVu 2.37 with @capsizecss/unpack.
 */
const LOCAL_FALLBACKS: Record<'sans' | 'serif', { name: string; local: readonly string[]; metrics: FontMetrics }[]> = {
  sans: [
    { name: 'Arial', local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 } },
    { name: 'Roboto', local: ['Roboto', 'Roboto-Regular'], metrics: { unitsPerEm: 2048, ascent: 1900, descent: -500, lineGap: 0, xWidthAvg: 911 } },
    { name: 'DejaVu', local: ['DejaVu Sans', 'DejaVuSans'], metrics: { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, xWidthAvg: 1041 } },
  ],
  serif: [
    {
      name: 'Times',
      local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
      metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 832 },
    },
    { name: 'Noto Serif', local: ['Noto Serif', 'NotoSerif-Regular'], metrics: { unitsPerEm: 1000, ascent: 1069, descent: -293, lineGap: 0, xWidthAvg: 481 } },
    { name: 'DejaVu', local: ['DejaVu Serif', 'DejaVuSerif'], metrics: { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, xWidthAvg: 1058 } },
  ],
}

/** The curated families as the branding form offers them (display names, alphabetical). */
export const curatedFontFamilies = (): string[] => Object.values(CURATED_FONTS).map((f) => f.family).sort((a, b) => a.localeCompare(b))

/** The branding keys (program_template_detail.element_css_style) that name a font family list. */
export const FONT_STYLE_KEYS = ['header_font', 'body_font'] as const

/** One web font file: `weight` is a CSS font-weight, a range for a variable file (`400 800`). */
export type FontFaceSource = { family: string; weight: string; url: string }

/**
 * A local font scaled to a web font's metrics, as the `@font-face` descriptors say it: `src` the local
 * fonts (`local("Arial"),local("ArialMT"),…`), the rest percentages.
 */
export type FallbackFace = { family: string; src: string; size_adjust: string; ascent_override: string; descent_override: string; line_gap_override: string }

const slug = (font: CuratedFont) => font.package.slice(font.package.indexOf('/') + 1)

/**
 * The files a curated family ships, each with its path under /assets/fonts/ and the CSS weight it covers.
 * @example curatedFontFiles(CURATED_FONTS.inter!) // [{ weight: '400 800', url: '/assets/fonts/inter-latin-wght-normal.woff2' }]
 */
export function curatedFontFiles(font: CuratedFont): { weight: string; url: string }[] {
  if (font.weights) return font.weights.map((w) => ({ weight: String(w), url: `/assets/fonts/${slug(font)}-latin-${w}-normal.woff2` }))
  return [{ weight: DESIGN_WEIGHTS.text.join(' '), url: `/assets/fonts/${slug(font)}-latin-wght-normal.woff2` }]
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`
/**
 * Line metrics a hair high rather than low: the browser rounds each to whole pixels, and a web font's
 * own often sits on a half pixel (Inter's ascent at 16px is 15.5, which rounds up), where the
 * nearest percentage would land the fallback just below and make every line a pixel shorter.
 */
const linePercent = (value: number) => `${(Math.ceil(value * 1000) / 10).toFixed(1)}%`

/** The fallback faces of a curated family: one per local font, named `<family> fallback <local font>`. */
export function fallbackFaces(font: CuratedFont): FallbackFace[] {
  const m = font.metrics
  return LOCAL_FALLBACKS[font.serif ? 'serif' : 'sans'].map(({ name, local, metrics: l }) => {
    const scale = m.xWidthAvg / m.unitsPerEm / (l.xWidthAvg / l.unitsPerEm)
    return {
      family: `${font.family} fallback ${name}`,
      src: local.map((fontName) => `local("${fontName}")`).join(','),
      size_adjust: percent(scale),
      ascent_override: linePercent(m.ascent / m.unitsPerEm / scale),
      descent_override: linePercent(Math.abs(m.descent) / m.unitsPerEm / scale),
      line_gap_override: linePercent(m.lineGap / m.unitsPerEm / scale),
    }
  })
}

const curatedFont = (family: string): CuratedFont | undefined => (/^[\w \-.]+$/.test(family) ? CURATED_FONTS[family.toLowerCase()] : undefined)

/** The curated family a font list entry names, as typed by the administrator (spaces, quotes, any case). */
const curatedEntry = (entry: string): CuratedFont | undefined => curatedFont(entry.trim().replace(/^["']|["']$/g, ''))

/** Whether a file's CSS weight (`700`, `400 800`) reaches the headings' weights. */
const coversHeadings = (weight: string) => Number(weight.split(' ').at(-1)) >= DESIGN_WEIGHTS.headings[0]

/**
 * The family names a font list entry stands for in CSS: a curated family and then its fallback faces.
 * @example fontFamilyNames('inter') // ['Inter', 'Inter fallback Arial', 'Inter fallback Roboto', 'Inter fallback DejaVu']
 */
export function fontFamilyNames(family: string): string[] {
  const font = curatedFont(family)
  return font ? [font.family, ...fallbackFaces(font).map((f) => f.family)] : [family]
}

/**
 * The faces to load for a program's branding, for every curated family named first in header_font or
 * body_font (as typed by the administrator, any case): its files in the weights its role needs (a
 * static family used for headings only ships its bold file), and its fallback faces.
 * @example programFonts({ header_font: 'Poppins', body_font: 'Inter' }).font_faces.length // 2
 */
export function programFonts(style: Record<string, string> | null | undefined): { font_faces: FontFaceSource[]; font_fallbacks: FallbackFace[] } {
  const roles = new Map<CuratedFont, Set<(typeof FONT_STYLE_KEYS)[number]>>()
  for (const key of FONT_STYLE_KEYS) {
    for (const raw of String(style?.[key] ?? '').split(',')) {
      const font = curatedEntry(raw)
      if (font) roles.set(font, (roles.get(font) ?? new Set()).add(key))
    }
  }
  const font_faces: FontFaceSource[] = []
  const font_fallbacks: FallbackFace[] = []
  for (const [font, keys] of roles) {
    for (const file of curatedFontFiles(font)) if (keys.has('body_font') || coversHeadings(file.weight)) font_faces.push({ family: font.family, ...file })
    font_fallbacks.push(...fallbackFaces(font))
  }
  return { font_faces, font_fallbacks }
}

/**
 * The file that paints a page's headings (the hero title, the largest text of most pages): the
 * heading font's file for the headings' weights, else the text font's first file; undefined when the
 * branding names no curated font. The site preloads it.
 */
export function headingFontFace(style: Record<string, string> | null | undefined, faces: readonly FontFaceSource[]): FontFaceSource | undefined {
  const heading = curatedEntry(String(style?.header_font ?? '').split(',')[0]!)
  return faces.find((f) => f.family === heading?.family && coversHeadings(f.weight)) ?? faces[0]
}

/**
 * `@font-face` rules for a program's fonts (font-display: swap), then its fallback faces; `origin`
 * prefixes the files' URLs when given.
 */
export function fontFaceCss(fonts: { font_faces?: readonly FontFaceSource[]; font_fallbacks?: readonly FallbackFace[] }, origin = ''): string {
  const faces = (fonts.font_faces ?? []).map(
    (f) => `@font-face{font-family:"${f.family}";font-style:normal;font-weight:${f.weight};font-display:swap;src:url(${origin}${f.url}) format("woff2")}`,
  )
  const fallbacks = (fonts.font_fallbacks ?? []).map(
    (f) =>
      `@font-face{font-family:"${f.family}";src:${f.src};size-adjust:${f.size_adjust};ascent-override:${f.ascent_override};descent-override:${f.descent_override};line-gap-override:${f.line_gap_override}}`,
  )
  return [...faces, ...fallbacks].join('')
}
