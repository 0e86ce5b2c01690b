import { afterAll } from 'vitest'
import { CLOSE_TEST_DATABASES } from './test-database-registry'

// The test databases a file opened (copies of the template; on D1 each in a workerd of its own) are
// gone with the file. Read through a global, so that the many files that open none (widgets, console,
// unit tests) do not load the database modules for it.
afterAll(async () => {
  await (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[CLOSE_TEST_DATABASES]?.()
})
