/**
 * `npm run db:migrate`: the migrations applied to every database of a deployment, control and shards
 * (decision 0041), each file in one batch with its record, so a database is never left half-migrated.
 * A Worker on a database that lacks the newest migration refuses to serve until this has run
 * (worker/src/db/migration-check.ts).
 *
 *   npm run db:migrate                         npm start's local D1 (.wrangler/state): DB, and SHARD_2..N with --shards N
 *   npm run db:migrate -- --node [--shards N]  the libSQL databases of start:node (DATABASE_URL, SHARD_n_URL or files beside it)
 *   npm run db:migrate -- --remote [--print]   every D1 binding wrangler.toml declares, with wrangler d1 migrations apply --remote
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { openLibsql } from '../src/db/node'
import { shardCount, shardUrl } from '../src/features/shards'
import { d1Bindings, migrateLocalD1, ROOT } from './deployed-worker'

const { values } = parseArgs({
  options: {
    node: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    print: { type: 'boolean', default: false },
    shards: { type: 'string' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
  },
})

const shards = shardCount(values.shards ?? process.env.SHARDS)
if (values.remote) {
  const bindings = d1Bindings(readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8'))
  for (const binding of bindings) {
    const args = ['wrangler', 'd1', 'migrations', 'apply', binding, '--remote']
    if (values.print) console.log(`npx ${args.join(' ')}`)
    else execFileSync('npx', args, { cwd: ROOT, stdio: 'inherit' })
  }
} else if (values.node) {
  const url = process.env.DATABASE_URL ?? `file:${resolve(ROOT, '.data/tessera.db')}`
  for (let n = 1; n <= shards; n++) {
    const target = shardUrl(url, n, process.env)
    const { client } = await openLibsql(target, { authToken: process.env.DATABASE_AUTH_TOKEN, migrate: true })
    client.close()
    console.log(`[tessera] shard ${n}: ${target.replace(/\?.*$/, '')} is migrated`)
  }
} else {
  const persistTo = resolve(ROOT, values['persist-to'])
  for (let n = 1; n <= shards; n++) {
    const binding = n === 1 ? 'DB' : `SHARD_${n}`
    const applied = await migrateLocalD1(persistTo, undefined, binding)
    console.log(`[tessera] ${binding}: ${applied.length ? `applied ${applied.length} migration(s), the newest ${applied.at(-1)}` : 'up to date'}`)
  }
}
