#!/usr/bin/env node
// npm test: typecheck, lint, build, then every test project (libSQL, workerd/D1, Chromium e2e).
// Works as the first command on a fresh clone: installs dependencies and (as root) Chromium.
import { execSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureDependencies, offlineEnv, ROOT, run } from './env.mjs'

ensureDependencies()

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  for (const c of candidates) if (c && existsSync(c)) return c
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim() || null
  } catch {
    return null
  }
}

let chromium = findChromium()
if (!chromium && process.getuid?.() === 0) {
  console.log('[tessera] Chromium not found; installing Debian\'s chromium with apt (running as root)…')
  try {
    execSync('apt-get install -y --no-install-recommends chromium || (apt-get update && apt-get install -y --no-install-recommends chromium)', {
      stdio: 'inherit',
      shell: '/bin/sh',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } catch {}
  chromium = findChromium()
}
// The e2e project's shared browser is Chromium's headless shell when installed (e2e/harness.ts,
// sharedBrowserPath): the same engine without the browser's UI layer, less CPU per page. Optional: without
// it the full browser serves every file.
if (chromium && process.getuid?.() === 0 && !existsSync('/usr/bin/chromium-headless-shell') && !process.env.CHROMIUM_HEADLESS_SHELL_PATH) {
  try {
    execSync('apt-get install -y --no-install-recommends chromium-headless-shell', {
      stdio: 'ignore',
      shell: '/bin/sh',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } catch {
    console.log('[tessera] chromium-headless-shell could not be installed; the e2e tests use the full Chromium')
  }
}
if (!chromium) {
  console.error(`[tessera] The browser tests need Chromium and none was found.
  Install it with:   sudo apt-get install -y chromium
  or point to one:   CHROMIUM_PATH=/path/to/chromium npm test`)
  process.exit(1)
}

const env = offlineEnv({ CHROMIUM_PATH: chromium, CI: process.env.CI ?? 'true' })
const step = (name, cmd) => {
  const t = Date.now()
  console.log(`\n[tessera] ${name}`)
  run(cmd, env)
  console.log(`[tessera] ${name}: ok (${((Date.now() - t) / 1000).toFixed(1)} s)`)
}

/** Runs independent steps side by side (the type check, eslint and the build); prints each one's output whole. */
async function together(steps) {
  const t = Date.now()
  console.log(`\n[tessera] ${steps.map(([name]) => name).join(' + ')}`)
  const results = await Promise.all(
    steps.map(
      ([name, cmd]) =>
        new Promise((done) => {
          const child = spawn(cmd, { cwd: ROOT, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
          let out = ''
          child.stdout.on('data', (d) => (out += d))
          child.stderr.on('data', (d) => (out += d))
          child.on('close', (code) => done({ name, code, out }))
        }),
    ),
  )
  for (const r of results) {
    if (r.out.trim()) console.log(r.out.trimEnd())
    console.log(`[tessera] ${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`}`)
  }
  console.log(`[tessera] ${steps.map(([name]) => name).join(' + ')}: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  if (results.some((r) => r.code !== 0)) throw new Error('a check failed')
}

/**
 * The type check: TypeScript 7 (the native compiler, `typescript-7` in package.json) builds every
 * project of tsconfig.json's references, checking in parallel on its own. A cold check of the whole
 * repo took 33 s against 126 s with TypeScript 5.9 (decision 0040). TypeScript 5.9 stays installed as
 * `typescript` for the tools that load its JavaScript API (typescript-eslint's parser, the SDK's
 * declaration build).
 */
const typecheck = 'node node_modules/typescript-7/bin/tsc -b'

try {
  // The build (dist/public, for the e2e project) reads nothing the other two write, and they read
  // nothing it writes (lint ignores dist/): on 2 cores it fills the time eslint runs alone.
  await together([
    ['typecheck', typecheck],
    ['lint', 'npx eslint .'],
    ['build front ends', 'node scripts/build.mjs'],
  ])
  step('tests: libSQL, workerd + D1, Chromium', 'npx vitest run')
} catch {
  process.exit(1)
}
