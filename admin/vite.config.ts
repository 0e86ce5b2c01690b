import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The administrator console. The worker serves the built index.html for every browser GET under
 * /admin/v2 (injecting the CSRF meta tag and the bootstrap JSON), and the assets from
 * dist/public/admin/v2/assets.
 */
export default defineConfig({
  root: fromHere('.'),
  base: '/admin/v2/',
  plugins: [react()],
  build: {
    outDir: fromHere('../dist/public/admin/v2'),
    // Only this folder is emptied; the participant site builds into dist/public beside it.
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
})
