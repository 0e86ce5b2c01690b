import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

/**
 * Targets from OWASP's Unvalidated Redirects and Forwards cheat sheet and its linked bypass lists
 * (protocol-relative, backslash, whitespace and control characters, encoded separators, schemes,
 * user-info and IP tricks). None may leave the origin.
 */
const BYPASSES = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u000b/evil.example',
  '/\u0000/evil.example',
  ' //evil.example',
  '/ /evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d/evil.example',
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%E3%80%80/evil.example',
  '/\u3000/evil.example',
  '/\u2028/evil.example',
  '/%',
  'https://evil.example',
  'http:evil.example',
  'https:/evil.example',
  '//https://evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java%0d%0ascript%0d%0a:alert(0)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'evil.example',
  '@evil.example',
  '//evil.example@trusted.example',
  '//trusted.example@evil.example',
  '/\\@evil.example',
  '//%09/evil.example',
  '//216.58.214.206',
  '//0xd8.0x3a.0xd6.0xce',
  '//3627734734',
  '/.evil.example\\',
  '',
  'x'.repeat(10),
]

describe('safeRedirect', () => {
  it.each(BYPASSES.map((t) => [JSON.stringify(t), t]))('refuses %s', (_label, target) => {
    expect(safeRedirect(target)).toBeNull()
  })

  it('keeps same-origin paths with their query and fragment', () => {
    for (const path of ['/', '/my-account', '/challenge/coffee-quiz?x=1#top', '/signin?redirect_to=%2Fmy-account', '/reward/2', '/a/b/../c']) {
      expect(safeRedirect(path)).toBe(path)
    }
  })

  it('refuses non-strings, null and overlong values', () => {
    expect(safeRedirect(null)).toBeNull()
    expect(safeRedirect(undefined)).toBeNull()
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBeNull()
  })
})

describe('safeRedirect with a cross-origin allow-list (a partner page in the program domain list)', () => {
  const allowHosts = ['shop.partner.example', 'localhost']

  it('keeps an absolute URL on a listed host, without its fragment', () => {
    expect(safeRedirect('https://shop.partner.example/rewards?x=1#old', { allowHosts })).toBe('https://shop.partner.example/rewards?x=1')
    expect(safeRedirect('http://localhost:5173/page', { allowHosts })).toBe('http://localhost:5173/page')
  })

  it('refuses hosts not in the list and every bypass', () => {
    for (const target of [
      'https://evil.example/',
      'https://shop.partner.example.evil.example/',
      'https://evil.example@shop.partner.example/',
      'https://shop.partner.example@evil.example/',
      'https://user:pw@shop.partner.example/',
      'https://shop.partner.example/%0a/x',
      'https://shop.partner.example/\t/x',
      'javascript://shop.partner.example/%0aalert(1)',
      'ftp://shop.partner.example/',
      ...BYPASSES.filter((t) => !t.startsWith('/')),
    ]) {
      expect(safeRedirect(target, { allowHosts }), target).toBeNull()
    }
  })

  it('still applies the path rules to paths', () => {
    expect(safeRedirect('/my-account', { allowHosts })).toBe('/my-account')
    expect(safeRedirect('//shop.partner.example/x', { allowHosts })).toBeNull()
  })
})
