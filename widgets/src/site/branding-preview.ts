import { BRANDING_PREVIEW_READY, type BrandingPreviewMessage, readBrandingPreview } from '../../../sdk/contract/branding-preview'
import { fontFaceCss, programFonts } from '../../../sdk/contract/fonts'
import type { PublicProgram } from '../../../sdk/contract/program'
import { applyBranding, brandingVariables } from '../ui/branding'

/** Custom CSS the preview may show: what the server's sanitizer lets through could never match this. */
const UNSAFE_CSS = /<|@import|expression\s*\(|javascript:|behavior|-moz-binding|\\|url\(\s*['"]?\s*(?!\/(?!\/))/i

function styleElement(doc: Document, id: string): HTMLStyleElement {
  let style = doc.getElementById(id) as HTMLStyleElement | null
  if (!style) {
    style = doc.createElement('style')
    style.id = id
    doc.head.appendChild(style)
  }
  return style
}

/** The program with the draft theme in place of the saved one. */
export function previewProgram(program: PublicProgram, draft: BrandingPreviewMessage): PublicProgram {
  const saved = program.program_template_detail
  return {
    ...program,
    program_template_detail: {
      ...saved,
      element_css_style: draft.element_css_style,
      header_logo: draft.header_logo || null,
      footer_logo: draft.footer_logo || null,
      favicon_file: draft.favicon_file || null,
      header_background_image: draft.header_background_image || null,
      header_text: draft.header_text ?? saved.header_text,
      header_description: draft.header_description ?? saved.header_description,
    },
    custom_css: UNSAFE_CSS.test(draft.css) ? '' : draft.css,
  }
}

/** The page's document-level theme for a (draft) program: variables, fonts and custom CSS. */
export function applyPreviewTheme(doc: Document, before: PublicProgram, program: PublicProgram) {
  const root = doc.documentElement
  // The saved branding the page came with (features/site/share-preview.ts brandingStyle) gives way
  // to the draft, which may leave a colour at its default.
  doc.getElementById('tessera-branding')?.remove()
  for (const name of Object.keys(brandingVariables(before.program_template_detail.element_css_style))) root.style.removeProperty(name)
  applyBranding(root, program.program_template_detail.element_css_style)
  styleElement(doc, 'tessera-fonts-preview').textContent = fontFaceCss(programFonts(program.program_template_detail.element_css_style))
  // The saved custom CSS is served in #tessera-program-css; the draft replaces it (kept last in <head>).
  const custom = styleElement(doc, 'tessera-program-css')
  doc.head.appendChild(custom)
  custom.textContent = program.custom_css
}

/**
 * The site inside the console's branding preview (loaded only there: main.tsx): every draft the console posts (only its parent
 * frame, which the site's frame-ancestors limit to the site itself and the console) is shown at once,
 * and nothing is saved. Tells the console it is ready, so the current draft comes right away.
 */
export function listenForBrandingPreview(saved: PublicProgram, show: (program: PublicProgram) => void, win: Window = window): () => void {
  let current = saved
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return
    const draft = readBrandingPreview(event.data)
    if (!draft) return
    const next = previewProgram(saved, draft)
    applyPreviewTheme(win.document, current, next)
    current = next
    show(next)
  }
  win.addEventListener('message', onMessage)
  win.parent.postMessage({ type: BRANDING_PREVIEW_READY }, '*')
  return () => win.removeEventListener('message', onMessage)
}
