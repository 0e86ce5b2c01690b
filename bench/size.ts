/**
 * `npm run bench:size`: gzip sizes of what partners and participants download, against the targets of
 * issue 4. Builds nothing: run `node scripts/build.mjs` first. Exits with 1 when a target is missed.
 *
 *   loader          dist/public/embed.js                       <= 2 KB
 *   tiles widget    assets/tessera-tiles.js (Preact, signals,  <= 20 KB
 *                   SDK, the tiles element and its CSS inlined)
 *   all elements    assets/tessera-elements.js                  reported (the bundle the loader injects)
 *   iframe page     the JS embed.html loads                     reported
 *   hosted site     the JS index.html loads before first paint  <= 60 KB
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const PUBLIC = resolve(import.meta.dirname, '../dist/public')
const KB = 1024

const gzipBytes = (file: string) => gzipSync(readFileSync(join(PUBLIC, file)), { level: 9 }).length

/** Scripts an HTML entry loads up front: module entries and their modulepreload links. */
function initialScripts(html: string): string[] {
  const found = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) found.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"[^>]*>/g))
    found.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"[^>]*>/g))
    found.add(m[1]!)
  return [...found].map((src) => src.replace(/^\//, ''))
}

type Row = { name: string; files: string[]; limitKb: number | null }

const rows: Row[] = [
  { name: 'loader (embed.js)', files: ['embed.js'], limitKb: 2 },
  { name: 'challenge tiles widget (tiles-only bundle)', files: ['assets/tessera-tiles.js'], limitKb: 20 },
  { name: 'all elements (bundle the loader injects)', files: ['assets/tessera-elements.js'], limitKb: null },
  {
    name: 'iframe page initial JS',
    files: existsSync(join(PUBLIC, 'embed.html'))
      ? initialScripts(readFileSync(join(PUBLIC, 'embed.html'), 'utf8'))
      : ['embed.html'],
    limitKb: null,
  },
  {
    name: 'hosted site initial JS',
    files: existsSync(join(PUBLIC, 'index.html'))
      ? initialScripts(readFileSync(join(PUBLIC, 'index.html'), 'utf8'))
      : ['index.html'],
    limitKb: 60,
  },
]

const missing = rows.flatMap((r) => r.files).filter((f) => !existsSync(join(PUBLIC, f)))
if (missing.length) {
  console.error(`Missing ${missing.join(', ')} in dist/public: run \`node scripts/build.mjs\` first.`)
  process.exit(1)
}

let failed = false
console.log('gzip -9 sizes (1 KB = 1024 bytes)\n')
console.log(`${'bundle'.padEnd(44)}${'gzip'.padStart(10)}${'target'.padStart(10)}  result`)
for (const row of rows) {
  const bytes = row.files.reduce((sum, f) => sum + gzipBytes(f), 0)
  const kb = bytes / KB
  const pass = row.limitKb === null || kb <= row.limitKb
  if (!pass) failed = true
  const target = row.limitKb === null ? '-' : `${row.limitKb} KB`
  const result = row.limitKb === null ? 'info' : pass ? 'PASS' : 'FAIL'
  console.log(`${row.name.padEnd(44)}${`${kb.toFixed(2)} KB`.padStart(10)}${target.padStart(10)}  ${result}`)
  if (row.files.length > 1 || row.name.includes('initial')) console.log(`  ${row.files.join(', ')}`)
}
if (failed) process.exitCode = 1
