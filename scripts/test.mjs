#!/usr/bin/env node
// npm test: typecheck, lint, the build and every test project (libSQL, workerd/D1, Chromium e2e), side by side.
// Works as the first command on a fresh clone: installs dependencies and (as root) Chromium.
import { execSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ensureDependencies, offlineEnv, ROOT } from './env.mjs'

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

/**
 * The front-end build's outcome, for the e2e files (e2e/setup.ts waits on it): "ok" or "failed" in this
 * file once the build ends. The tests start beside the checks and the build; the e2e group, which
 * serves dist/public, comes after the node, d1 and workerd group, minutes after the build has ended.
 */
const buildMark = join(mkdtempSync(join(tmpdir(), 'tessera-test-')), 'build-outcome')
env.TESSERA_BUILD_MARK = buildMark

/**
 * Runs a command; answers whether it passed. `live`: its output as it comes (the test run's own
 * reporter); otherwise kept and printed whole at its end, so steps side by side do not interleave.
 */
function runStep(name, cmd, { live = false } = {}) {
  return new Promise((done) => {
    const started = Date.now()
    if (live) console.log(`\n[tessera] ${name}`)
    const child = spawn(cmd, { cwd: ROOT, env, shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout?.on('data', (d) => (out += d))
    child.stderr?.on('data', (d) => (out += d))
    child.on('close', (code) => {
      if (out.trim()) console.log(`\n[tessera] ${name}:\n${out.trimEnd()}`)
      console.log(`[tessera] ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      done(code === 0)
    })
  })
}

/**
 * The type check: TypeScript 7 (the native compiler, `typescript-7` in package.json) builds every
 * project of tsconfig.json's references, checking in parallel on its own. A cold check of the whole
 * repo took 33 s against 126 s with TypeScript 5.9 (decision 0040). TypeScript 5.9 stays installed as
 * `typescript` for the tools that load its JavaScript API (typescript-eslint's parser, the SDK's
 * declaration build).
 */
const typecheck = 'node node_modules/typescript-7/bin/tsc -b'

// Everything at once: the type check, eslint and the build beside the tests. Run one after another,
// the checks (a minute, both cores busy) came first and the tests' first group then left a core idle
// part of the time (its start, where vitest runs each project's global setup in turn, and its end,
// where the workerd group's runtime starts): side by side, the checks fill those gaps. The build reads
// nothing the others write; the e2e files wait for it (TESSERA_BUILD_MARK, e2e/setup.ts).
const build = runStep('build front ends', 'node scripts/build.mjs').then((ok) => {
  writeFileSync(buildMark, ok ? 'ok' : 'failed')
  return ok
})
const results = await Promise.all([
  runStep('typecheck', typecheck),
  runStep('lint', 'npx eslint .'),
  build,
  runStep('tests: libSQL, workerd + D1, Chromium', 'npx vitest run', { live: true }),
])
rmSync(dirname(buildMark), { recursive: true, force: true })
if (results.some((ok) => !ok)) {
  console.log(`\n[tessera] failed: ${['typecheck', 'lint', 'build front ends', 'tests'].filter((_, i) => !results[i]).join(', ')}`)
  process.exit(1)
}
