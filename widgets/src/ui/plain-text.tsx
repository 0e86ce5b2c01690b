import './plain-text.css'

/** True when a string looks like markup rather than plain text (plain text is shown as is). */
export const looksLikeHtml = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text)

/** Administrator plain text with its paragraphs kept (blank lines separate them). */
export function PlainText({ text, class: className }: { text: string; class?: string | undefined }) {
  return (
    <div class={['rich-text', className].filter(Boolean).join(' ')}>
      {text
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((p, i) => (
          // paragraphs of a fixed text
          <p key={i}>{p}</p>
        ))}
    </div>
  )
}
