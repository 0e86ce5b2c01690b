import { defineConfig } from 'drizzle-kit'

// migrations/ is read by wrangler (`migrations_dir` in wrangler.toml) and by the Node runner alike.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/schema/index.ts',
  out: './migrations',
})
