import parse from 'css-tree/parser'
import { describe, expect, it } from 'vitest'
import { decodeCssEscapes, isAllowedCssUrl, sanitizeCss, scopeCssForShadowRoot } from './css-sanitizer'

const EVIL_IMPORT = '@import url(https://evil.example);'
const CLOSE_STYLE = '</style><script>alert(1)</script>'

describe('sanitizeCss', () => {
  it('keeps ordinary rules, media queries, keyframes, custom properties and our own media paths', () => {
    const input =
      ':root{--perk-primary:#ff0066}.site-header{background:#111;border-radius:8px}@media (max-width:600px){.hero{padding:8px}}@keyframes pulse{from{opacity:0}to{opacity:1}}.hero{background-image:url(/media/12/bg.png)}@font-face{font-family:Brand;src:url(/media/12/brand.woff2) format("woff2")}'
    const { css, removed } = sanitizeCss(input)
    expect(removed).toEqual([])
    expect(css).toContain(':root{--perk-primary:#ff0066}')
    expect(css).toContain('@media (max-width:600px){.hero{padding:8px}}')
    expect(css).toContain('@keyframes pulse{from{opacity:0}to{opacity:1}}')
    expect(css).toContain('url(/media/12/bg.png)')
    expect(css).toContain('url(/media/12/brand.woff2)')
  })

  it('drops @import in any spelling, and other at-rules but the allowed ones', () => {
    const { css, removed } = sanitizeCss(`${EVIL_IMPORT}@IMPORT "https://evil.example/x.css";@imp\\6frt url(/x.css);@charset "utf-8";@namespace svg url(http://www.w3.org/2000/svg);a{color:red}`)
    expect(css).toBe('a{color:red}')
    expect(css).not.toMatch(/import|evil/i)
    expect(removed[0]).toBe('@import url(https://evil.example);')
    expect(removed).toHaveLength(5)
  })

  it('drops url() of other origins, protocol-relative, data: and javascript: URLs, also inside image-set()', () => {
    const bad = [
      'a{background:url(https://evil.example/x.png)}',
      'a{background:url("//evil.example/x.png")}',
      "a{background:url('data:image/svg+xml,<svg onload=alert(1)>')}",
      'a{background:url(javascript:alert(1))}',
      'a{background-image:image-set("https://evil.example/a.png" 1x)}',
      'a{background:\\75rl(https://evil.example/x.png)}',
      'a{background:url(\\2f\\2f evil.example/x.png)}',
    ]
    for (const input of bad) {
      const { css, removed } = sanitizeCss(input)
      expect(css, input).toBe('a{}')
      expect(removed, input).toHaveLength(1)
    }
  })

  it('drops expression(), javascript:, behavior and -moz-binding, escaped or not', () => {
    const { css, removed } = sanitizeCss(
      'a{width:expression(alert(1));color:green}b{behavior:url(/x.htc)}c{-moz-binding:url(/x.xml#x)}d{width:\\65 xpression(alert(1))}e{b\\65havior:url(/x.htc)}f{content:"javascript:alert(1)"}',
    )
    expect(css).toBe('a{color:green}b{}c{}d{}e{}f{}')
    expect(removed).toHaveLength(6)
  })

  it('neutralises anything that could close the <style> element', () => {
    const between = sanitizeCss(`a{color:red}${CLOSE_STYLE}b{color:blue}`)
    expect(between.css).toBe('a{color:red}')
    expect(between.css).not.toContain('<')
    const inString = sanitizeCss(`.x::after{content:"${CLOSE_STYLE}"}`)
    expect(inString.css).not.toContain('<')
    expect(inString.css.toLowerCase()).not.toContain('</style')
    // The escape reads back as the same text inside the string.
    expect(decodeCssEscapes(inString.css)).toContain('</style>')
    expect(sanitizeCss(CLOSE_STYLE)).toEqual({ css: '', removed: [CLOSE_STYLE] })
  })

  it('drops rules whose selector does not parse instead of keeping them raw', () => {
    const { css, removed } = sanitizeCss('a{color:red} !!! {color:blue} b{color:green}')
    expect(css).not.toContain('!!!')
    expect(removed.length).toBeGreaterThan(0)
  })

  it('always answers CSS that parses again to the same text', () => {
    const { css } = sanitizeCss(`${EVIL_IMPORT}.a{color:red}${CLOSE_STYLE}.b{background:url(/media/x.png)}`)
    expect(sanitizeCss(css).css).toBe(css)
    expect(() => parse(css)).not.toThrow()
  })

  it('treats empty input as no CSS', () => {
    expect(sanitizeCss('')).toEqual({ css: '', removed: [] })
    expect(sanitizeCss(null)).toEqual({ css: '', removed: [] })
  })
})

describe('isAllowedCssUrl', () => {
  it.each([
    ['/media/1/a.png', true],
    ['/assets/fonts/inter-latin-400-normal.woff2', true],
    ['//evil.example/a.png', false],
    ['/\\evil.example/a.png', false],
    ['https://evil.example/a.png', false],
    ['data:image/png;base64,AAAA', false],
    ['javascript:alert(1)', false],
    ['media/a.png', false],
  ])('%s -> %s', (url, allowed) => expect(isAllowedCssUrl(url)).toBe(allowed))
})

describe('scopeCssForShadowRoot', () => {
  it('makes selectors that start at the document start at the host', () => {
    expect(scopeCssForShadowRoot(':root{--perk-primary:#f00}body .tile{color:red}html body>.x,.y{color:blue}body.dark{color:#000}')).toBe(
      ':host{--perk-primary:#f00}:host .tile{color:red}:host>.x,.y{color:blue}body.dark{color:#000}',
    )
  })
  it('keeps media queries and leaves no "<"', () => {
    expect(scopeCssForShadowRoot('@media (min-width:1px){body .a{content:"\\3c "}}')).toBe('@media (min-width:1px){:host .a{content:"\\3c "}}')
  })
})
