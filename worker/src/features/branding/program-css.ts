import { sanitizeCss, scopeCssForShadowRoot } from './css-sanitizer'

/**
 * The public program's custom CSS: sanitized again on the way out (a row written before this check,
 * or by a tool, is served the same way as a console save), and its shadow-root variant for widgets.
 * Read through the public program cache, so this runs once per content version.
 */
export function programCustomCss(stored: string | null | undefined): { custom_css: string; custom_css_widgets: string } {
  const css = stored ? sanitizeCss(stored).css : ''
  return { custom_css: css, custom_css_widgets: css ? scopeCssForShadowRoot(css) : '' }
}

/** The site's <style> for the custom CSS (after the site's own stylesheets), or nothing. */
export function customCssStyle(css: string | null | undefined): string {
  if (!css) return ''
  // sanitizeCss leaves no `<`; checked again because this goes into HTML as is.
  return css.includes('<') ? '' : `<style id="tessera-program-css">${css}</style>`
}
