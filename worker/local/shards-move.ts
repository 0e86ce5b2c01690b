/**
 * `npm run shards:move`: moves a program to another shard (decision 0041, worker/src/features/shards/move.ts).
 *
 *   npm run shards:move -- --program demo --to 2 [--node] [--shards N]   move (or resume a stopped move)
 *   npm run shards:move -- --program demo --confirm [--node]              delete the old copy of a finished move
 *   npm run shards:move -- --program demo --abort [--node]                stop a move before its switch
 *   npm run shards:move -- --status [--node]                              where every program is, and moves under way
 *
 * Where the databases are:
 * - `--remote`: the deployment's D1 databases, through Cloudflare's D1 HTTP API (worker/src/db/d1-http.ts):
 *   wrangler.toml's `[[d1_databases]]` DB and SHARD_2 ... SHARD_N by their database_id, with
 *   CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with D1 Edit), CLOUDFLARE_API_BASE_URL
 *   when not Cloudflare's. The Workers keep serving: the program's writes are refused while it moves.
 * - `--node`: the libSQL databases of `npm run start:node` (DATABASE_URL, SHARD_n_URL or the files beside
 *   it); the server may keep running.
 * - neither: npm start's local D1 databases (`.wrangler/state`, or `--persist-to`); stop npm start first
 *   (two workerd processes on one local D1 file are not safe). `--via-api` sends every statement through
 *   the D1 HTTP API adapter to a local server of that API over them: `--remote`'s path, tried locally.
 *
 * `--settle-seconds`: the wait after refusing writes, longer than every cache that keeps a program's row
 * (70 s by default).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { eq, or } from 'drizzle-orm'
import { createD1Db, type Db } from '../src/db/client'
import { D1HttpError, d1OverHttp } from '../src/db/d1-http'
import { openLibsql } from '../src/db/node'
import { programMoves, programs } from '../src/db/schema'
import { abortMove, confirmMove, MoveError, moveProgram, shardCount, shardUrl } from '../src/features/shards'
import { serveD1HttpApi } from './d1-http-local'
import { d1Databases, declaredShardCount, localD1s, ROOT } from './deployed-worker'

const { values } = parseArgs({
  options: {
    program: { type: 'string' },
    to: { type: 'string' },
    confirm: { type: 'boolean', default: false },
    abort: { type: 'boolean', default: false },
    status: { type: 'boolean', default: false },
    node: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    'via-api': { type: 'boolean', default: false },
    shards: { type: 'string' },
    'settle-seconds': { type: 'string' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
  },
})

let toml: string | undefined
const wranglerToml = () => (toml ??= readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8'))
// --remote: the shards wrangler.toml binds, unless said; locally npm start's two.
const count = shardCount(values.shards ?? process.env.SHARDS ?? (values.remote ? declaredShardCount(wranglerToml()) : 2))

/** The deployment's databases, shard 1 (control) first, and how to close them. */
async function open(): Promise<{ dbs: Db[]; close: () => Promise<void> }> {
  if (values.node) {
    const url = process.env.DATABASE_URL ?? `file:${resolve(ROOT, '.data/tessera.db')}`
    const opened = await Promise.all(Array.from({ length: count }, (_, i) => openLibsql(shardUrl(url, i + 1, process.env), { authToken: process.env.DATABASE_AUTH_TOKEN })))
    return { dbs: opened.map((o) => o.db), close: async () => opened.forEach((o) => o.client.close()) }
  }
  const bindings = Array.from({ length: count }, (_, i) => (i === 0 ? 'DB' : `SHARD_${i + 1}`))
  if (values.remote) {
    const declared = new Map(d1Databases(wranglerToml()).map((d) => [d.binding, d.databaseId]))
    const accountId = process.env.CLOUDFLARE_ACCOUNT_ID
    const apiToken = process.env.CLOUDFLARE_API_TOKEN
    if (!accountId || !apiToken) throw new MoveError('--remote: set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (an API token with D1 Edit on the account)')
    const dbs = bindings.map((b) => {
      const databaseId = declared.get(b)
      if (!databaseId) throw new MoveError(`--remote: wrangler.toml declares no [[d1_databases]] ${b} with a database_id (--shards ${count})`)
      return createD1Db(d1OverHttp({ accountId, apiToken, databaseId, baseUrl: process.env.CLOUDFLARE_API_BASE_URL }))
    })
    return { dbs, close: async () => {} }
  }
  const local = localD1s(resolve(ROOT, values['persist-to']), bindings)
  const bound = await Promise.all(bindings.map(async (b) => [b, await local.get(b)] as const))
  if (!values['via-api']) return { dbs: bound.map(([, d1]) => createD1Db(d1 as never)), close: local.close }
  const api = await serveD1HttpApi(Object.fromEntries(bound) as never)
  const dbs = bindings.map((b) => createD1Db(d1OverHttp({ ...api, databaseId: b })))
  return {
    dbs,
    close: async () => {
      await api.close()
      await local.close()
    },
  }
}

/** What the operator reads: a refusal's or the D1 HTTP API's own words (also inside drizzle's "Failed query"), else the stack. */
const said = (err: unknown): string | undefined =>
  err instanceof MoveError || err instanceof D1HttpError ? err.message : err instanceof Error && err.cause ? said(err.cause) : undefined
const fail = (err: unknown) => console.error(`[shards] ${said(err) ?? (err as Error).stack}`)
const { dbs, close } = await open().catch((err: unknown) => {
  fail(err)
  process.exit(1)
})
const log = (line: string) => console.log(`[shards] ${line}`)
try {
  const control = dbs[0]!
  if (values.status) {
    for (const p of await control.select({ id: programs.id, key: programs.publicKey, name: programs.name, shard: programs.shard }).from(programs).orderBy(programs.id)) {
      console.log(`${String(p.id).padStart(6)}  shard ${p.shard}  ${p.key}  ${p.name}`)
    }
    for (const m of await control.select().from(programMoves)) console.log(`move: program ${m.programId} from shard ${m.fromShard} to ${m.toShard}: ${m.step}`)
  } else {
    if (!values.program) throw new MoveError('--program: a program id or public key is required')
    const asId = /^\d+$/.test(values.program) ? Number(values.program) : -1
    const [program] = await control.select({ id: programs.id }).from(programs).where(or(eq(programs.id, asId), eq(programs.publicKey, values.program)))
    if (!program) throw new MoveError(`--program: no program ${values.program}`)
    if (values.confirm) await confirmMove(dbs, program.id, { log })
    else if (values.abort) await abortMove(dbs, program.id, { log })
    else {
      const to = Number(values.to)
      if (!Number.isInteger(to) || to < 1) throw new MoveError('--to: the shard to move to (1 is control)')
      const settle = values['settle-seconds'] === undefined ? undefined : Number(values['settle-seconds']) * 1000
      const result = await moveProgram(dbs, program.id, to, { log, ...(settle !== undefined ? { settleMs: settle } : {}) })
      const rows = Object.values(result.tables).reduce((n, t) => n + t.rows, 0)
      log(`${rows} rows in ${Object.keys(result.tables).length} tables verified; run with --confirm to delete the copy on shard ${result.from}`)
    }
  }
} catch (err) {
  fail(err)
  process.exitCode = 1
} finally {
  await close()
}
