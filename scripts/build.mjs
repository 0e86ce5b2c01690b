#!/usr/bin/env node
// Builds the front ends into dist/public (served by wrangler's assets or by the Node runner).
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { build } from 'vite'
import { hashedOutputs, headersFile } from './asset-headers.mjs'
import { buildFonts } from './build-fonts.mjs'

rmSync('dist/public', { recursive: true, force: true })
const builds = [
  { configFile: 'widgets/vite.config.ts' },
  { configFile: 'admin/vite.config.ts' },
  // Embedding (docs/embedding.md): the iframe page, the custom elements' module and chunks, then the
  // loader, which is built last because it names the elements' module by its content hash.
  { configFile: 'widgets/vite.embed.config.ts', mode: 'iframe' },
  { configFile: 'widgets/vite.embed.config.ts', mode: 'elements' },
  { configFile: 'widgets/vite.loader.config.ts' },
]
const hashed = new Set()
for (const options of builds) {
  const result = await build({ ...options, logLevel: process.env.CI ? 'warn' : 'info' })
  for (const fileName of hashedOutputs(result)) hashed.add(fileName)
}

// Curated web fonts (sdk/contract/fonts.ts), served from our own origin: one file per family and style,
// cut to the design's weights and characters (scripts/build-fonts.mjs).
const fonts = await buildFonts('dist/public')
console.log(`dist/public/assets/fonts: ${fonts.length} font files, ${(fonts.reduce((sum, f) => sum + f.bytes, 0) / 1024).toFixed(1)} KB`)

// Cache headers (scripts/asset-headers.mjs): every file under dist/public whose path ends with a file
// name vite gave a content hash is immutable; the rest stay revalidated.
const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
const paths = files('dist/public')
  .map((f) => `/${relative('dist/public', f).split(sep).join('/')}`)
  .filter((p) => [...hashed].some((name) => p.endsWith(`/${name}`)))
const headers = headersFile(paths)
writeFileSync('dist/public/_headers', headers.text)
console.log(`dist/public/_headers: ${headers.rules} hashed files immutable${headers.skipped ? `, ${headers.skipped} left revalidated (past the 100-rule limit)` : ''}`)
