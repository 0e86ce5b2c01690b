// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { programFonts } from '../../../sdk/contract/fonts'
import type { PublicProgram } from '../../../sdk/contract/program'
import { addProgramFonts } from './mount'

/** Custom elements on a partner page get the program's curated fonts from the Tessera origin. */
class FakeFontFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
}

/** As the server sends it: the files and fallback faces of the branding's curated fonts (sdk/contract/fonts.ts). */
const program = (key: string, style: Record<string, string>) =>
  ({ public_key: key, program_template_detail: { element_css_style: style }, ...programFonts(style) }) as unknown as PublicProgram

function partnerDocument(withRules = false) {
  const added: FakeFontFace[] = []
  const doc = { fonts: { add: (f: FakeFontFace) => void added.push(f) }, getElementById: (id: string) => (withRules && id === 'tessera-fonts' ? {} : null) }
  return { added, doc: doc as unknown as Document }
}

afterEach(() => vi.unstubAllGlobals())

describe('addProgramFonts', () => {
  it("adds the program's curated files to the partner's document, from the Tessera origin, with swap, and their scaled local fallbacks", () => {
    vi.stubGlobal('FontFace', FakeFontFace)
    const { added, doc } = partnerDocument()
    addProgramFonts(program('fonts-a', { header_font: 'Poppins', body_font: 'Inter' }), 'https://rewards.example', doc)
    expect(added.slice(0, 2).map((f) => [f.family, f.source, f.descriptors.weight, f.descriptors.display])).toEqual([
      ['Poppins', 'url(https://rewards.example/assets/fonts/poppins-latin-700-normal.woff2) format("woff2")', '700', 'swap'],
      ['Inter', 'url(https://rewards.example/assets/fonts/inter-latin-wght-normal.woff2) format("woff2")', '400 800', 'swap'],
    ])
    const fallbacks = added.slice(2)
    expect(fallbacks.map((f) => f.family)).toEqual(['Poppins', 'Inter'].flatMap((family) => ['Arial', 'Roboto', 'DejaVu'].map((local) => `${family} fallback ${local}`)))
    expect(fallbacks[3]!.source).toBe('local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo")')
    expect(fallbacks[3]!.descriptors).toEqual({ sizeAdjust: '107.12%', ascentOverride: '90.5%', descentOverride: '22.6%', lineGapOverride: '0.0%' })
    // Once per program, however many elements mount.
    addProgramFonts(program('fonts-a', { header_font: 'Poppins' }), 'https://rewards.example', doc)
    expect(added).toHaveLength(8)
  })

  it('adds nothing where the page already has the rules (the iframe page) or the program names no curated font', () => {
    vi.stubGlobal('FontFace', FakeFontFace)
    const served = partnerDocument(true)
    addProgramFonts(program('fonts-b', { body_font: 'Inter' }), 'https://rewards.example', served.doc)
    expect(served.added).toHaveLength(0)
    const plain = partnerDocument()
    addProgramFonts(program('fonts-c', { body_font: 'Georgia' }), 'https://rewards.example', plain.doc)
    expect(plain.added).toHaveLength(0)
  })
})
