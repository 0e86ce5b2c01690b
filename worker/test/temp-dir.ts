import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REMOVE_TEST_TEMP_DIRS } from './test-database-registry'

const made: string[] = []
;(globalThis as Record<symbol, unknown>)[REMOVE_TEST_TEMP_DIRS] = () => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/**
 * A fresh directory for a test's files (a local file store, an audit file), removed after its test
 * file (the setup file test-database-setup.ts): the suite makes some 700 a run, and left in the system's
 * temp folder they were tens of thousands after a day of runs.
 */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `tessera-test-${prefix}-`))
  made.push(dir)
  return dir
}
