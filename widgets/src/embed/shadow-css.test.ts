import { describe, expect, it } from 'vitest'
import { purgeUnusedRules, shadowCss } from './shadow-css'

describe('shadowCss', () => {
  it('moves :root tokens to :host and rem to px', () => {
    expect(shadowCss(':root{--text-sm:.875rem;--x:1.5rem}')).toBe(':host{--text-sm:14px;--x:24px}')
  })

  it('leaves names that merely end in rem alone', () => {
    expect(shadowCss('.lorem{margin:2rem}')).toBe('.lorem{margin:32px}')
  })

  it('turns width-only media queries into container queries', () => {
    expect(shadowCss('@media (max-width:599px){.a{b:c}}')).toBe('@container (max-width:599px){.a{b:c}}')
    expect(shadowCss('@media (width<=599px){.a{b:c}}')).toBe('@container (width<=599px){.a{b:c}}')
    expect(shadowCss('@media (min-width: 600px) and (max-width: 899px){.a{b:c}}')).toBe(
      '@container (min-width: 600px) and (max-width: 899px){.a{b:c}}',
    )
  })

  it('keeps every other media query', () => {
    const css =
      '@media (prefers-reduced-motion:reduce){.a{b:c}}@media print{.a{b:c}}@media screen and (max-width:599px){.a{b:c}}'
    expect(shadowCss(css)).toBe(css)
  })
})

describe('purgeUnusedRules', () => {
  // Minified component code: a literal class, a class built at run time, a BEM element.
  const code = `h("div",{class:"tile"}),h("a",{class:\`btn btn--\${v}\`}),"tile__cta"`

  it('drops rules of blocks the code never names, keeps the rest', () => {
    const css =
      '.hero{a:b}.hero__title{a:b}.tile{c:d}.tile__cta:focus-visible{e:f}.btn--primary{g:h}h1,h2{margin:0}:host{--x:1}'
    expect(purgeUnusedRules(css, code)).toBe(
      '.tile{c:d}.tile__cta:focus-visible{e:f}.btn--primary{g:h}h1,h2{margin:0}:host{--x:1}',
    )
  })

  it('drops html and body rules: a shadow root has neither', () => {
    expect(purgeUnusedRules('body{margin:0}html,body{a:b}body .tile{c:d}.tile,body{e:f}tbody{g:h}', code)).toBe(
      '.tile,body{e:f}tbody{g:h}',
    )
  })

  it('keeps a rule when one selector of its list may match', () => {
    expect(purgeUnusedRules('.hero,.tile{a:b}', code)).toBe('.hero,.tile{a:b}')
  })

  it('does not require classes inside :not()', () => {
    expect(purgeUnusedRules('.tile:not(.hero){a:b}', code)).toBe('.tile:not(.hero){a:b}')
  })

  it('walks into media and container queries and drops emptied ones', () => {
    expect(
      purgeUnusedRules(
        '@media (max-width:599px){.hero{a:b}}@container (max-width:599px){.hero{a:b}.tile{c:d}}',
        code,
      ),
    ).toBe('@container (max-width:599px){.tile{c:d}}')
  })

  it('keeps keyframes and words that only look like blocks', () => {
    expect(purgeUnusedRules('@keyframes spin{to{transform:rotate(1turn)}}.tiles{a:b}', code)).toBe(
      '@keyframes spin{to{transform:rotate(1turn)}}',
    )
  })
})
