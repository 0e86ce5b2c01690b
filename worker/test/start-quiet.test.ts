import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, createLogger, loadConfigFromFile, type Logger } from 'vite'
import { describe, expect, it } from 'vitest'

/**
 * `npm start` prints no warnings on a fresh clone (issue 13): the front-end build (scripts/build.mjs)
 * and wrangler dev (scripts/start.mjs). npm's own "Unknown user config" lines come from the machine's
 * npmrc, not from the repo.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A vite logger that keeps warnings and errors instead of printing them. */
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = []
  const base = createLogger('warn', { allowClearScreen: false })
  const logger: Logger = {
    ...base,
    info: () => {},
    warn: (msg) => void warnings.push(msg),
    warnOnce: (msg) => void warnings.push(msg),
    error: (msg) => void warnings.push(msg),
  }
  return { logger, warnings }
}

// The configurations scripts/build.mjs builds with, and their modes.
const CONFIGS: [string, string][] = [
  ['widgets/vite.config.ts', 'production'],
  ['admin/vite.config.ts', 'production'],
  ['widgets/vite.embed.config.ts', 'iframe'],
  ['widgets/vite.embed.config.ts', 'elements'],
  ['widgets/vite.loader.config.ts', 'production'],
]

describe('npm start prints no warnings', () => {
  it.each(CONFIGS)('loads %s (%s) without a warning, native config loader included', async (file, mode) => {
    const { logger, warnings } = recordingLogger()
    const env = { ...process.env }
    delete process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING
    try {
      const loaded = await loadConfigFromFile({ command: 'build', mode }, join(ROOT, file), ROOT, 'warn', logger)
      expect(loaded?.config).toBeTruthy()
    } finally {
      process.env = env
    }
    expect(warnings).toEqual([])
  })

  it('builds the console with every chunk under vite’s 500 kB warning', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'tessera-admin-build-'))
    const { logger, warnings } = recordingLogger()
    try {
      const result = await build({ configFile: join(ROOT, 'admin/vite.config.ts'), build: { outDir, emptyOutDir: true }, customLogger: logger, logLevel: 'warn' })
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []))
      const chunks = outputs.filter((o) => o.type === 'chunk')
      expect(chunks.length).toBeGreaterThan(1)
      for (const chunk of chunks) expect(Buffer.byteLength(chunk.code) / 1024, chunk.fileName).toBeLessThan(500)
    } finally {
      rmSync(outDir, { recursive: true, force: true })
    }
    expect(warnings).toEqual([])
  }, 120_000)

  it('runs wrangler dev with the cron test route, so wrangler does not warn that crons never fire', () => {
    const toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')
    const start = readFileSync(join(ROOT, 'scripts/start.mjs'), 'utf8')
    // wrangler warns "Scheduled Workers are not automatically triggered" unless --test-scheduled is given;
    // start.mjs then fires the Worker's cron itself every minute, as the Node entry's sweep does.
    expect(toml).toMatch(/^crons = /m)
    expect(start).toContain("'--test-scheduled'")
    expect(start).toMatch(/setInterval\(\(\) => fetch\(`\$\{url\}\/__scheduled\?cron=/)
  })
})
