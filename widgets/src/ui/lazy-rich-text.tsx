import { lazy } from './lazy'
import { looksLikeHtml, PlainText } from './plain-text'

const LazyHtml = lazy(() => import('./rich-text').then((m) => m.RichText))

/**
 * RichText (ui/rich-text.tsx) whose sanitizer is fetched only when the text is markup: plain text,
 * the common case, renders at once without it. For widgets whose first view should stay small (the
 * reward card's details and terms).
 */
export function LazyRichText(props: { html: string; class?: string }) {
  return looksLikeHtml(props.html) ? <LazyHtml {...props} /> : <PlainText text={props.html} class={props.class} />
}
