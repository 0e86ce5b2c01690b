import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { PARTICIPANT_PAGE_CHUNKS, type SiteChunks } from '../sdk/contract/site-routes.ts'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * Writes /site-chunks.json: the files of each lazy page a participant's page preloads
 * (PARTICIPANT_PAGE_CHUNKS), the chunk and the chunks it imports that the site's own script does not
 * hold, with their styles. The worker reads it to put them in the page's head (page-preloads.ts).
 */
function siteChunks(): Plugin {
  const names = [...new Set(Object.values(PARTICIPANT_PAGE_CHUNKS).flat())]
  return {
    name: 'tessera-site-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const entry = chunks.find((c) => c.isEntry)
      if (!entry) return this.error('site-chunks: the build has no entry chunk')
      // What the site's script loads anyway: its entry and everything that imports statically.
      const initial = new Set<string>()
      const walk = (file: string) => {
        if (initial.has(file)) return
        initial.add(file)
        for (const f of byFile.get(file)?.imports ?? []) walk(f)
      }
      walk(entry.fileName)
      const out: SiteChunks = { entry: `/${entry.fileName}`, chunks: {} }
      for (const name of names) {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.name === name)
        if (!chunk) return this.error(`site-chunks: no lazy chunk named ${name} (PARTICIPANT_PAGE_CHUNKS)`)
        const js: string[] = []
        const css = new Set<string>()
        const add = (c: Rollup.OutputChunk) => {
          if (initial.has(c.fileName) || js.includes(c.fileName)) return
          js.push(c.fileName)
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f)
          for (const f of c.imports) add(byFile.get(f)!)
        }
        add(chunk)
        out.chunks[name] = { js: js.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) }
      }
      this.emitFile({ type: 'asset', fileName: 'site-chunks.json', source: JSON.stringify(out) })
    },
  }
}

/**
 * The hosted participant site. The worker serves dist/public/index.html with the CSRF token and the
 * bootstrap JSON injected; hashed assets go to dist/public/assets and widgets/public is copied as is.
 */
export default defineConfig({
  root: here,
  base: '/',
  plugins: [preact(), siteChunks()],
  // The widgets' few signals through a 0.6 KB binding instead of @preact/signals (3.2 KB): ui/signals.ts.
  resolve: { alias: [{ find: /^@preact\/signals$/, replacement: resolve(here, 'src/ui/signals.ts') }] },
  build: {
    outDir: resolve(here, '../dist/public'),
    // The admin build writes dist/public/admin/v2 too: never wipe the shared folder.
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: resolve(here, 'index.html'),
      output: {
        // Everything the first paint needs in one chunk (one file compresses better than the two the
        // automatic split made of it, `index` and a shared `img`); pages fetched later import from it.
        codeSplitting: { groups: [{ name: 'site', tags: ['$initial'] }] },
      },
    },
  },
})
