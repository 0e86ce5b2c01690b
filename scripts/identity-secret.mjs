#!/usr/bin/env node
// npm run identity-secret -- --program demo [--node | --database URL]
//
// Sets a fresh partner identity secret (docs/embedding.md, "Identity tokens") for one program in the
// local database and prints it once, until the console has an integrations screen for it.
//   default          the local D1 database of `npm start` (wrangler dev, under .wrangler/state)
//   --node           the libSQL database of `npm run start:node` (DATABASE_URL, else .data/tessera.db)
//   --database URL   another libSQL database (file:..., or libsql://... with DATABASE_AUTH_TOKEN)
// The secret alone goes to stdout (`SECRET=$(npm run -s identity-secret -- --program demo)`), the rest
// to stderr. A running server picks it up within seconds (its program cache, CACHE_TTL_MS).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { offlineEnv, ROOT } from './env.mjs'

const USAGE = `Usage: npm run identity-secret -- --program KEY [--node | --database URL]

Sets a fresh identity-token secret for the program with public key KEY and prints it once.
  (default)         the local D1 database used by \`npm start\`
  --node            the libSQL database used by \`npm run start:node\` (DATABASE_URL, else .data/tessera.db)
  --database URL    another libSQL database, e.g. file:/tmp/tessera.db`

const fail = (message, code = 1) => {
  console.error(message)
  process.exit(code)
}

let args
try {
  args = parseArgs({
    options: { program: { type: 'string' }, node: { type: 'boolean' }, database: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }).values
} catch (err) {
  fail(`${err.message}\n\n${USAGE}`, 2)
}
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}
const key = args.program
if (!key) fail(`--program is required (the program's public key, e.g. demo)\n\n${USAGE}`, 2)
// The key goes into SQL text for wrangler's --command (which takes no parameters): keys are slugs.
if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) fail(`"${key}" is not a program public key (letters, digits, - and _)`, 2)

// 32 random bytes, base64url: 43 characters, only [A-Za-z0-9_-] (safe in SQL text and in env files).
const secret = randomBytes(32).toString('base64url')
const now = Date.now()

/** Program rows as { id, name, public_key } from the chosen database, after the update. */
const updated = args.node || args.database ? await updateLibsql() : updateD1()

if (!updated.found) {
  const known = updated.keys.length ? `Programs here: ${updated.keys.join(', ')}.` : 'This database has no programs yet.'
  fail(`No program with public key "${key}" in ${updated.where}. ${known}`)
}
console.error(`[tessera] new identity-token secret for "${key}" (${updated.name}) in ${updated.where}.`)
console.error('[tessera] It is shown once: keep it on your server only. Sign tokens with it as docs/embedding.md shows.')
console.log(secret)

async function updateLibsql() {
  const { createClient } = await import('@libsql/client')
  const url = args.database ?? process.env.DATABASE_URL ?? `file:${resolve(ROOT, '.data/tessera.db')}`
  if (url.startsWith('file:') && !existsSync(url.slice(5)))
    fail(`No database at ${url.slice(5)}: start the app once (${args.database ? 'or check the path' : 'npm run start:node'}) so it is created and seeded.`)
  const client = createClient({ url, ...(process.env.DATABASE_AUTH_TOKEN ? { authToken: process.env.DATABASE_AUTH_TOKEN } : {}) })
  try {
    if (url.startsWith('file:')) await client.execute('PRAGMA busy_timeout = 5000')
    const result = await client.execute({
      sql: 'UPDATE programs SET partner_identity_secret = ?, updated_at = ? WHERE public_key = ? RETURNING name',
      args: [secret, now, key],
    })
    const where = url.startsWith('file:') ? url.slice(5) : url.replace(/\?.*$/, '')
    if (result.rows.length) return { found: true, name: String(result.rows[0].name), where }
    const keys = (await client.execute('SELECT public_key FROM programs ORDER BY id')).rows.map((r) => String(r.public_key))
    return { found: false, keys, where }
  } catch (err) {
    if (/no such table/i.test(String(err.message))) fail(`${url} has no Tessera tables: start the app once so the migrations run.`)
    throw err
  } finally {
    client.close()
  }
}

function updateD1() {
  const where = 'the local D1 database of `npm start` (.wrangler/state)'
  if (!existsSync(resolve(ROOT, '.wrangler/state/v3/d1'))) fail(`No local D1 database yet: run \`npm start\` once so it is created and seeded.`)
  const d1 = (sql) => {
    let out
    try {
      out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', sql], {
        cwd: ROOT,
        env: offlineEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    } catch (err) {
      const text = `${err.stdout ?? ''}${err.stderr ?? ''}`
      if (/no such table/i.test(text)) fail('The local D1 database has no Tessera tables: run `npm start` once so the migrations run.')
      fail(`wrangler d1 execute failed:\n${text || err.message}`)
    }
    return JSON.parse(out).flatMap((r) => r.results ?? [])
  }
  const rows = d1(`UPDATE programs SET partner_identity_secret = '${secret}', updated_at = ${now} WHERE public_key = '${key}' RETURNING name`)
  if (rows.length) return { found: true, name: String(rows[0].name), where }
  return { found: false, keys: d1('SELECT public_key FROM programs ORDER BY id').map((r) => String(r.public_key)), where }
}
