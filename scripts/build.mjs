#!/usr/bin/env node
// Builds the front ends into dist/public (served by wrangler's assets or by the Node runner).
import { rmSync } from 'node:fs'
import { build } from 'vite'

rmSync('dist/public', { recursive: true, force: true })
const builds = [
  { configFile: 'widgets/vite.config.ts' },
  { configFile: 'admin/vite.config.ts' },
  // Embedding (docs/embedding.md): the iframe page, the custom-element bundles, then the loader, which
  // is built last because it names the bundles with their content hashes.
  { configFile: 'widgets/vite.embed.config.ts', mode: 'iframe' },
  { configFile: 'widgets/vite.embed.config.ts', mode: 'elements' },
  { configFile: 'widgets/vite.embed.config.ts', mode: 'tiles' },
  { configFile: 'widgets/vite.loader.config.ts' },
]
for (const options of builds) {
  await build({ ...options, logLevel: process.env.CI ? 'warn' : 'info' })
}
