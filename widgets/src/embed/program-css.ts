import type { PublicProgram } from '../../../sdk/contract/program'

/** One constructed sheet per distinct CSS text, shared by every widget of the page. */
const sheets = new Map<string, CSSStyleSheet | null>()

function sheetFor(css: string): CSSStyleSheet | null {
  let sheet = sheets.get(css)
  if (sheet !== undefined) return sheet
  sheet = null
  try {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
  } catch {
    sheet = null
  }
  sheets.set(css, sheet)
  return sheet
}

/**
 * The program's custom CSS (console branding) inside a widget's shadow root, after the widgets' own
 * sheets and the branding variables, so it can restyle them. The server sanitized it and turned its
 * document selectors into `:host` (PublicProgram.custom_css_widgets); the shadow root keeps it off the
 * partner's page. A sheet of an older version of the program is taken out.
 */
export function adoptProgramCss(root: ShadowRoot, program: PublicProgram) {
  const css = program.custom_css_widgets ?? ''
  const mine = css ? sheetFor(css) : null
  const stale = new Set([...sheets.values()].filter((s): s is CSSStyleSheet => Boolean(s) && s !== mine))
  if ('adoptedStyleSheets' in root && (mine || !css)) {
    const kept = root.adoptedStyleSheets.filter((s) => !stale.has(s))
    root.adoptedStyleSheets = mine && !kept.includes(mine) ? [...kept, mine] : kept
    return
  }
  // Without constructable sheets: a <style> element in the root.
  let style = root.querySelector<HTMLStyleElement>('style[data-tw-program-css]')
  if (!css) return style?.remove()
  if (!style) {
    style = document.createElement('style')
    style.dataset.twProgramCss = ''
    root.appendChild(style)
  }
  if (style.textContent !== css) style.textContent = css
}
