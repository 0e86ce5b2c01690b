const escapeText = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * Page bodies are HTML from the console's editor (sanitized when rendered), or plain text with blank
 * lines between paragraphs.
 * @example bodyToHtml('One.\n\nTwo') // '<p>One.</p><p>Two</p>'
 */
export function bodyToHtml(body: string): string {
  if (/<[a-z][\s\S]*>/i.test(body)) return body
  return body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}
