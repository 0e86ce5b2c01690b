// Shared by start.mjs and test.mjs: dependency check and an offline, quiet environment.
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..')

/** Installs dependencies with `npm ci` when node_modules is missing or incomplete. */
export function ensureDependencies() {
  const needed = ['wrangler', 'vite', 'vitest', 'hono', 'drizzle-orm', 'typescript', 'tsx', 'playwright-core']
  const missing = needed.filter((p) => !existsSync(resolve(ROOT, 'node_modules', p, 'package.json')))
  if (missing.length) {
    console.log(`[tessera] installing dependencies (npm ci); missing: ${missing.join(', ')}`)
    execSync('npm ci --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' })
  }
}

/** Keeps wrangler, Chromium and friends offline, quiet and writing inside the repo. */
export function offlineEnv(extra = {}) {
  const cache = resolve(ROOT, '.cache')
  for (const d of ['config', 'cache', 'data', 'tmp', 'wrangler-logs']) mkdirSync(resolve(cache, d), { recursive: true })
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    XDG_CONFIG_HOME: resolve(cache, 'config'),
    XDG_CACHE_HOME: resolve(cache, 'cache'),
    XDG_DATA_HOME: resolve(cache, 'data'),
    WRANGLER_LOG_PATH: resolve(cache, 'wrangler-logs'),
    NO_UPDATE_NOTIFIER: '1',
    ...extra,
  }
}

export function run(cmd, env) {
  execSync(cmd, { cwd: ROOT, stdio: 'inherit', env })
}
