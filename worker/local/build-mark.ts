import { existsSync, readFileSync } from 'node:fs'

/**
 * `npm test` runs the front-end build beside the tests (scripts/test.mjs), and writes its outcome to the
 * file TESSERA_BUILD_MARK names when it ends. What serves or bundles dist/public waits for it here; run
 * any other way (`npm run test:e2e` after `npm run build`), there is no mark and nothing to wait for.
 */
export async function waitForBuild(what: string): Promise<void> {
  const mark = process.env.TESSERA_BUILD_MARK
  if (!mark) return
  const deadline = Date.now() + 10 * 60_000
  while (!existsSync(mark)) {
    if (Date.now() > deadline) throw new Error(`${what}: the front-end build (npm test runs it beside the tests) did not end within 10 minutes`)
    await new Promise((r) => setTimeout(r, 250))
  }
  if (readFileSync(mark, 'utf8').trim() !== 'ok') throw new Error(`${what} needs dist/public, and the front-end build failed (its output is printed with the checks)`)
}
