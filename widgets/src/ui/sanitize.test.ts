import { describe, expect, it } from 'vitest'
import {
  cleanAttribute,
  escapeHtml,
  isAllowedTag,
  safeUrl,
  serializeSafe,
  type TreeNode,
} from './sanitize-core'

// A tiny DOM-shaped tree builder, so the walker is tested without a browser.
const text = (value: string): TreeNode => ({
  nodeType: 3,
  nodeName: '#text',
  nodeValue: value,
  childNodes: [],
})
const comment = (value: string): TreeNode => ({
  nodeType: 8,
  nodeName: '#comment',
  nodeValue: value,
  childNodes: [],
})
const el = (name: string, attrs: Record<string, string> = {}, ...children: TreeNode[]): TreeNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  nodeValue: null,
  attributes: Object.entries(attrs).map(([n, value]) => ({ name: n, value })),
  childNodes: children,
})
const body = (...children: TreeNode[]) => el('body', {}, ...children)

describe('safeUrl', () => {
  it('keeps http(s), mailto, tel and same-site URLs', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1')
    expect(safeUrl('mailto:hi@example.com')).toBe('mailto:hi@example.com')
    expect(safeUrl('tel:+15555550123')).toBe('tel:+15555550123')
    expect(safeUrl('/rules')).toBe('/rules')
    expect(safeUrl('#step-2')).toBe('#step-2')
    expect(safeUrl('guide.html')).toBe('guide.html')
  })
  it('refuses script and data URLs, however they are disguised', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull()
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull()
    expect(safeUrl('java\tscript:alert(1)')).toBeNull()
    expect(safeUrl('java\u0000script:alert(1)')).toBeNull()
    expect(safeUrl('vbscript:msgbox')).toBeNull()
    expect(safeUrl('data:text/html,<script>alert(1)</script>')).toBeNull()
    expect(safeUrl('')).toBeNull()
  })
  it('allows only http(s) for images', () => {
    expect(safeUrl('https://cdn.example.com/a.png', 'image')).toBe('https://cdn.example.com/a.png')
    expect(safeUrl('mailto:x@example.com', 'image')).toBeNull()
    expect(safeUrl('data:image/svg+xml;base64,AAAA', 'image')).toBeNull()
  })
})

describe('attributes and tags', () => {
  it('keeps a small allow-list', () => {
    expect(isAllowedTag('p')).toBe(true)
    expect(isAllowedTag('h1')).toBe(true)
    expect(isAllowedTag('script')).toBe(false)
    expect(cleanAttribute('a', 'href', 'https://x.example')).toBe('https://x.example')
    expect(cleanAttribute('a', 'onclick', 'x()')).toBeNull()
    expect(cleanAttribute('p', 'style', 'color:red')).toBeNull()
    expect(cleanAttribute('img', 'width', '300')).toBe('300')
    expect(cleanAttribute('img', 'width', '100%;x')).toBeNull()
    expect(cleanAttribute('th', 'scope', 'col')).toBe('col')
  })
  it('escapes text and attribute values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})

describe('serializeSafe', () => {
  it('keeps formatting and drops handlers, styles and comments', () => {
    const tree = body(
      el(
        'p',
        { onclick: 'steal()', style: 'color:red', class: 'x' },
        text('Hello '),
        el('strong', {}, text('you')),
      ),
      comment('secret'),
    )
    expect(serializeSafe(tree)).toBe('<p>Hello <strong>you</strong></p>')
  })
  it('drops scripts, styles, iframes and forms with their content', () => {
    const tree = body(
      el('script', {}, text('alert(1)')),
      el('style', {}, text('body{}')),
      el('iframe', { src: 'https://evil.example' }),
      el('form', {}, el('input')),
      el('p', {}, text('ok')),
    )
    expect(serializeSafe(tree)).toBe('<p>ok</p>')
  })
  it('unwraps unknown tags but keeps their text', () => {
    expect(serializeSafe(body(el('font', { color: 'red' }, text('big '), el('em', {}, text('deal')))))).toBe(
      'big <em>deal</em>',
    )
  })
  it('makes links safe and external ones open in a new tab', () => {
    expect(serializeSafe(body(el('a', { href: 'javascript:alert(1)' }, text('x'))))).toBe('<a>x</a>')
    expect(serializeSafe(body(el('a', { href: 'https://example.com', target: '_self' }, text('x'))))).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    )
    expect(serializeSafe(body(el('a', { href: '/rules' }, text('rules'))))).toBe('<a href="/rules">rules</a>')
  })
  it('keeps images with a safe source only, lazily loaded', () => {
    expect(
      serializeSafe(
        body(el('img', { src: 'https://cdn.example.com/a.png', alt: 'A "cup"', onerror: 'x()' })),
      ),
    ).toBe('<img src="https://cdn.example.com/a.png" alt="A &quot;cup&quot;" loading="lazy">')
    expect(serializeSafe(body(el('img', { src: 'javascript:x()' })))).toBe('')
  })
  it('turns h1 into h2 and escapes text that looks like markup', () => {
    expect(
      serializeSafe(body(el('h1', {}, text('Title')), el('p', {}, text('<script>alert(1)</script>')))),
    ).toBe('<h2>Title</h2><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
  })
  it('stops at a very deep nesting instead of overflowing the stack', () => {
    let node = text('deep')
    for (let i = 0; i < 5000; i++) node = el('span', {}, node)
    expect(() => serializeSafe(body(node))).not.toThrow()
  })
})
