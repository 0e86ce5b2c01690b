import type { CssNode, List, ListItem } from 'css-tree'
import generate from 'css-tree/generator'
import parse from 'css-tree/parser'
import walk from 'css-tree/walker'
import { CUSTOM_CSS_MAX } from '../../../../sdk/contract/console/branding'

/**
 * A program's custom CSS, parsed with a real CSS parser (css-tree) and rebuilt from what is allowed
 * (admin-console-part-b.md, branding css; issue 15). What goes:
 * - `@import` and every at-rule but @media, @supports, @font-face, @keyframes, @layer and @container;
 * - `url()` (and the URL strings of image-set() and src()) that is not a root-relative path on our own
 *   origin (the media library's files): no other origin, no `//host`, no data: or javascript: URL;
 * - `expression(...)`, anything naming `javascript:`, and the `behavior` and `-moz-binding` properties,
 *   also when spelled with CSS escapes (`\65 xpression(`);
 * - whatever the parser could not read (a rule whose selector or a declaration whose value did not
 *   parse), so text like `</style><script>` between rules is dropped rather than kept raw;
 * - and every `<` left (in strings) is written as the escape `\3c `, so the result can never close the
 *   <style> element it is served in.
 * The result is what is stored (programs.css); it is served in a <style> on the hosted site and, scoped
 * (scopeCssForShadowRoot), in the widgets' shadow roots.
 */

export type SanitizedCss = { css: string; removed: string[] }

const ALLOWED_AT_RULES = new Set(['media', 'supports', 'font-face', 'keyframes', '-webkit-keyframes', 'layer', 'container'])
const BLOCKED_PROPERTIES = new Set(['behavior', '-moz-binding', 'binding'])
const URL_FUNCTIONS = new Set(['image-set', '-webkit-image-set', 'src'])
const BLOCKED_TEXT = /expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|behavior\s*:|@import/i
const MAX_REMOVED = 50

/** Decodes CSS escapes (`\75 rl` -> `url`, `\:` -> `:`), to check text the way a browser reads it. */
export function decodeCssEscapes(text: string): string {
  return text
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) => {
      const code = parseInt(hex, 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    })
    .replace(/\\\r?\n/g, '')
    .replace(/\\(.)/g, '$1')
}

/** A URL a custom stylesheet may load: a root-relative path on our own origin, nothing else. */
export function isAllowedCssUrl(raw: string): boolean {
  const url = decodeCssEscapes(raw).trim()
  return /^\/(?![/\\])/.test(url) && !/[\s\\<>"'()]/.test(url) && !/[\u0000-\u001f]/.test(url)
}

const blockedText = (text: string) => BLOCKED_TEXT.test(text) || BLOCKED_TEXT.test(decodeCssEscapes(text))

const short = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim()
  return one.length > 120 ? `${one.slice(0, 117)}…` : one
}

/** Why a declaration cannot stay, or null when it may. */
function declarationProblem(node: CssNode & { type: 'Declaration' }): boolean {
  const property = decodeCssEscapes(node.property).toLowerCase()
  if (BLOCKED_PROPERTIES.has(property)) return true
  if (node.value.type === 'Raw') return true
  let bad = false
  walk(node.value, (child) => {
    if (bad) return
    if (child.type === 'Raw') bad = true
    else if (child.type === 'Url') bad = !isAllowedCssUrl(child.value)
    else if (child.type === 'Function') {
      const name = decodeCssEscapes(child.name).toLowerCase()
      if (name === 'expression' || name === 'url' || child.name.includes('\\')) bad = true
      else if (URL_FUNCTIONS.has(name)) {
        child.children.forEach((arg) => {
          if (arg.type === 'String' && !isAllowedCssUrl(arg.value)) bad = true
        })
      }
    }
  })
  return bad || blockedText(generate(node))
}

/** Removes one node from its list, noting what it was. */
function drop(removed: string[], list: List<CssNode> | undefined, item: ListItem<CssNode> | undefined, node: CssNode) {
  if (removed.length < MAX_REMOVED) removed.push(short(generate(node)))
  list?.remove(item!)
}

/**
 * The custom CSS as it may be stored and served.
 * @example sanitizeCss('@import url(https://evil.example); a{color:red}').css // 'a{color:red}'
 */
export function sanitizeCss(input: string | null | undefined): SanitizedCss {
  const source = String(input ?? '').slice(0, CUSTOM_CSS_MAX)
  if (!source.trim()) return { css: '', removed: [] }
  const removed: string[] = []
  const ast = parse(source, { parseValue: true, parseCustomProperty: true, parseAtrulePrelude: true, parseRulePrelude: true })

  walk(ast, {
    enter(node: CssNode, item: ListItem<CssNode>, list: List<CssNode>) {
      if (node.type === 'Atrule') {
        const name = decodeCssEscapes(node.name).toLowerCase()
        if (!ALLOWED_AT_RULES.has(name) || node.name.includes('\\') || (node.prelude && (node.prelude.type === 'Raw' || blockedText(generate(node.prelude))))) {
          drop(removed, list, item, node)
          return walk.skip
        }
      } else if (node.type === 'Rule') {
        if (node.prelude.type === 'Raw' || blockedText(generate(node.prelude))) {
          drop(removed, list, item, node)
          return walk.skip
        }
        // Attribute selector values are strings: a `<` in them is escaped below.
      } else if (node.type === 'Declaration') {
        if (declarationProblem(node)) drop(removed, list, item, node)
        return walk.skip
      } else if (node.type === 'Raw') {
        // Text the parser kept as is between rules (`</style><script>…`).
        drop(removed, list, item, node)
        return walk.skip
      }
      return undefined
    },
  })

  let css = generate(ast)
  // No `<` at all: inside strings the escape reads the same; nothing can close the <style>.
  css = css.replace(/</g, '\\3c ')
  // A last check on the whole text, decoded: anything blocked that slipped past is not served.
  if (blockedText(css)) {
    removed.push(short(source))
    return { css: '', removed }
  }
  return { css, removed }
}

/** `html`, `body` and `:root` at the start of a selector (alone in their compound, as a run). */
const DOCUMENT_ROOTS = /^(?:(?:html|body|:root)(?=$|[\s>+~]))(?:\s*>?\s*(?:html|body|:root)(?=$|[\s>+~]))*/i

/**
 * The stored (sanitized) CSS for a widget's shadow root: the same rules, with selectors that start at
 * the document (`html`, `body`, `:root`) starting at the widget's host instead (`:host`). The shadow
 * root scopes the rest: nothing of it reaches the partner's page.
 * @example scopeCssForShadowRoot(':root{--perk-primary:#f00} body .tile{color:red}')
 * // ':host{--perk-primary:#f00}:host .tile{color:red}'
 */
export function scopeCssForShadowRoot(css: string): string {
  if (!css.trim()) return ''
  const ast = parse(css, { parseValue: false, parseCustomProperty: false })
  walk(ast, {
    visit: 'Rule',
    enter(node) {
      if (node.prelude.type !== 'SelectorList') return
      const selectors: string[] = []
      node.prelude.children.forEach((selector) => {
        selectors.push(generate(selector).replace(DOCUMENT_ROOTS, ':host'))
      })
      node.prelude = parse(selectors.join(','), { context: 'selectorList' }) as typeof node.prelude
    },
  })
  return generate(ast).replace(/</g, '\\3c ')
}
