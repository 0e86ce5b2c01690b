#!/usr/bin/env node
// Builds the front ends into dist/public (served by wrangler's assets or by the Node runner).
import { rmSync } from 'node:fs'
import { build } from 'vite'

rmSync('dist/public', { recursive: true, force: true })
for (const config of ['widgets/vite.config.ts', 'admin/vite.config.ts']) {
  await build({ configFile: config, logLevel: process.env.CI ? 'warn' : 'info' })
}
