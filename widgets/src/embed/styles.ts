/**
 * The widgets' stylesheets inside shadow roots; nothing is added to the partner's document styles.
 *
 * - The custom-element build (vite.embed.config.ts, `elements`) splits the code per element; every
 *   chunk that brings CSS registers it when it runs, in `globalThis.__TESSERA_CSS__` (its text,
 *   rewritten for a shadow root, and the URL of the same CSS as a file). Shadow roots adopt what is
 *   registered when they attach, and again (`syncStyles`) when a lazily fetched view has arrived.
 * - The iframe page's build replaces `__TESSERA_EMBED_CSS__` below with its whole CSS instead.
 */

type Piece = { css: string; href: string }

declare global {
  var __TESSERA_CSS__: Piece[] | undefined
}

// Replaced at build time; left as is in tests and in `vite dev`.
const EMBED_CSS: string = '__TESSERA_EMBED_CSS__'
const CSS_FILE: string = '__TESSERA_EMBED_CSS_FILE__'

const whole: Piece | null =
  EMBED_CSS.startsWith('__TESSERA_') || !EMBED_CSS ? null : { css: EMBED_CSS, href: CSS_FILE }

/** Every piece of CSS the page has so far, in the order the chunks ran (shared code first). */
const pieces = (): Piece[] => (whole ? [whole] : []).concat(globalThis.__TESSERA_CSS__ ?? [])

const constructable = () =>
  typeof Document !== 'undefined' &&
  'adoptedStyleSheets' in Document.prototype &&
  'replaceSync' in CSSStyleSheet.prototype

/** One constructed sheet per piece, adopted by every shadow root of the page (parsed once). */
const sheets = new WeakMap<Piece, CSSStyleSheet | null>()
function sheetOf(piece: Piece): CSSStyleSheet | null {
  let sheet = sheets.get(piece)
  if (sheet !== undefined) return sheet
  sheet = null
  try {
    if (constructable()) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(piece.css)
    }
  } catch {
    sheet = null
  }
  sheets.set(piece, sheet)
  return sheet
}

/** The live shadow roots, with the origin their <link> fallbacks load from. */
const roots = new Map<ShadowRoot, string>()

function apply(root: ShadowRoot, assetBase: string) {
  const all = pieces()
  const own = all.map(sheetOf)
  if (own.every((s) => s)) {
    // The widgets' sheets first, in chunk order; sheets added by others (the program's branding) after.
    const mine = new Set(own as CSSStyleSheet[])
    const others = root.adoptedStyleSheets.filter((s) => !mine.has(s))
    const next = [...(own as CSSStyleSheet[]), ...others]
    const current = root.adoptedStyleSheets
    if (next.length !== current.length || next.some((s, i) => s !== current[i])) root.adoptedStyleSheets = next
    return
  }
  // Older browsers: a <link> per piece to the CSS file on the Tessera origin (the partner's style-src
  // must then allow that origin).
  for (const piece of all) {
    if (!piece.href || root.querySelector(`link[data-tw-css="${CSS.escape(piece.href)}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.dataset.twCss = piece.href
    link.href = new URL(piece.href, assetBase || location.href).toString()
    const content = [...root.childNodes].find((n) => !(n instanceof HTMLLinkElement))
    root.insertBefore(link, content ?? null)
  }
}

/** Styles a shadow root and keeps it styled while it is connected (until `releaseStyles`). */
export function adoptStyles(root: ShadowRoot, assetBase: string) {
  roots.set(root, assetBase)
  apply(root, assetBase)
}

/** A disconnected element's root: no longer updated (and not kept alive by this module). */
export function releaseStyles(root: ShadowRoot) {
  roots.delete(root)
}

/** Newly fetched chunks registered CSS: every live root adopts it. */
export function syncStyles() {
  for (const [root, assetBase] of roots) apply(root, assetBase)
}

// ui/lazy.tsx calls this after any lazily fetched chunk arrived (widgets/ cannot import embed/).
globalThis.__TESSERA_CSS_SYNC__ = syncStyles
