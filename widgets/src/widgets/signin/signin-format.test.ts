import { describe, expect, it } from 'vitest'
import { enrollmentRedirectUrl, formatCountdown, isValidEmail, maskEmail, redirectFromQuery, safeRedirectPath, termsPages } from './signin-format'

describe('maskEmail', () => {
  it('keeps the first and last character of the local part', () => {
    expect(maskEmail('john@example.com')).toBe('j**n@example.com')
    expect(maskEmail('ana@x.io')).toBe('a*a@x.io')
  })
  it('caps the asterisks at five like the server text', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j*****e@example.com')
  })
  it('handles very short local parts', () => {
    expect(maskEmail('ab@example.com')).toBe('a*@example.com')
    expect(maskEmail('a@example.com')).toBe('a*@example.com')
  })
})

describe('formatCountdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00')
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(125)).toBe('2:05')
  })
  it('never shows negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('0:00')
    expect(formatCountdown(4.9)).toBe('0:04')
  })
})

describe('isValidEmail', () => {
  it('accepts ordinary addresses and rejects broken ones', () => {
    expect(isValidEmail('jane@example.com')).toBe(true)
    expect(isValidEmail("o'neil+tag@mail.example.co.uk")).toBe(true)
    for (const bad of ['', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'jane..doe@example.com', '.jane@example.com'])
      expect(isValidEmail(bad), bad).toBe(false)
  })
})

describe('redirects', () => {
  it('only allows same-site paths', () => {
    expect(safeRedirectPath('/my-account')).toBe('/my-account')
    expect(safeRedirectPath('/reward/3?x=1')).toBe('/reward/3?x=1')
    for (const bad of [null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'my-account', 'javascript:alert(1)'])
      expect(safeRedirectPath(bad)).toBe('/')
  })
  it('reads redirectTo before redirect_to', () => {
    expect(redirectFromQuery(new URLSearchParams('redirect_to=/my-account'))).toBe('/my-account')
    expect(redirectFromQuery(new URLSearchParams('redirectTo=/a&redirect_to=/b'))).toBe('/a')
    expect(redirectFromQuery(new URLSearchParams('redirect_to=https://evil.example'))).toBe('/')
  })
  it('sends enrollment redirects the e-mail and every query parameter', () => {
    const url = enrollmentRedirectUrl('https://partner.example/join?src=tessera', 'jane@example.com', [['referral_code', 'ABC'], ['utm_source', 'mail']], 'http://localhost')
    const parsed = new URL(url)
    expect(parsed.origin).toBe('https://partner.example')
    expect(parsed.searchParams.get('src')).toBe('tessera')
    expect(parsed.searchParams.get('email')).toBe('jane@example.com')
    expect(parsed.searchParams.get('referral_code')).toBe('ABC')
    expect(parsed.searchParams.get('utm_source')).toBe('mail')
  })
})

describe('termsPages', () => {
  it('finds Privacy, Rules and Terms by title, in that order', () => {
    const pages = [
      { id: 1, slug: 'terms', title: 'Terms' },
      { id: 2, slug: 'faq', title: 'FAQ' },
      { id: 3, slug: 'privacy', title: 'Privacy Policy' },
      { id: 4, slug: 'official-rules', title: 'Official Rules' },
    ]
    expect(termsPages(pages).map((p) => p.slug)).toEqual(['privacy', 'official-rules', 'terms'])
  })
  it('returns nothing when no such page is published', () => {
    expect(termsPages([{ slug: 'faq', title: 'FAQ' }])).toEqual([])
  })
})
