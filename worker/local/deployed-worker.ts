import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { D1Database } from '@cloudflare/workers-types'
import { Miniflare, type WorkerOptions } from 'miniflare'
import { offlineEnv } from '../../scripts/env.mjs'
import { waitForBuild } from './build-mark'
import { sharedCacheDir } from './shared-cache'

/**
 * The Workers entry as it is deployed, in workerd through Miniflare, over HTTP: bundled by wrangler
 * (`wrangler deploy --dry-run --outdir`, offline), run with the bindings wrangler.toml declares
 * (unstable_getMiniflareWorkerOptions: D1, R2, the queues and their consumers) minus the static assets
 * unless `assets` names a directory to serve as wrangler.toml's [assets] says (then `assetsUrl` is the
 * entry that routes between them and the Worker, as Cloudflare does),
 * plus `vars` (ENVIRONMENT=development unless said otherwise), on a fresh local D1 in a temp dir with
 * the migrations wrangler applies, seeded by the Worker's own dev seed route. Next to it, in the same
 * workerd process and on the same D1 database, a bare Worker (`/hello`, and `/one-read`: one
 * primary-key read). Each Worker listens on its own socket (no dev proxy in front, as deployed).
 * Used by bench:workerd (bench/lib/workerd-subject.ts) and by worker/test/workers-entry.test.ts.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** wrangler offline and writing inside the repository: npm start's and npm test's environment. */
export { offlineEnv }

/** The migration files in journal order, split as wrangler splits them (comment-only parts dropped). */
export function migrationStatements(): { file: string; statements: string[] }[] {
  const dir = resolve(ROOT, 'migrations')
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const files = new Set(readdirSync(dir))
  return journal.entries.map(({ tag }) => {
    const file = `${tag}.sql`
    if (!files.has(file)) throw new Error(`migrations/${file} is in the journal but missing`)
    const statements = readFileSync(join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s.replace(/--.*$/gm, '').trim().length > 0)
    return { file, statements }
  })
}

const BARE_WORKER = `
let maxId = 0
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url)
    if (pathname === '/hello') return new Response('hi')
    if (pathname === '/one-read') {
      if (!maxId) maxId = (await env.DB.prepare('SELECT max(id) AS n FROM participants').first()).n
      const id = 1 + Math.floor(Math.random() * maxId)
      return Response.json(await env.DB.prepare('SELECT id, email FROM participants WHERE id = ?').bind(id).first())
    }
    return new Response('not found', { status: 404 })
  },
}
`

/**
 * The Worker as `wrangler deploy --dry-run` bundles it, made once per version of its sources: the
 * test files and benches that start it (three in `npm test`) share one bundle instead of each paying
 * wrangler's 25-35 s. Keyed by the size and time of every file it is built from (sharedCacheDir).
 */
async function workerBundle(env: NodeJS.ProcessEnv): Promise<string> {
  const sources = ['worker/src', 'sdk/contract', 'sdk/src']
    .flatMap((d) => readdirSync(resolve(ROOT, d), { recursive: true, encoding: 'utf8' }).map((f) => join(d, f)))
    .concat(['wrangler.toml', 'package-lock.json'])
    .sort()
    .map((f) => {
      const st = statSync(resolve(ROOT, f))
      return st.isFile() ? `${f}:${st.size}:${st.mtimeMs}` : ''
    })
  const key = createHash('sha256').update(sources.join('\n')).digest('hex').slice(0, 16)
  // wrangler reads the assets directory (dist/public) of wrangler.toml: under npm test it is being built.
  await waitForBuild('The Worker bundle')
  const dir = await sharedCacheDir('worker-bundle', key, (into) => {
    execFileSync(resolve(ROOT, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', join(into, 'out')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
  })
  return join(dir, 'out')
}

/**
 * wrangler.toml's bindings as Miniflare options, read by wrangler. wrangler checks that the assets
 * directory (dist/public) exists, which `npm test` builds beside the tests: this waits for the build.
 */
export async function wranglerWorkerOptions() {
  await waitForBuild("wrangler.toml's Worker options")
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler')
  return unstable_getMiniflareWorkerOptions(resolve(ROOT, 'wrangler.toml')).workerOptions
}

/**
 * The same options, kept as JSON beside the bundle (its key covers wrangler.toml and wrangler's
 * version): loading wrangler to read them cost about 2 s of CPU on every start.
 */
async function cachedWorkerOptions(bundleDir: string): Promise<Record<string, unknown>> {
  const file = join(bundleDir, '..', 'worker-options.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const options = (await wranglerWorkerOptions()) as Record<string, unknown>
  const temp = `${file}.${process.pid}`
  writeFileSync(temp, JSON.stringify(options))
  renameSync(temp, file)
  return options
}

/**
 * The bundle's modules, named as Miniflare's `modules: true` finds them, listed instead of found:
 * finding them parses the 13 MB bundle (about 2.4 s of CPU on every start). The entry comes first.
 */
/**
 * The files `wrangler deploy` uploads (the bundle's script and its Wasm modules), built or taken from
 * the cache: what Cloudflare's Worker size limit counts, gzipped (bench:size; decision 0044).
 */
export async function deployBundleFiles(): Promise<string[]> {
  const dir = await workerBundle(offlineEnv())
  return bundleModules(dir).map((m) => m.path)
}

function bundleModules(bundleDir: string) {
  return ['index.js', ...readdirSync(bundleDir).filter((f) => f.endsWith('.wasm'))].map((f) => ({ type: f.endsWith('.wasm') ? ('CompiledWasm' as const) : ('ESModule' as const), path: join(bundleDir, f) }))
}

type Step = <T>(name: string, work: () => Promise<T>) => Promise<T>

/**
 * Applies the migrations the local D1 lacks, each file in one batch with its row in `d1_migrations`, the
 * table `wrangler d1 migrations apply` keeps: a database migrated by either knows what the other did.
 * Answers the files applied.
 */
export async function applyPendingMigrations(db: D1Database, migrations = migrationStatements()): Promise<string[]> {
  await db.prepare('CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)').run()
  const done = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name))
  const applied: string[] = []
  for (const { file, statements } of migrations) {
    if (done.has(file)) continue
    await db.batch([...statements.map((s) => db.prepare(s)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(file)])
    applied.push(file)
  }
  return applied
}

/**
 * Migrates the local D1 kept under `persistTo` (wrangler dev's `--persist-to` layout) without starting
 * the Worker: a Miniflare with only the D1 binding. What `wrangler d1 migrations apply DB --local` does,
 * for about a tenth of its CPU (it loads wrangler and starts a runtime per call).
 */
export async function migrateLocalD1(persistTo: string, migrations = migrationStatements(), binding = 'DB'): Promise<string[]> {
  const local = localD1s(persistTo, [binding])
  try {
    return await applyPendingMigrations(await local.get(binding), migrations)
  } finally {
    await local.close()
  }
}

/**
 * npm start's local D1 databases under `persistTo` (wrangler dev's layout), `DB` and its shards (`SHARD_n`,
 * decision 0041) as startDeployedWorker binds them, in a Miniflare that runs no Worker: for the local
 * tools (db:migrate, shards:move).
 */
export function localD1s(persistTo: string, bindings: string[]) {
  const databaseId = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync(resolve(ROOT, 'wrangler.toml'), 'utf8'))?.[1]
  if (!databaseId) throw new Error('wrangler.toml declares no D1 database_id')
  const mf = new Miniflare({
    d1Persist: join(persistTo, 'v3', 'd1'),
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
    d1Databases: Object.fromEntries(bindings.map((b) => [b, b === 'DB' ? databaseId : shardDatabaseId(databaseId, b)])),
  })
  return {
    get: async (binding: string) => (await mf.getD1Database(binding)) as unknown as D1Database,
    close: () => mf.dispose(),
  }
}

/**
 * The D1 databases a wrangler.toml declares (`[[d1_databases]] binding = "..." database_id = "..."`), in
 * order: `npm run db:migrate -- --remote` migrates each, `npm run shards:move -- --remote` reaches each
 * by its id through the D1 HTTP API.
 */
export function d1Databases(toml: string): { binding: string; databaseId: string | undefined }[] {
  const blocks = toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1).map((b) => b.split(/^\[/m)[0]!)
  const field = (block: string, name: string) => new RegExp(`^\\s*${name}\\s*=\\s*"([^"]+)"`, 'm').exec(block)?.[1]
  return blocks.flatMap((b) => {
    const binding = field(b, 'binding')
    return binding ? [{ binding, databaseId: field(b, 'database_id') }] : []
  })
}

/** How many shards a wrangler.toml declares: DB (shard 1), then SHARD_2, SHARD_3, ... while each is there. */
export function declaredShardCount(toml: string): number {
  const bindings = new Set(d1Bindings(toml))
  let n = 1
  while (bindings.has(`SHARD_${n + 1}`)) n++
  return n
}

/** The bindings of d1Databases. */
export const d1Bindings = (toml: string): string[] => d1Databases(toml).map((d) => d.binding)

/** The local D1 id of a shard's binding (`SHARD_2`) beside the database `DB` names. */
const shardDatabaseId = (databaseId: string, binding: string) => `${databaseId}-${binding.toLowerCase()}`

export type DeployedWorkerOptions = {
  /** The Worker's vars over wrangler.toml's (ENVIRONMENT is development unless said here). */
  vars?: Record<string, string>
  step?: Step
  /** A directory to serve as wrangler.toml's [assets] says; then `assetsUrl` is the entry that routes. */
  assets?: string
  /** The entry's port on 127.0.0.1 (default: a free one). */
  port?: number
  /**
   * Where D1, R2 and the cache are kept, in wrangler dev's layout (`<dir>/v3/d1`, `<dir>/v3/r2`, ...), so
   * `--persist-to` folders and `.wrangler/state` serve both. Default: a temp folder removed on close.
   */
  persistTo?: string
  /** The bare Worker beside it, the benches' floor (default true). */
  bare?: boolean
  /** workerd's inspector (Chrome DevTools protocol) on this port, for a CPU profile of the Worker. */
  inspectorPort?: number
  /** Apply the pending migrations and seed the demo data after the start (default true). */
  prepare?: boolean
  /** Program shards (decision 0041): local D1 databases SHARD_2 ... SHARD_n beside DB (shard 1), migrated and seeded like it (default 1). */
  shards?: number
}

export async function startDeployedWorker(opts: DeployedWorkerOptions = {}) {
  const step: Step = opts.step ?? ((_name, work) => work())
  const dir = opts.persistTo ? join(opts.persistTo, 'v3') : mkdtempSync(join(tmpdir(), 'tessera-workerd-'))
  const env = offlineEnv()
  Object.assign(process.env, env)
  const bundleDir = await step('wrangler bundle (deploy --dry-run)', () => workerBundle(env))
  const workerOptions = await cachedWorkerOptions(bundleDir)
  const databaseId = (workerOptions.d1Databases as Record<string, { id: string }>).DB!.id
  const { assets, ...withoutAssets } = workerOptions as WorkerOptions & { assets?: object }
  const withBare = opts.bare ?? true
  // Shards 2..n: more local D1 databases, bound as the Worker finds them (index.ts, shardBindings).
  const shardNames = Array.from({ length: Math.max(0, (opts.shards ?? 1) - 1) }, (_, i) => `SHARD_${i + 2}`)
  const d1Databases = { ...(withoutAssets.d1Databases as Record<string, unknown>), ...Object.fromEntries(shardNames.map((name) => [name, { id: shardDatabaseId(databaseId, name) }])) }
  const mf = await step('start workerd (Miniflare)', async () => {
    const instance = new Miniflare({
      ...(opts.port ? { port: opts.port, host: '127.0.0.1' } : {}),
      ...(opts.inspectorPort ? { inspectorPort: opts.inspectorPort } : {}),
      d1Persist: join(dir, 'd1'),
      r2Persist: join(dir, 'r2'),
      cachePersist: join(dir, 'cache'),
      workers: [
        {
          ...(withoutAssets as WorkerOptions),
          ...(opts.assets && assets ? { assets: { ...assets, directory: opts.assets } } : {}),
          name: 'tessera',
          d1Databases,
          modules: bundleModules(bundleDir),
          modulesRoot: bundleDir,
          bindings: { ...(withoutAssets.bindings as Record<string, string>), ENVIRONMENT: 'development', ...opts.vars },
          unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
        } as WorkerOptions,
        ...(withBare
          ? [
              {
                name: 'bare',
                modules: true,
                script: BARE_WORKER,
                compatibilityDate: withoutAssets.compatibilityDate,
                d1Databases: { DB: databaseId },
                unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
              },
            ]
          : []),
      ],
    })
    await instance.ready
    return instance
  })
  // The first worker's entry goes through the assets router, as a request to Cloudflare does.
  const assetsUrl = opts.assets ? (await mf.ready).href.replace(/\/$/, '') : undefined
  const port = Number((await mf.unsafeGetDirectURL('tessera')).port)
  const barePort = withBare ? Number((await mf.unsafeGetDirectURL('bare')).port) : 0
  const db = (await mf.getD1Database('DB')) as unknown as D1Database
  const prepare = opts.prepare ?? true
  const migrations = prepare ? await step('migrations (D1)', () => applyPendingMigrations(db)) : []
  if (prepare) for (const name of shardNames) await step(`migrations (D1 ${name})`, async () => applyPendingMigrations((await mf.getD1Database(name, 'tessera')) as unknown as D1Database))
  // The demo program answers on localhost in development (the Host header), like the site in a browser.
  const appUrl = `http://localhost:${port}`
  const seed = !prepare ? {} : await step('seedDemo (POST /_dev/seed in the Worker)', async () => {
    const res = await fetch(`${appUrl}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
    if (!res.ok) throw new Error(`the dev seed answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    return (await res.json()) as { created?: boolean }
  })
  return {
    mf,
    db,
    appUrl,
    /** With `assets`: the Worker behind wrangler.toml's asset routing (the host is 127.0.0.1, not localhost). */
    assetsUrl,
    /** For load generators: the socket's address, with `host` sent as a header. */
    loadUrl: `http://127.0.0.1:${port}`,
    host: `localhost:${port}`,
    bareUrl: `http://127.0.0.1:${barePort}`,
    /** The migration files this start applied, and whether the dev seed made the demo data now. */
    migrations,
    seeded: Boolean(seed.created),
    /** The Worker's cron (wrangler.toml's minute trigger), run once now, as Cloudflare runs it each minute. */
    async scheduled() {
      const worker = await mf.getWorker('tessera')
      await worker.scheduled({ cron: '* * * * *', scheduledTime: new Date() })
    },
    async close() {
      await mf.dispose()
      if (!opts.persistTo) rmSync(dir, { recursive: true, force: true })
    },
  }
}
