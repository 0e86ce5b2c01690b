/**
 * The element with focus as seen from `node`'s root, the page's when focus is outside it. An embedded
 * widget renders inside a shadow root, where `document.activeElement` is only the host element.
 * (Its own module: the embedded tiles need it without the dialog focus helpers of ui/focus.ts.)
 */
export const activeIn = (node: Node) =>
  (node.getRootNode() as Document | ShadowRoot).activeElement ?? document.activeElement
