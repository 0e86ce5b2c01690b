import { serializeSafe } from './sanitize-core'

/**
 * Sanitizes administrator HTML (article content, descriptions) for rendering: parsed with DOMParser
 * (which runs no scripts and loads nothing), then rewritten from the safe subset in sanitize-core.
 * @example el.innerHTML = sanitizeHtml('<p onclick="x()">Hi<script>bad()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeHtml(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return serializeSafe(doc.body)
}

export { looksLikeHtml } from './plain-text'
