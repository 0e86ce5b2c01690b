import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../src/db/node'
import { seedDemo } from '../src/db/seed'

/**
 * The README promises that the demo needs no network: every image, video and framed page the seeded
 * programs show is a file shipped in the repo (widgets/public, served from the product's own origin).
 * This walks every row of every table after the seed, JSON columns included, and fails on media that
 * would be fetched from another host.
 */

const PUBLIC_DIR = fileURLToPath(new URL('../../widgets/public', import.meta.url))

/**
 * Fields that hold a link the participant may follow (opened in a new tab, or shown as text), never a
 * resource the page loads: a challenge's or menu's target, a share URL, a social post's link, a
 * merchant's website. Anything else holding an absolute URL fails.
 */
const LINK_FIELDS = new Set(['link_url', 'share_url', 'navigation_url', 'url', 'page_url', 'web_site'])

const ABSOLUTE = /(?:\b[a-z][a-z\d+.-]*:)?\/\/[^\s"'<>)]+/gi
const MEDIA_EXT = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|mov|m4v|ogv|mp3|m4a|ogg|wav|pdf|woff2?|ttf|otf)(?:[?#]|$)/i
const ROOT_RELATIVE_MEDIA = /^\/(?!\/)[^\s"'<>?#]+\.(?:svg|png|jpe?g|gif|webp|avif|ico|mp4|webm|mov|m4v|mp3|pdf)(?:[?#].*)?$/i
/** src/href/poster/srcset attributes in rich text, and CSS url(...). */
const EMBEDDED = /(?:\s(?:src|poster|srcset|data)=["']|url\(\s*["']?)([^"')\s]+)/gi

type Finding = { where: string; value: string }

/** Every string leaf of a value, JSON text parsed, with its path (table.column[.key...]). */
function* leaves(value: unknown, path: string[]): Generator<{ path: string[]; text: string }> {
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
      try {
        yield* leaves(JSON.parse(trimmed) as unknown, path)
        return
      } catch {
        // plain text that happens to start with a bracket
      }
    }
    yield { path, text: value }
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* leaves(v, [...path, String(i)])
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* leaves(v, [...path, k])
  }
}

/** The last named (non-index) segment of a path: the column or JSON key that holds the string. */
const fieldOf = (path: string[]) => [...path].reverse().find((p) => !/^\d+$/.test(p))!

function offOriginMedia(rows: { path: string[]; text: string }[]): { offOrigin: Finding[]; missing: Finding[] } {
  const offOrigin: Finding[] = []
  const missing: Finding[] = []
  for (const { path, text } of rows) {
    const where = path.join('.')
    const field = fieldOf(path)
    for (const [, embedded] of text.matchAll(EMBEDDED)) {
      if (embedded && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(embedded)) offOrigin.push({ where: `${where} (embedded)`, value: embedded })
    }
    for (const [url] of text.matchAll(ABSOLUTE)) {
      if (/^(?:mailto|tel|data):/i.test(url)) continue
      // A link the participant follows is fine; a loaded resource (any other field, or a media file
      // even in a link field) is not.
      if (!LINK_FIELDS.has(field) || MEDIA_EXT.test(new URL(url, 'https://x.invalid').pathname)) offOrigin.push({ where, value: url })
    }
    const trimmed = text.trim()
    if (ROOT_RELATIVE_MEDIA.test(trimmed)) {
      const file = resolve(PUBLIC_DIR, `.${decodeURIComponent(trimmed.replace(/[?#].*$/, ''))}`)
      if (!file.startsWith(`${PUBLIC_DIR}/`) || !existsSync(file)) missing.push({ where, value: trimmed })
    }
  }
  return { offOrigin, missing }
}

describe('demo data media', () => {
  const rows: { path: string[]; text: string }[] = []
  let programKeys: string[] = []

  beforeAll(async () => {
    const { client, db } = await openLibsql(':memory:')
    await seedDemo(db)
    const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'")).rows.map(
      (r) => String(r.name),
    )
    for (const table of tables) {
      const result = await client.execute(`SELECT * FROM "${table}"`)
      for (const row of result.rows) {
        for (const column of result.columns) rows.push(...leaves(row[column], [table, column]))
      }
    }
    programKeys = (await client.execute('SELECT public_key FROM programs ORDER BY id')).rows.map((r) => String(r.public_key))
    client.close()
  }, 120_000)

  it('walks every seeded program', () => {
    expect(programKeys).toEqual(['demo', 'links'])
    // The walk reaches the places media live: challenge parameters (video), images, the partner page.
    const values = new Set(rows.map((r) => `${r.path.join('.')}=${r.text}`))
    expect([...values].some((v) => v.startsWith('challenges.parameters.video_url='))).toBe(true)
    expect([...values].some((v) => v.startsWith('programs.partner_config.iframe_url='))).toBe(true)
    expect(rows.some((r) => r.path[0] === 'social_network_posts' && r.path[1] === 'media_path')).toBe(true)
  })

  it('loads no image, video or framed page from another host', () => {
    const { offOrigin } = offOriginMedia(rows)
    const distinct = [...new Map(offOrigin.map((f) => [`${f.where} ${f.value}`, f])).values()]
    expect(distinct).toEqual([])
  })

  it('ships every media file it names under widgets/public', () => {
    const { missing } = offOriginMedia(rows)
    const distinct = [...new Map(missing.map((f) => [`${f.where} ${f.value}`, f])).values()]
    expect(distinct).toEqual([])
    // The video challenge's clip is one of them.
    expect(rows.some((r) => r.path.join('.') === 'challenges.parameters.video_url' && r.text === '/brand/pour-over.mp4')).toBe(true)
  })

  it('tells a third-party media URL from a link', () => {
    const check = (path: string[], text: string) => offOriginMedia([{ path, text }]).offOrigin.length
    expect(check(['challenges', 'parameters', 'video_url'], 'https://cdn.example.com/flower.mp4')).toBe(1)
    expect(check(['programs', 'partner_config', 'iframe_url'], 'https://www.openstreetmap.org/export/embed.html')).toBe(1)
    expect(check(['challenges', 'image'], '//cdn.example.com/a.png')).toBe(1)
    expect(check(['challenges', 'description'], '<p><img src="https://cdn.example.com/a.png"></p>')).toBe(2)
    expect(check(['challenges', 'link_url'], 'https://cdn.example.com/flyer.pdf')).toBe(1)
    expect(check(['challenges', 'link_url'], 'https://en.wikipedia.org/wiki/Coffee')).toBe(0)
    expect(check(['navigation_menus', 'navigation_url'], 'https://tessera.dev/help')).toBe(0)
    expect(check(['challenges', 'image'], '/brand/hero.svg')).toBe(0)
    expect(offOriginMedia([{ path: ['challenges', 'image'], text: '/brand/nope.png' }]).missing).toHaveLength(1)
  })
})
