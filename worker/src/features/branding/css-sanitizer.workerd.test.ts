import { describe, expect, it } from 'vitest'
import { sanitizeCss, scopeCssForShadowRoot } from './css-sanitizer'

// The sanitizer runs in the Workers runtime too (css-tree's parser, generator and walker entries, which
// need no Node module loading).
describe('custom CSS sanitizing in workerd', () => {
  it('parses, drops what is not allowed and scopes for widgets', () => {
    const { css, removed } = sanitizeCss('@import url(https://evil.example);body .a{color:red}</style><script>alert(1)</script>')
    expect(css).toBe('body .a{color:red}')
    expect(removed[0]).toBe('@import url(https://evil.example);')
    expect(scopeCssForShadowRoot(css)).toBe(':host .a{color:red}')
  })
})
