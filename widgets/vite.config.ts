import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * The hosted participant site. The worker serves dist/public/index.html with the CSRF token and the
 * bootstrap JSON injected; hashed assets go to dist/public/assets and widgets/public is copied as is.
 */
export default defineConfig({
  root: here,
  base: '/',
  plugins: [preact()],
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
