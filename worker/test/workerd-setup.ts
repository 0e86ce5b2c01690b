import { applyD1Migrations, env } from 'cloudflare:test'

// The same migrations wrangler applies with `d1 migrations apply`, on the test's D1 database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
