/**
 * The pure half of the HTML sanitizer: given any DOM-shaped tree (a DOMParser document in the browser,
 * plain objects in tests) it writes new markup from scratch, keeping only a safe subset of tags and
 * attributes. Nothing of the input's markup is reused, so odd parsing cannot smuggle anything through.
 */

/** The node shape the sanitizer reads (a subset of the DOM's Node). */
export type TreeNode = {
  nodeType: number
  nodeName: string
  nodeValue: string | null
  childNodes: ArrayLike<TreeNode>
  attributes?: ArrayLike<{ name: string; value: string }>
}

const TEXT_NODE = 3
const ELEMENT_NODE = 1
const DOCUMENT_FRAGMENT_NODE = 11
const DOCUMENT_NODE = 9

/** Formatting an administrator's rich-text editor produces. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
])

/** Dropped together with everything inside them (other unknown tags are unwrapped: their text stays). */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'xmp',
  'plaintext',
  'noframes',
])

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img'])

/** Attributes kept per tag; every other attribute (on*, style, class, id, srcset...) is dropped. */
const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
}

/** h1 is the page's own title: an h1 in the content becomes an h2. */
const RENAMED: Record<string, string> = { h1: 'h2' }

export const isAllowedTag = (tag: string) => ALLOWED_TAGS.has(tag) || tag in RENAMED
export const isAllowedAttribute = (tag: string, name: string) => ALLOWED_ATTRIBUTES[tag]?.has(name) ?? false

/**
 * A URL that is safe in href or src: http(s), mailto and tel, and same-site paths and anchors. Anything
 * with another scheme (javascript:, data:, vbscript:...) is refused, also when hidden behind control
 * characters or whitespace ("java\tscript:").
 * @example safeUrl(' javascript:alert(1)') // null
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  // Browsers ignore ASCII whitespace and control characters inside a scheme: so do we before checking.
  const value = raw.replace(/\p{Cc}|\s/gu, '')
  if (!value) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)
  if (!scheme) {
    // Relative URLs: a path, a query or an anchor. "//host" (protocol-relative) is an external http URL.
    return /^(\/|\.|#|\?|[\w-])/.test(value) ? raw.trim() : null
  }
  const name = scheme[1]!.toLowerCase()
  const allowed = kind === 'image' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel']
  return allowed.includes(name) ? raw.trim() : null
}

/** Escapes text for an element body or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
}

/** The safe value of an attribute, or null to drop it. */
export function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!isAllowedAttribute(tag, name)) return null
  if (name === 'href') return safeUrl(value, 'link')
  if (name === 'src') return safeUrl(value, 'image')
  if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name))
    return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null
  if (name === 'scope') return ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null
  return value.slice(0, 500)
}

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href)

function writeElement(node: TreeNode, out: string[], depth: number) {
  const raw = node.nodeName.toLowerCase()
  if (DROPPED_WITH_CONTENT.has(raw)) return
  const tag = RENAMED[raw] ?? raw
  if (!ALLOWED_TAGS.has(tag)) {
    writeChildren(node, out, depth)
    return
  }
  const attrs: string[] = []
  let href: string | null = null
  for (const attr of Array.from(node.attributes ?? [])) {
    const name = attr.name.toLowerCase()
    const value = cleanAttribute(tag, name, attr.value)
    if (value === null) continue
    if (name === 'href') href = value
    attrs.push(` ${name}="${escapeHtml(value)}"`)
  }
  if (tag === 'img' && !attrs.some((a) => a.startsWith(' src='))) return
  if (tag === 'img') attrs.push(' loading="lazy"')
  if (tag === 'a' && href && isExternal(href))
    attrs.push(' target="_blank" rel="noopener noreferrer nofollow"')
  out.push(`<${tag}${attrs.join('')}>`)
  if (VOID_TAGS.has(tag)) return
  writeChildren(node, out, depth)
  out.push(`</${tag}>`)
}

function writeChildren(node: TreeNode, out: string[], depth: number) {
  // Deeply nested input is cut off rather than risking the stack.
  if (depth > 64) return
  for (const child of Array.from(node.childNodes)) writeNode(child, out, depth + 1)
}

function writeNode(node: TreeNode, out: string[], depth: number) {
  if (node.nodeType === TEXT_NODE) out.push(escapeHtml(node.nodeValue ?? ''))
  else if (node.nodeType === ELEMENT_NODE) writeElement(node, out, depth)
  else if (node.nodeType === DOCUMENT_NODE || node.nodeType === DOCUMENT_FRAGMENT_NODE)
    writeChildren(node, out, depth)
  // Comments, processing instructions and doctypes are dropped.
}

/**
 * Safe markup for the children of `root` (a parsed body, or a test tree).
 * @example serializeSafe(doc.body) // '<p>Hello <strong>you</strong></p>'
 */
export function serializeSafe(root: TreeNode): string {
  const out: string[] = []
  writeChildren(root, out, 0)
  return out.join('')
}
