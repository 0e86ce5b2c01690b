/**
 * Build-time rewrite of the widgets' CSS for shadow roots (vite.embed.config.ts):
 * - `:root` rules become `:host` rules, so the design tokens sit on the element (where a page's own
 *   `tessera-reward { --perk-primary: teal }` still wins over them);
 * - rem becomes px, so a partner's `html { font-size: 62.5% }` cannot shrink the widgets;
 * - width-only media queries become container queries on `.tw-root`, so a widget in a narrow column
 *   of a wide page lays itself out by its own width.
 * @example shadowCss(':root{--a:1rem}@media (max-width:599px){a{b:c}}')
 * // ':host{--a:16px}@container (max-width:599px){a{b:c}}'
 */
export function shadowCss(css: string): string {
  return css
    .replace(/:root\b/g, ':host')
    .replace(
      /(^|[^\w.-])(\d*\.?\d+)rem\b/g,
      (_, before: string, n: string) => `${before}${+(Number(n) * 16).toFixed(3)}px`,
    )
    .replace(/@media([^{]+)\{/g, (whole, prelude: string) =>
      isWidthOnly(prelude) ? `@container${prelude}{` : whole,
    )
}

/** `(max-width:599px)`, `(min-width: 600px) and (max-width: 899px)`, `(width<=599px)`: yes. */
function isWidthOnly(prelude: string): boolean {
  const features = prelude.trim().split(/\s+and\s+/)
  return features.every((f) =>
    /^\(\s*(?:(?:max|min)-width\s*:\s*[\d.]+px|width\s*[<>]=?\s*[\d.]+px|[\d.]+px\s*[<>]=?\s*width)\s*\)$/.test(
      f.trim(),
    ),
  )
}

/** The BEM block of a class: `tile__cta--wide` -> `tile`. */
const blockOf = (className: string) => className.split(/__|--/)[0]!

/** Classes a selector needs to match (those inside :not/:is/:where/:has are ignored: they may be absent). */
function requiredClasses(selector: string): string[] {
  let plain = selector
  for (let i = 0; i < 4 && /:(not|is|where|has)\(/.test(plain); i++)
    plain = plain.replace(/:(not|is|where|has)\([^()]*\)/g, '')
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!)
}

/** Splits on top-level commas (not those inside parentheses). */
function splitList(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]
    if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts
}

/** The index of the `}` closing the block opened at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++
    else if (css[i] === '}' && --depth === 0) return i
  }
  return css.length - 1
}

/**
 * Drops the style rules no component of the bundle can match: a rule goes when every selector in its
 * list needs a class whose BEM block (`hero` of `.hero__title`) never occurs in the bundle's code.
 * Blocks are matched as words, so classes built at run time (`btn--${variant}`) keep their rules.
 * Rules for `html` and `body`, which a shadow root does not contain, go too.
 * Used on the shadow-root copy only: the site's stylesheets carry sections the embed never renders.
 * @example purgeUnusedRules('.hero{a:b}.tile{c:d}', 'class:"tile"') // '.tile{c:d}'
 */
export function purgeUnusedRules(css: string, code: string): string {
  const seen = new Map<string, boolean>()
  const present = (block: string) => {
    let found = seen.get(block)
    if (found === undefined) {
      const escaped = block.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&')
      found = new RegExp(`(^|[^\\w-])${escaped}(?![\\w])`).test(code)
      seen.set(block, found)
    }
    return found
  }
  // A shadow root holds neither <html> nor <body>: rules for them (the site's page styles) never match.
  const alive = (selectorList: string) =>
    splitList(selectorList).some(
      (sel) => !/^\s*(html|body)(?![\w-])/.test(sel) && requiredClasses(sel).every((c) => present(blockOf(c))),
    )

  function walk(text: string): string {
    let out = ''
    let i = 0
    while (i < text.length) {
      const open = text.indexOf('{', i)
      if (open < 0) {
        out += text.slice(i)
        break
      }
      const close = closingBrace(text, open)
      const prelude = text.slice(i, open)
      const body = text.slice(open + 1, close)
      const at = prelude.trim()
      if (/^@(media|container|supports|layer)\b/.test(at)) {
        const inner = walk(body)
        if (inner.trim()) out += `${prelude}{${inner}}`
      } else if (at.startsWith('@') || alive(prelude)) out += `${prelude}{${body}}`
      i = close + 1
    }
    return out
  }
  return walk(css)
}
