import { describe, expect, it } from 'vitest'
import { isSafeLinkUrl } from './layout'
import { programPageWriteSchema, slugFromTitle } from './program-pages'

describe('isSafeLinkUrl (menu URLs, slide links and images)', () => {
  it('takes http(s) URLs and paths on the site', () => {
    for (const url of ['https://shop.example.com/a?b=1#c', 'http://example.com', '/rules', '/my-offers?x=1', '/']) expect(isSafeLinkUrl(url), url).toBe(true)
  })
  it('refuses other schemes, protocol-relative and credentialed URLs, and path tricks', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'https://user:pw@evil.example',
      'https://exa mple.com',
      'https://example.com/\u0000',
      'rules',
      '',
    ])
      expect(isSafeLinkUrl(url), url).toBe(false)
  })
})

describe('program page slugs', () => {
  it('are made from a title and checked by the write schema', () => {
    expect(slugFromTitle('Règles du jeu!  2026')).toBe('regles-du-jeu-2026')
    expect(slugFromTitle('  --Privacy--  ')).toBe('privacy')
    expect(programPageWriteSchema.safeParse({ title: 'x', slug: ' House-Rules ' }).data?.slug).toBe('house-rules')
    expect(programPageWriteSchema.safeParse({ title: 'x', slug: 'my-account' }).success).toBe(false)
    expect(programPageWriteSchema.safeParse({ title: 'x', slug: 'a--b' }).success).toBe(false)
  })
})
