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
    // Libraries in their own chunks, each under vite's 500 kB warning: React, the charts (recharts and its
    // d3 and redux dependencies) and the rest. They change less often than the console's own code, so a
    // deploy of the console keeps them cached. A group takes in its modules' dependencies too, so
    // use-sync-external-store (React's own shim, which recharts' redux and TanStack's store both use) goes
    // with React: in the charts group it made TanStack import the charts chunk, and every console page
    // loaded and ran recharts and d3 (440 KB), which only the dashboard's chart and the economics
    // screens draw (e2e/console.test.ts checks the first load's chunks).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/, priority: 3 },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|immer|redux|@reduxjs[\\/][^\\/]+|reselect|react-redux|eventemitter3|tiny-invariant)[\\/]/,
              priority: 2,
            },
            // The program pages' rich-text editor (Tiptap on ProseMirror).
            { name: 'editor', test: /node_modules[\\/](@tiptap[\\/][^\\/]+|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/, priority: 2 },
            // TanStack (router, query, table) and the forms (react-hook-form, zod): vendor alone passed 500 kB.
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform[\\/][^\\/]+|zod)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
})
