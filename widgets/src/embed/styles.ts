/**
 * The widgets' stylesheet inside shadow roots. The build (vite.embed.config.ts) replaces the two
 * placeholders below with the bundle's whole CSS, rewritten for a shadow root, and with the path of the
 * same CSS as a file. Nothing is added to the partner's document styles.
 */

// Replaced at build time; left as is in tests and in `vite dev`.
const CSS: string = '__TESSERA_EMBED_CSS__'
const CSS_FILE: string = '__TESSERA_EMBED_CSS_FILE__'

const inlined = () => !CSS.startsWith('__TESSERA_')

let shared: CSSStyleSheet | null | undefined

/** One constructed sheet, adopted by every shadow root of the page (parsed once). */
function constructedSheet(): CSSStyleSheet | null {
  if (shared !== undefined) return shared
  shared = null
  try {
    if (inlined() && 'adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(CSS)
      shared = sheet
    }
  } catch {
    shared = null
  }
  return shared
}

/**
 * Styles a shadow root. Constructable stylesheets come first: CSP's style-src does not apply to them,
 * so a partner page under a strict policy needs nothing. Older browsers get a <link> to the CSS file
 * on the Tessera origin (the partner's style-src must then allow that origin).
 */
export function adoptStyles(root: ShadowRoot, assetBase: string) {
  const sheet = constructedSheet()
  if (sheet) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  if (CSS_FILE.startsWith('__TESSERA_')) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = new URL(CSS_FILE, assetBase || location.href).toString()
  root.append(link)
}
