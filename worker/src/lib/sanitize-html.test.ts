import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeRichText } from './sanitize-html'

/**
 * The site's renderer core (widgets/src/ui/sanitize-core.ts, DOM-free). It belongs to another TypeScript
 * project, so it is loaded by path at run time and typed here by the parts this test uses.
 */
type ClientCore = {
  ALLOWED_TAGS: ReadonlySet<string>
  isAllowedAttribute: (tag: string, name: string) => boolean
  serializeSafe: (root: unknown) => string
}
const clientCorePath = '../../../widgets/src/ui/sanitize-core'
const { ALLOWED_TAGS: CLIENT_TAGS, isAllowedAttribute, serializeSafe } = (await import(/* @vite-ignore */ clientCorePath)) as ClientCore

/** OWASP XSS filter-evasion cheat sheet vectors (and a few more): none may leave executable markup. */
const VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<script/XSS src="https://xss.rocks/xss.js"></script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=x ONERROR="alert(1)">',
  '<img src="x" onerror  =  alert(1) >',
  '<img """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href=javascript:alert(1)>x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p srcdoc="<script>alert(1)</script>">x</p>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<style>@import "https://xss.rocks/xss.css";</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://xss.rocks/xss.swf">',
  '<!--<script>alert(1)</script>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<p <script>alert(1)</script>>x</p>',
  '<div><p onmouseover=alert(1)>unclosed',
  '<a href="https://x.test" onclick=alert(1)>x',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><td onclick=alert(1)>x</td></table>',
  '<img src=`x` onerror=`alert(1)`>',
  '<img/src=x/onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="https://x.test" target="_blank">x</a>',
]

/** Parses the server's output the way a browser does and fails on anything that could run. */
function executableParts(html: string): string[] {
  const doc = new new Window().DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  const found: string[] = []
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase()
    if (!ALLOWED_TAGS.includes(tag)) found.push(`<${tag}>`)
    for (const a of Array.from(el.attributes)) {
      if (/^on/i.test(a.name) || ['style', 'srcdoc', 'srcset', 'formaction', 'action', 'background'].includes(a.name)) found.push(`${tag}@${a.name}`)
      if (['href', 'src'].includes(a.name) && /^(javascript|vbscript|data):/i.test((a.value ?? '').replace(/\p{Cc}|\s/gu, ''))) found.push(`${tag}@${a.name}=${a.value}`)
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank' && !/noopener/.test(el.getAttribute('rel') ?? '')) found.push('a@target without rel')
  }
  return found
}

describe('sanitizeRichText: OWASP filter-evasion vectors', () => {
  it('has at least 25 vectors', () => expect(VECTORS.length).toBeGreaterThanOrEqual(25))
  it.each(VECTORS)('leaves nothing executable: %s', (vector) => {
    const out = sanitizeRichText(vector)
    expect(executableParts(out)).toEqual([])
    expect(out).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|form|meta|base)\b/i)
    expect(out).not.toMatch(/\son[a-z]+\s*=|javascript:|vbscript:|srcdoc|style=/i)
    // Stored output is stable: sanitizing it again changes nothing.
    expect(sanitizeRichText(out)).toBe(out)
  })
})

describe('sanitizeRichText: allowed markup survives', () => {
  it('keeps headings, lists, links, emphasis, tables and https images', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>Some <strong>bold</strong>, <b>b</b>, <em>em</em> and <a href="/rules#a" title="Rules">rules</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>' +
      '<table><tbody><tr><th scope="row">A</th><td colspan="2">B</td></tr></tbody></table>'
    expect(sanitizeRichText(html)).toBe(html)
    expect(sanitizeRichText('<img src="https://cdn.test/a.png" alt="A cup" width="40">')).toBe('<img src="https://cdn.test/a.png" alt="A cup" width="40" loading="lazy">')
    expect(sanitizeRichText('<a href="mailto:hi@tessera.dev">mail</a>')).toBe('<a href="mailto:hi@tessera.dev">mail</a>')
  })
  it('an external link gets target=_blank with rel="noopener noreferrer"; h1 becomes h2', () => {
    expect(sanitizeRichText('<a href="https://x.test/?a=1&amp;b=2" target="_top">x</a>')).toBe(
      '<a href="https://x.test/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    )
    expect(sanitizeRichText('<h1 class="big">Hi</h1>')).toBe('<h2>Hi</h2>')
  })
  it("keeps a media-library image as the editor's Insert image writes it (/media/{program}/{hex}.{ext})", () => {
    const html = '<p>Before</p><img src="/media/4/0123456789abcdef0123456789abcdef.png" alt="Latte art"><p>After</p>'
    expect(sanitizeRichText(html)).toBe('<p>Before</p><img src="/media/4/0123456789abcdef0123456789abcdef.png" alt="Latte art" loading="lazy"><p>After</p>')
    expect(clientSanitize(sanitizeRichText(html))).toContain('src="/media/4/0123456789abcdef0123456789abcdef.png"')
  })
  it('keeps plain text as written (the site shows it as text)', () => {
    expect(sanitizeRichText('Tom & Jerry\n\n2 < 3')).toBe('Tom & Jerry\n\n2 < 3')
    expect(sanitizeRichText('')).toBe('')
  })
})

/** The site's renderer: sanitize-core is DOM-free; a happy-dom parser stands in for the browser's DOMParser. */
function clientSanitize(html: string): string {
  const doc = new new Window().DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return serializeSafe(doc.body)
}

describe('server and client sanitizers agree', () => {
  it('allow the same tags and attributes', () => {
    expect([...ALLOWED_TAGS].sort()).toEqual([...CLIENT_TAGS].sort())
    for (const [tag, names] of Object.entries(ALLOWED_ATTRIBUTES)) for (const name of names) expect(isAllowedAttribute(tag, name), `${tag}@${name}`).toBe(true)
    for (const tag of ALLOWED_TAGS) for (const name of ['style', 'class', 'id', 'onclick', 'srcdoc', 'srcset', 'target', 'href', 'src']) {
      expect(isAllowedAttribute(tag, name), `${tag}@${name}`).toBe(ALLOWED_ATTRIBUTES[tag]?.includes(name) ?? false)
    }
  })
  const samples = [
    '<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://x.test/a?b=1&amp;c=2">a link</a>.</p>',
    '<h1>Top</h1><ul><li>one</li><li><em>two</em></li></ul>',
    '<p onclick="x()" style="color:red" class="c">Hi<script>bad()</script></p>',
    '<img src="https://cdn.test/a.png" alt="A" onerror="x()"><img src="data:image/png;base64,AA">',
    '<a href="javascript:alert(1)" target="_blank">x</a><a href="/local">y</a>',
    '<iframe src="https://x.test"></iframe><svg onload=alert(1)><circle/></svg><p>after</p>',
    '<table><tr><td colspan="2" style="x">A</td></tr></table>',
    '<p>one<!-- hidden --> two</p><custom-tag>kept text</custom-tag>',
  ]
  it.each(samples)('the site renders the same whether the server sanitized first: %s', (html) => {
    expect(clientSanitize(sanitizeRichText(html))).toBe(clientSanitize(html))
  })
})
