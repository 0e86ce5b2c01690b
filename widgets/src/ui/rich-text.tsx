import { useMemo } from 'preact/hooks'
import { looksLikeHtml, PlainText } from './plain-text'
import { sanitizeHtml } from './sanitize'
import './rich-text.css'

/**
 * Administrator content: HTML is sanitized (no scripts, handlers or javascript: URLs) before it is
 * rendered; plain text keeps its paragraphs.
 */
export function RichText({ html, class: className }: { html: string; class?: string }) {
  const safe = useMemo(() => (looksLikeHtml(html) ? sanitizeHtml(html) : null), [html])
  if (safe === null) return <PlainText text={html} class={className} />
  return (
    <div
      class={['rich-text', className].filter(Boolean).join(' ')}
      // the markup was rewritten by sanitizeHtml from a safe subset
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  )
}
