import { describe, expect, it } from 'vitest'
import { parseBootstrap } from './bootstrap'
import { isCurrentPath, newTabAttributes, visibleMenuItems } from './menu'
import { isClientRoute, matchRoute, withStickyParams } from './routes'

const pages = [
  { id: 1, slug: 'privacy', title: 'Privacy' },
  { id: 2, slug: 'rules', title: 'Rules' },
]

describe('matchRoute', () => {
  it('maps the fixed screens', () => {
    expect(matchRoute('/', pages)).toEqual({ name: 'home' })
    expect(matchRoute('/signin', pages)).toEqual({ name: 'signin' })
    expect(matchRoute('/signin/', pages)).toEqual({ name: 'signin' })
    expect(matchRoute('/my-account', pages)).toEqual({ name: 'my-account' })
  })
  it('maps challenge pages by identifier', () => {
    expect(matchRoute('/challenge/coffee-quiz', pages)).toEqual({ name: 'challenge', identifier: 'coffee-quiz' })
    expect(matchRoute('/challenge/42/', pages)).toEqual({ name: 'challenge', identifier: '42' })
    expect(matchRoute('/challenge', pages)).toEqual({ name: 'not-found' })
    expect(matchRoute('/challenge/a/b', pages)).toEqual({ name: 'not-found' })
  })
  it('maps reward pages by id (the page checks the id)', () => {
    expect(matchRoute('/reward/42', pages)).toEqual({ name: 'reward', id: '42' })
    expect(matchRoute('/reward/abc', pages)).toEqual({ name: 'reward', id: 'abc' })
    expect(matchRoute('/reward', pages)).toEqual({ name: 'not-found' })
  })
  it('shows published pages by slug and nothing else', () => {
    expect(matchRoute('/rules', pages)).toEqual({ name: 'page', page: pages[1] })
    expect(matchRoute('/drafts', pages)).toEqual({ name: 'not-found' })
    expect(matchRoute('/rules/extra', pages)).toEqual({ name: 'not-found' })
    expect(matchRoute('/%E0%A4%A', pages)).toEqual({ name: 'not-found' })
  })
})

describe('withStickyParams', () => {
  it('keeps ?program= on same-site links only', () => {
    expect(withStickyParams('/signin', '?program=links&x=1')).toBe('/signin?program=links')
    expect(withStickyParams('/signin?redirect_to=/my-account', '?program=links')).toBe('/signin?redirect_to=%2Fmy-account&program=links')
    expect(withStickyParams('/signin', '')).toBe('/signin')
    expect(withStickyParams('https://tessera.dev/help', '?program=links')).toBe('https://tessera.dev/help')
    expect(withStickyParams('/?program=demo', '?program=links')).toBe('/?program=demo')
  })
})

describe('isClientRoute', () => {
  const here = { origin: 'https://demo.tessera.app', pathname: '/', search: '' }
  const at = (href: string) => isClientRoute(new URL(href, here.origin), here)
  it('routes site pages and leaves the rest to the browser', () => {
    expect(at('/signin')).toBe(true)
    expect(at('/privacy?x=1')).toBe(true)
    expect(at('https://other.example/signin')).toBe(false)
    expect(at('/signin/magic?token=abc')).toBe(false)
    expect(at('/admin/v2')).toBe(false)
    expect(at('/_dev/mailbox')).toBe(false)
    expect(at('/brand/logo.svg')).toBe(false)
    expect(at('/#main')).toBe(false)
  })
})

describe('menu', () => {
  const items = [
    { id: 1, name: 'How it works', navigation_url: '/rules', show_in_tab: false, show_on_logout: true },
    { id: 2, name: 'My Offers', navigation_url: '/my-offers', show_in_tab: false, show_on_logout: false },
    { id: 3, name: 'Help', navigation_url: 'https://tessera.dev/help', show_in_tab: true, show_on_logout: true },
  ]
  it('shows an item when signed in or when show_on_logout', () => {
    expect(visibleMenuItems(items, false).map((i) => i.id)).toEqual([1, 3])
    expect(visibleMenuItems(items, true).map((i) => i.id)).toEqual([1, 2, 3])
  })
  it('opens show_in_tab items in a new tab', () => {
    expect(newTabAttributes(items[2]!)).toEqual({ target: '_blank', rel: 'noopener noreferrer' })
    expect(newTabAttributes(items[0]!)).toEqual({})
  })
  it('marks the current page', () => {
    expect(isCurrentPath('/rules', '/rules')).toBe(true)
    expect(isCurrentPath('/rules?x=1', '/rules')).toBe(true)
    expect(isCurrentPath('https://tessera.dev/rules', '/rules')).toBe(false)
  })
})

describe('parseBootstrap', () => {
  it('reads the program and signed_in flag', () => {
    // The page's head carries the two styles the program comes without: the schema's defaults.
    expect(parseBootstrap('{"program":{"name":"Demo"},"signed_in":true}')).toEqual({ program: { name: 'Demo', widget_host_style: '', font_fallbacks: [] }, signed_in: true })
    expect(parseBootstrap('{"program":{"name":"Demo"}}')?.signed_in).toBe(false)
  })
  it('returns null for a missing or broken block', () => {
    expect(parseBootstrap(null)).toBeNull()
    expect(parseBootstrap('{oops')).toBeNull()
    expect(parseBootstrap('{"signed_in":true}')).toBeNull()
  })
})
