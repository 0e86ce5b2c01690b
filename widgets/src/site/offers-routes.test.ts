import { describe, expect, it } from 'vitest'
import { matchRoute } from './routes'

describe('offers routes', () => {
  it('matches /my-offers and /my-offers/{merchant_slug}', () => {
    expect(matchRoute('/my-offers', [])).toEqual({ name: 'my-offers' })
    expect(matchRoute('/my-offers/', [])).toEqual({ name: 'my-offers' })
    expect(matchRoute('/my-offers/the-silver-fig-new-york', [])).toEqual({
      name: 'merchant',
      slug: 'the-silver-fig-new-york',
    })
    expect(matchRoute('/my-offers/caf%C3%A9-luna', [])).toEqual({ name: 'merchant', slug: 'café-luna' })
    expect(matchRoute('/my-offers/a/b', [])).toEqual({ name: 'not-found' })
  })
})
