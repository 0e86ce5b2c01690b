import { describe, expect, it } from 'vitest'
import { createClient } from '../../../sdk/src/index'
import { absolutizeMedia, mediaReviver } from './media-urls'

const origin = 'https://rewards.example'

describe('absolutizeMedia', () => {
  it('makes root-relative media paths absolute, deep in the answer', () => {
    const answer = {
      data: [
        { image: '/brand/slide-1.svg', image_obj: { public_url: '/files/a%20b.png?v=2' }, name: 'Tour' },
      ],
    }
    expect(absolutizeMedia(answer, origin)).toEqual({
      data: [
        {
          image: `${origin}/brand/slide-1.svg`,
          image_obj: { public_url: `${origin}/files/a%20b.png?v=2` },
          name: 'Tour',
        },
      ],
    })
  })

  it('leaves absolute URLs, protocol-relative ones, page paths and other text alone', () => {
    const values = [
      'https://cdn.example/a.png',
      '//cdn.example/a.png',
      '/challenge/coffee-quiz',
      '/signin',
      'Read the /brand/a.svg file',
      42,
      null,
      true,
    ]
    expect(absolutizeMedia(values, origin)).toEqual(values)
  })

  it('rewrites src="/..." inside rich-text HTML, not hrefs', () => {
    expect(absolutizeMedia('<p><img src="/brand/hero.svg" alt=""><a href="/privacy">x</a></p>', origin)).toBe(
      `<p><img src="${origin}/brand/hero.svg" alt=""><a href="/privacy">x</a></p>`,
    )
  })
})

describe('mediaReviver in the SDK transport', () => {
  it("gives an embedded widget's client every answer with its media on the Tessera origin", async () => {
    const answer = { data: [{ id: 1, image: '/brand/slide-1.svg', caption: '<img src="/media/1/a.png">' }] }
    const client = createClient({
      baseUrl: origin,
      programKey: 'demo',
      auth: 'token',
      reviver: mediaReviver(origin),
      fetch: (async () => Response.json(answer)) as typeof fetch,
    })
    expect(await client.home.carousel()).toEqual({
      data: [{ id: 1, image: `${origin}/brand/slide-1.svg`, caption: `<img src="${origin}/media/1/a.png">` }],
    })
  })
})
