import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const outDir = resolve(here, '../dist/public')

/** `/assets/tessera-elements-<hash>.js`, the module the elements build wrote just before this one. */
function elementsUrl(): string {
  const dir = resolve(outDir, 'assets')
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^tessera-elements-[\w-]{8}\.js$/.test(f)) : []
  if (found.length !== 1)
    throw new Error(`expected one assets/tessera-elements-<hash>.js in dist/public, found ${found.length}: build the elements first`)
  return `/assets/${found[0]}`
}

/**
 * The script-tag loader, dist/public/embed.js: one small classic script (IIFE), no dependencies.
 * wrangler.toml serves /embed.js straight from the assets; bench/size.ts holds it to 2 KB gzip.
 */
export default defineConfig(() => ({
  root: here,
  publicDir: false,
  define: {
    __TESSERA_ELEMENTS__: JSON.stringify(elementsUrl()),
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
}))
