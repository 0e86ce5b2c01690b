import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { purgeUnusedRules, shadowCss } from './src/embed/shadow-css'

const here = fileURLToPath(new URL('.', import.meta.url))
const outDir = resolve(here, '../dist/public')

/** A short content hash for `?v=` cache busting of fixed file names. */
export const contentHash = (text: string | Uint8Array) =>
  createHash('sha256').update(text).digest('hex').slice(0, 10)

/**
 * Puts the bundle's CSS into its JavaScript as a string for shadow roots (embed/styles.ts reads it),
 * without the rules no bundled component can match and rewritten by shadowCss, and points the <link>
 * fallback at the CSS file the build also writes (whole: nothing is purged from it).
 */
function shadowStyles({ shadowFile }: { shadowFile: boolean }): Plugin {
  return {
    name: 'tessera:shadow-styles',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const assets = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
      const css = assets.map((a) => (a.type === 'asset' ? String(a.source) : '')).join('\n')
      const file = assets[0] ? `/${assets[0].fileName}?v=${contentHash(css)}` : ''
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const shadow = JSON.stringify(shadowCss(purgeUnusedRules(css, chunks.map((c) => c.code).join('\n'))))
      // The classic bundles' CSS file serves only as the shadow-root fallback; the iframe page links its own.
      if (shadowFile && assets[0]?.type === 'asset') assets[0].source = shadowCss(css)
      for (const chunk of chunks) {
        chunk.code = chunk.code
          .replace(/(["'`])__TESSERA_EMBED_CSS__\1/g, () => shadow)
          .replace(/(["'`])__TESSERA_EMBED_CSS_FILE__\1/g, () => JSON.stringify(file))
      }
    },
  }
}

// ui/icons.tsx makes each icon with a top-level icon(...) call: pure, so unused icons are dropped.
const treeshake = { manualPureFunctions: ['icon'] }

/** One classic script (IIFE) with a fixed name: it is loaded cross-origin, where modules need CORS. */
function classicBundle(entry: string, name: string): UserConfig['build'] {
  return {
    outDir,
    emptyOutDir: false,
    // Custom elements and constructable stylesheets need a modern browser anyway; no class helpers.
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    rolldownOptions: { treeshake },
    lib: {
      entry: resolve(here, entry),
      formats: ['iife'],
      name: name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
      fileName: () => `assets/${name}.js`,
      cssFileName: `assets/${name}`,
    },
  }
}

/**
 * Embedding builds (docs/embedding.md), one per mode, run by scripts/build.mjs after the site's:
 * - `iframe`: widgets/embed.html -> dist/public/embed.html, the page /embed/{widget} serves;
 * - `elements`: assets/tessera-elements.js (+ .css), every custom element, injected by the loader;
 * - `tiles`: assets/tessera-tiles.js, <tessera-challenge-tiles> alone (bench/size.ts measures it).
 * The loader itself is vite.loader.config.ts. None of them empties dist/public.
 */
export default defineConfig(({ mode }) => {
  const build: UserConfig['build'] =
    mode === 'elements'
      ? classicBundle('src/embed/elements-entry.ts', 'tessera-elements')
      : mode === 'tiles'
        ? classicBundle('src/embed/tiles-entry.tsx', 'tessera-tiles')
        : {
            outDir,
            emptyOutDir: false,
            assetsDir: 'assets',
            target: 'es2022',
            sourcemap: false,
            rolldownOptions: { input: resolve(here, 'embed.html'), treeshake },
          }
  return {
    root: here,
    base: '/',
    // The site build already copied widgets/public.
    publicDir: false,
    plugins: [preact(), shadowStyles({ shadowFile: mode !== 'iframe' })],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build,
  }
})
