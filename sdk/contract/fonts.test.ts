import { describe, expect, it } from 'vitest'
import { CURATED_FONTS, fallbackFaces, fontFaceCss, fontFamilyNames, headingFontFace, programFonts } from './fonts'

const families = Object.values(CURATED_FONTS).map((f) => f.family)

/** The files a branding's fonts make a browser able to download, by family (every face is font-style normal). */
function filesByFamily(style: Record<string, string>) {
  const files = new Map<string, Set<string>>()
  for (const face of programFonts(style).font_faces) files.set(face.family, (files.get(face.family) ?? new Set()).add(face.url))
  return files
}

describe('curated fonts: at most one file per family and style', () => {
  it.each(families)('%s chosen in branding, as heading font, text font or both, ships one file (Poppins as text font: two)', (family) => {
    const staticWeights = Object.values(CURATED_FONTS).find((f) => f.family === family)!.weights
    const styles: Record<string, string>[] = [{ header_font: family }, { body_font: family }, { header_font: family, body_font: family.toLowerCase() }]
    for (const style of styles) {
      const files = filesByFamily(style)
      expect([...files.keys()]).toEqual([family])
      // A family without a variable cut (Poppins) needs its regular file for text: regular and bold.
      const allowed = staticWeights && 'body_font' in style ? staticWeights.length : 1
      expect(files.get(family)!.size, JSON.stringify(style)).toBe(allowed)
    }
  })

  it('gives a variable file the design weight range, a static one its weight', () => {
    const { font_faces } = programFonts({ header_font: 'Poppins', body_font: 'Inter' })
    expect(font_faces).toEqual([
      { family: 'Poppins', weight: '700', url: '/assets/fonts/poppins-latin-700-normal.woff2' },
      { family: 'Inter', weight: '400 800', url: '/assets/fonts/inter-latin-wght-normal.woff2' },
    ])
  })

  it("picks the heading font's bold file to preload, else the text font's", () => {
    const both = { header_font: 'Poppins', body_font: 'poppins' }
    expect(headingFontFace(both, programFonts(both).font_faces)?.url).toBe('/assets/fonts/poppins-latin-700-normal.woff2')
    const textOnly = { header_font: 'Georgia', body_font: 'Inter' }
    expect(headingFontFace(textOnly, programFonts(textOnly).font_faces)?.url).toBe('/assets/fonts/inter-latin-wght-normal.woff2')
    expect(headingFontFace({ header_font: 'Georgia' }, [])).toBeUndefined()
  })

  it('loads only curated families the program names, whatever the case or quotes', () => {
    expect(programFonts({ header_font: 'Comic Sans', body_font: '"inter", sans-serif' }).font_faces.map((f) => f.family)).toEqual(['Inter'])
    expect(programFonts({})).toEqual({ font_faces: [], font_fallbacks: [] })
    expect(programFonts({ body_font: 'Inter;}' })).toEqual({ font_faces: [], font_fallbacks: [] })
  })
})

describe('fallback faces', () => {
  it('scale a local font to the web font: size by average width, ascent, descent and line gap by the scaled metrics', () => {
    const [arial, roboto, dejavu] = fallbackFaces(CURATED_FONTS.inter!)
    // Inter is 7.1% wider than Arial (978/2048 over 913/2048); its ascent 1984/2048 over that scale,
    // rounded up to a tenth of a percent.
    expect(arial).toEqual({
      family: 'Inter fallback Arial',
      src: 'local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo")',
      size_adjust: '107.12%',
      ascent_override: '90.5%',
      descent_override: '22.6%',
      line_gap_override: '0.0%',
    })
    expect(roboto!.src).toBe('local("Roboto"),local("Roboto-Regular")')
    expect(dejavu!.size_adjust).toBe('93.95%')
    // The serif family stands in with serif fonts.
    expect(fallbackFaces(CURATED_FONTS['playfair display']!).map((f) => /^local\("([^"]+)"\)/.exec(f.src)![1])).toEqual(['Times New Roman', 'Noto Serif', 'DejaVu Serif'])
  })

  it('are named in the font stacks after their family, only for curated families', () => {
    expect(fontFamilyNames('poppins')).toEqual(['Poppins', 'Poppins fallback Arial', 'Poppins fallback Roboto', 'Poppins fallback DejaVu'])
    expect(fontFamilyNames('Georgia')).toEqual(['Georgia'])
  })

  it('become @font-face rules after the files, with swap on the files', () => {
    const css = fontFaceCss(programFonts({ header_font: 'Poppins' }), 'https://rewards.example')
    expect(css).toContain('@font-face{font-family:"Poppins";font-style:normal;font-weight:700;font-display:swap;src:url(https://rewards.example/assets/fonts/poppins-latin-700-normal.woff2) format("woff2")}')
    expect(css).toContain(
      '@font-face{font-family:"Poppins fallback Arial";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo");size-adjust:112.16%;ascent-override:93.7%;descent-override:31.3%;line-gap-override:9.0%}',
    )
    expect(css.match(/@font-face/g)).toHaveLength(4)
  })
})
