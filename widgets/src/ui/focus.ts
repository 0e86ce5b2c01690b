/**
 * The element with focus as seen from `node`'s root, the page's when focus is outside it. An embedded
 * widget renders inside a shadow root, where `document.activeElement` is only the host element.
 */
export const activeIn = (node: Node) =>
  (node.getRootNode() as Document | ShadowRoot).activeElement ?? document.activeElement
