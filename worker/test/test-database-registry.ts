/** Where test-database.ts leaves its cleanup for the setup file (test-database-setup.ts). */
export const CLOSE_TEST_DATABASES = Symbol.for('tessera.closeTestDatabases')
