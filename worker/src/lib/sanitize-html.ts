import * as xssModule from 'xss'

// js-xss is CommonJS (`module.exports = filterXSS`, with `FilterXSS` on it). Node and esbuild expose the
// named export; workerd's module loader under vitest hands over only the default: take whichever exists.
const { FilterXSS } = ((xssModule as unknown as { FilterXSS?: unknown }).FilterXSS
  ? xssModule
  : (xssModule as unknown as { default: typeof xssModule }).default) as typeof xssModule

/**
 * Server-side sanitizer for administrator rich text (challenge articles, reward terms), applied when the
 * console saves so stored HTML is already safe. Built on js-xss (`xss`: pure JS, no DOM, runs on Workers
 * and Node) with the allow-list of the site's renderer (widgets/src/ui/sanitize-core.ts): the site
 * sanitizes again when it renders, and both agree on what survives (sanitize-html.test.ts checks it).
 */

/** Mirrors ALLOWED_TAGS of widgets/src/ui/sanitize-core.ts. */
export const ALLOWED_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img',
  'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
]

/** Mirrors ALLOWED_ATTRIBUTES of sanitize-core: no style, class, id, on*, srcdoc, srcset, target... */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
}

/** Mirrors DROPPED_WITH_CONTENT of sanitize-core: removed with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'option', 'link', 'meta', 'base', 'title', 'head',
  'audio', 'video', 'source', 'track', 'canvas', 'xmp', 'plaintext', 'noframes',
]

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', tab: '\t', newline: '\n', colon: ':',
  lpar: '(', rpar: ')', sol: '/', period: '.', comma: ',', semi: ';', excl: '!', num: '#', equals: '=',
}

/**
 * An attribute value as the browser reads it: character references decoded. The checked value is
 * written back fully escaped, so what was checked is exactly what the browser gets, also when an
 * unusual reference is left undecoded here.
 */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Same rule as sanitize-core's safeUrl: http(s), mailto, tel (links only) and relative URLs. */
function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  const value = raw.replace(/\p{Cc}|\s/gu, '')
  if (!value) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)
  if (!scheme) return /^(\/|\.|#|\?|[\w-])/.test(value) ? raw.trim() : null
  const allowed = kind === 'image' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel']
  return allowed.includes(scheme[1]!.toLowerCase()) ? raw.trim() : null
}

/** The safe value of an allowed attribute, or null to drop it (sanitize-core's cleanAttribute). */
function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!ALLOWED_ATTRIBUTES[tag]?.includes(name)) return null
  if (name === 'href') return safeUrl(value, 'link')
  if (name === 'src') return safeUrl(value, 'image')
  if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name)) return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null
  if (name === 'scope') return ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null
  return value.slice(0, 500)
}

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href)

const whiteList = Object.fromEntries(ALLOWED_TAGS.map((t) => [t, [...(ALLOWED_ATTRIBUTES[t] ?? [])]]))

/** Rewrites the attributes of one allowed opening tag (js-xss calls onTagAttr for each). */
const attributeFilter = new FilterXSS({
  whiteList,
  onTagAttr(tag, name, value) {
    const clean = cleanAttribute(tag, name.toLowerCase(), decodeEntities(value))
    return clean === null ? '' : `${name.toLowerCase()}="${escapeHtml(clean)}"`
  },
})

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  allowCommentTag: false,
  css: false,
  onTag(tag, html, info) {
    // h1 is the page's own title: content headings start at h2.
    if (tag === 'h1') return info.isClosing ? '</h2>' : '<h2>'
    if (!info.isWhite || info.isClosing) return undefined
    let out = attributeFilter.process(html).replace(/\s*\/?>$/, '')
    if (tag === 'img') {
      if (!/ src="/.test(out)) return ''
      out += ' loading="lazy"'
    }
    const href = / href="([^"]*)"/.exec(out)?.[1]
    if (tag === 'a' && href && isExternal(href)) out += ' target="_blank" rel="noopener noreferrer nofollow"'
    return `${out}>`
  },
})

/** True when a string looks like markup rather than plain text (the site's looksLikeHtml). */
export const looksLikeHtml = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text)

/**
 * Safe HTML for administrator rich text. Plain text (no markup) is kept as written: the site shows it
 * as text, paragraph by paragraph.
 * @example sanitizeRichText('<p onclick="x()">Hi<script>bad()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeRichText(html: string): string {
  if (!html || !looksLikeHtml(html)) return html
  return filter.process(html)
}
