import { afterAll } from 'vitest'
import { CLOSE_TEST_DATABASES, REMOVE_TEST_TEMP_DIRS } from './test-database-registry'

// On D1, a batch whose rows lose a column to a shared name fails its test (d1-batch-columns-guard.ts).
if (process.env.TESSERA_TEST_DB === 'd1') await import('./d1-batch-columns-guard')

// The test databases a file opened (copies of the template; on D1 each in a slot of a workerd) and the
// temporary directories it made (temp-dir.ts) are gone with the file. Read through globals, so that the
// many files that open none (widgets, console, unit tests) do not load the database modules for it.
afterAll(async () => {
  const hooks = globalThis as Record<symbol, (() => Promise<void> | void) | undefined>
  await hooks[CLOSE_TEST_DATABASES]?.()
  hooks[REMOVE_TEST_TEMP_DIRS]?.()
})
