/** Where test-database.ts leaves its cleanup for the setup file (test-database-setup.ts). */
export const CLOSE_TEST_DATABASES = Symbol.for('tessera.closeTestDatabases')
/** Where temp-dir.ts leaves the removal of the directories a test file made, for the same setup file. */
export const REMOVE_TEST_TEMP_DIRS = Symbol.for('tessera.removeTestTempDirs')
