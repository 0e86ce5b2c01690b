import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { minify } from 'terser'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { purgeUnusedRules, shadowCss } from './src/embed/shadow-css.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const outDir = resolve(here, '../dist/public')

/** A short content hash for `?v=` cache busting of fixed file names. */
export const contentHash = (text: string | Uint8Array) =>
  createHash('sha256').update(text).digest('hex').slice(0, 10)

/**
 * The iframe page's build: puts its whole CSS into its JavaScript as a string for the shadow root
 * (embed/styles.ts reads it), without the rules no bundled component can match and rewritten by
 * shadowCss, and names the same CSS as a file for the <link> fallback.
 */
function wholeShadowStyles(): Plugin {
  return {
    name: 'tessera:shadow-styles',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const assets = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
      const css = assets.map((a) => (a.type === 'asset' ? String(a.source) : '')).join('\n')
      const file = assets[0] ? `/${assets[0].fileName}?v=${contentHash(css)}` : ''
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const shadow = JSON.stringify(shadowCss(purgeUnusedRules(css, chunks.map((c) => c.code).join('\n'))))
      for (const chunk of chunks) {
        chunk.code = chunk.code
          .replace(/(["'`])__TESSERA_EMBED_CSS__\1/g, () => shadow)
          .replace(/(["'`])__TESSERA_EMBED_CSS_FILE__\1/g, () => JSON.stringify(file))
      }
    },
  }
}

/**
 * The custom-element build's CSS, per chunk: each chunk that imports CSS gets one statement appended
 * that registers that CSS (rewritten by shadowCss, rules no chunk can match dropped) with the URL of
 * the same CSS as a file, in `globalThis.__TESSERA_CSS__` (embed/styles.ts adopts it into shadow
 * roots). A page that fetches one element's chunks thereby gets that element's CSS and no other's.
 * The CSS files stay, rewritten, as the <link> fallback of browsers without constructable sheets.
 */
function chunkShadowStyles(): Plugin {
  return {
    name: 'tessera:chunk-shadow-styles',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const code = chunks.map((c) => c.code).join('\n')
      // A CSS file that a chunk's static imports already register (input.css, imported by the input
      // chunk and again by the views that use its classes) is not sent a second time.
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      const registeredBelow = (chunk: (typeof chunks)[number]) => {
        const seen = new Set<string>()
        const css = new Set<string>()
        const walk = (name: string) => {
          const c = byName.get(name)
          if (!c || seen.has(name)) return
          seen.add(name)
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f)
          for (const i of c.imports) walk(i)
        }
        for (const i of chunk.imports) walk(i)
        return css
      }
      for (const chunk of chunks) {
        chunk.code = chunk.code
          .replace(/(["'`])__TESSERA_EMBED_CSS__\1/g, '""')
          .replace(/(["'`])__TESSERA_EMBED_CSS_FILE__\1/g, '""')
        const below = registeredBelow(chunk)
        const files = [...(chunk.viteMetadata?.importedCss ?? [])].filter((f) => !below.has(f))
        const css = files
          .map((f) => bundle[f])
          .map((a) => (a?.type === 'asset' ? String(a.source) : ''))
          .join('\n')
        if (!css.trim()) continue
        const shadow = shadowCss(purgeUnusedRules(css, code))
        for (const f of files) {
          const asset = bundle[f]
          if (asset?.type === 'asset') asset.source = shadowCss(String(asset.source))
        }
        const piece = JSON.stringify({ css: shadow, href: `/${files[0]}` })
        chunk.code += `\n;(globalThis.__TESSERA_CSS__ ||= []).push(${piece});\n`
      }
    },
  }
}

/**
 * A second minification of the custom elements' chunks, after the bundler's own (oxc) and after the CSS
 * registration above: terser with three compress passes and top-level mangling takes another 2-3 %
 * off each chunk (0.45 KB gzip of the tiles page), which the partner pages' budgets need
 * (docs/decisions/0015). Safe options only; export names stay, so chunks still link.
 */
export function terserChunks(): Plugin {
  return {
    name: 'tessera:terser-chunks',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const out = await minify(chunk.code, {
          module: true,
          ecma: 2020,
          compress: { passes: 3 },
          mangle: { toplevel: true },
          format: { comments: false },
        })
        if (out.code) chunk.code = out.code
      }
    },
  }
}

// ui/icons.tsx makes each icon with a top-level icon(...) call: pure, so unused icons are dropped, and
// the module has no side effects, so an element that draws none of its icons does not fetch it.
const treeshake = {
  manualPureFunctions: ['icon'],
  // false: none; undefined: rolldown's own analysis (CSS imports and the rest keep theirs).
  moduleSideEffects: (id: string) => (/[\\/]ui[\\/]icons\.tsx$/.test(id) ? false : undefined),
}

// The tile labels (0.4 KB) ride in the core: as a chunk of their own (shared by the tiles and the
// challenge view) they were a fourth request of <tessera-challenge-tiles>, whose 20 KB they overran.
const CORE = /node_modules|[\\/]sdk[\\/]|[\\/]widgets[\\/]src[\\/](embed|ui|widgets[\\/]shared)[\\/]|[\\/]widgets[\\/]challenge[\\/]challenge-labels\./
/** Shared modules that stay out of the core chunk: used by a few elements only, or only after a click. */
const NOT_CORE = new RegExp(
  [
    String.raw`[\\/]embed[\\/]views[\\/]`,
    String.raw`[\\/]ui[\\/](modal|carousel|carousel-state|input|rich-text|lazy-rich-text|plain-text|sanitize|sanitize-core|media|time|date|money|icons|clipboard|focus|toast-item)\.`,
    String.raw`[\\/]ui[\\/]toast\.css$`,
    String.raw`[\\/]embed[\\/](checkout|program-css|runtime-failures|runtime-signin|signin-forms)\.`,
    String.raw`[\\/]sdk[\\/]contract[\\/](redirect|offer-categories|icon-paths-more)\.`,
    String.raw`[\\/]shared[\\/](pending-writes|load-error)\.`,
  ].join('|'),
)

/** Small helpers of the content elements (reward, tiles, payment, challenge): one file, not five. */
const KIT = /[\\/]ui[\\/](date|plain-text|lazy-rich-text)/

/**
 * The custom elements as one ES module entry (the loader injects it with `type="module"`; the
 * Tessera origin serves /assets/* with CORS) that imports shared chunks and fetches each element's
 * view chunk when the element first connects. Every file is named after its content: immutable.
 */
const elementsBuild: UserConfig['build'] = {
  outDir,
  emptyOutDir: false,
  // Custom elements and constructable stylesheets need a modern browser anyway; no class helpers.
  target: 'es2022',
  sourcemap: false,
  cssCodeSplit: true,
  // Library mode: the chunks import each other directly, no preload helper adding <link>s to the page.
  lib: { entry: resolve(here, 'src/embed/elements-entry.ts'), formats: ['es'] },
  rolldownOptions: {
    treeshake,
    // The entry module is in the core group: the core chunk becomes the entry itself instead of a
    // one-line entry file that imports it (one request less before any element can start).
    preserveEntrySignatures: 'allow-extension',
    // terser takes most of this build's time on purpose: no timing report in every build's output.
    checks: { pluginTimings: false },
    output: {
      // Library mode keeps ES output readable for other bundlers; this one goes to browsers as is.
      minify: true,
      comments: { annotation: false },
      // One core chunk with what (nearly) every element needs: Preact, signals, the SDK, the element
      // runtime and the small UI helpers. Fewer, larger files compress better and cost fewer round trips
      // than a dozen sub-kilobyte chunks; each element's own code stays in its own chunks.
      codeSplitting: {
        groups: [
          { name: 'core', test: (id: string) => CORE.test(id) && !NOT_CORE.test(id) },
          { name: 'kit', test: (id: string) => KIT.test(id) },
        ],
      },
      entryFileNames: 'assets/tessera-elements-[hash].js',
      chunkFileNames: 'assets/tw-[name]-[hash].js',
      assetFileNames: 'assets/tw-[name]-[hash][extname]',
    },
  },
}

/**
 * Embedding builds (docs/embedding.md), one per mode, run by scripts/build.mjs after the site's:
 * - `iframe`: widgets/embed.html -> dist/public/embed.html, the page /embed/{widget} serves;
 * - `elements`: assets/tessera-elements-<hash>.js, the module the loader injects, and one chunk per
 *   element view (bench/size.ts measures what a page with one element fetches).
 * The loader itself is vite.loader.config.ts. None of them empties dist/public.
 */
export default defineConfig(({ mode }) => {
  const build: UserConfig['build'] =
    mode === 'elements'
      ? elementsBuild
      : {
          outDir,
          emptyOutDir: false,
          assetsDir: 'assets',
          target: 'es2022',
          sourcemap: false,
          // One stylesheet, inlined whole for the shadow root (its views are still fetched lazily).
          cssCodeSplit: false,
          rolldownOptions: {
            input: resolve(here, 'embed.html'),
            treeshake,
            // What the page needs at load in one file, as the site does (the views stay lazy).
            output: { codeSplitting: { groups: [{ name: 'embed', tags: ['$initial'] }] } },
          },
        }
  return {
    root: here,
    base: '/',
    // The site build already copied widgets/public.
    publicDir: false,
    plugins: [preact(), ...(mode === 'elements' ? [chunkShadowStyles(), terserChunks()] : [wholeShadowStyles()])],
    // The widgets' few signals through a 0.6 KB binding instead of @preact/signals (3.2 KB): ui/signals.ts.
    resolve: { alias: [{ find: /^@preact\/signals$/, replacement: resolve(here, 'src/ui/signals.ts') }] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build,
  }
})
