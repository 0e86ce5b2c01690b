import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const outDir = resolve(here, '../dist/public')

/** `/assets/tessera-elements.js?v=<content hash>`: fixed names, busted caches. Built after the bundles. */
function bundleUrl(file: string): string {
  const path = resolve(outDir, file)
  const version = existsSync(path)
    ? `?v=${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 10)}`
    : ''
  return `/${file}${version}`
}

/**
 * The script-tag loader, dist/public/embed.js: one small classic script (IIFE), no dependencies.
 * wrangler.toml serves /embed.js straight from the assets; bench/size.ts holds it to 2 KB gzip.
 */
export default defineConfig({
  root: here,
  publicDir: false,
  define: {
    __TESSERA_BUNDLES__: JSON.stringify({
      elements: bundleUrl('assets/tessera-elements.js'),
      tiles: bundleUrl('assets/tessera-tiles.js'),
    }),
  },
  build: {
    outDir,
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: false,
    lib: {
      entry: resolve(here, 'src/loader.ts'),
      formats: ['iife'],
      name: 'TesseraLoader',
      fileName: () => 'embed.js',
    },
  },
})
