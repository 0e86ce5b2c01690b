// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { programFontFaces } from '../../../sdk/contract/fonts'
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

/** As the server sends it: the faces of the branding's curated fonts (sdk/contract/fonts.ts). */
const program = (key: string, style: Record<string, string>) =>
  ({ public_key: key, program_template_detail: { element_css_style: style }, font_faces: programFontFaces(style) }) as unknown as PublicProgram

function partnerDocument(withRules = false) {
  const added: FakeFontFace[] = []
  const doc = { fonts: { add: (f: FakeFontFace) => void added.push(f) }, getElementById: (id: string) => (withRules && id === 'tessera-fonts' ? {} : null) }
  return { added, doc: doc as unknown as Document }
}

afterEach(() => vi.unstubAllGlobals())

describe('addProgramFonts', () => {
  it("adds the program's curated faces to the partner's document, from the Tessera origin, with swap", () => {
    vi.stubGlobal('FontFace', FakeFontFace)
    const { added, doc } = partnerDocument()
    addProgramFonts(program('fonts-a', { header_font: 'Poppins', body_font: 'Comic Sans' }), 'https://rewards.example', doc)
    expect(added.map((f) => [f.family, f.descriptors.weight])).toEqual([400, 500, 600, 700, 800].map((w) => ['Poppins', String(w)]))
    expect(added[0]!.source).toBe('url(https://rewards.example/assets/fonts/poppins-latin-400-normal.woff2) format("woff2")')
    expect(added[0]!.descriptors.display).toBe('swap')
    // Once per program, however many elements mount.
    addProgramFonts(program('fonts-a', { header_font: 'Poppins' }), 'https://rewards.example', doc)
    expect(added).toHaveLength(5)
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
