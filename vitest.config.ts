import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { readdirSync, readFileSync } from 'node:fs'
import { defineConfig, type ViteUserConfig } from 'vitest/config'
import { waitForBuild } from './worker/local/build-mark'
import { TestOrder } from './worker/test/test-order'

/**
 * The tests that drive the app against a real database (makeTestApp / openTestDatabase, directly or
 * through a fixture module): they run on libSQL in the `node` project and again on D1 in the `d1`
 * project (decision 0031). Found by what they import, so a new one joins both halves by itself.
 */
const APP_TEST = /\b(makeTestApp|openTestDatabase)\b|from '[^']*\/test\/[\w-]*fixtures'|from '\.\/[\w-]*(fixtures|suite)'/
const testFiles = (dirs: string[], name: RegExp) =>
  dirs
    .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((f) => name.test(f) && !f.endsWith('.workerd.test.ts') && !f.includes('node_modules'))
/** A file that opens its own libSQL database (a Node script's, say) and so has no D1 half: marked so. */
const LIBSQL_ONLY = /@tessera-libsql-only\b/
const appTests = testFiles(['worker', 'sdk'], /\.test\.ts$/).filter((f) => {
  const text = readFileSync(f, 'utf8')
  return APP_TEST.test(text) && !LIBSQL_ONLY.test(text)
})

/**
 * Test files that replace a module with `vi.mock`. The node and d1 projects run their files without
 * isolation (one module graph per worker, imported once instead of once per file: the import was a third
 * of the suite's time), where a mock would come too late for a module another file already loaded; these
 * files run in projects of their own, each file isolated as before.
 */
const MOCKS_MODULES = /\bvi\.mock\(/
const NODE_INCLUDE = ['worker/**/*.test.ts', 'sdk/**/*.test.ts', 'widgets/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}']
const unitSources = new Map(testFiles(['worker', 'sdk', 'widgets/src', 'admin/src'], /\.test\.tsx?$/).map((f) => [f, readFileSync(f, 'utf8')]))
const mocking = [...unitSources].filter(([, text]) => MOCKS_MODULES.test(text)).map(([f]) => f)

/**
 * The files that run in happy-dom (a `@vitest-environment happy-dom` comment): a project of their own.
 * Vitest hands a non-isolated worker the next file only when that file's environment is the worker's
 * own; with the two kinds mixed in one queue, each switch ended the worker and started a fresh one that
 * imported the app again. Split, the same 191 files took 249 s of CPU instead of 362 (129 s instead of
 * 185 on 2 cores; vitest's import time 52 s instead of 131).
 */
const DOM_FILE = /@vitest-environment happy-dom\b/
const domFiles = [...unitSources].filter(([f, text]) => DOM_FILE.test(text) && !mocking.includes(f)).map(([f]) => f)
/**
 * The happy-dom files that mock modules (most are console screens that mock the router, toasts and
 * their API module): a project of their own, run without isolation like `dom`, with a setup file that
 * forgets the last file's mocks and repo modules (worker/test/fresh-modules-setup.ts). Isolated, each
 * of these 17 files imported React, react-dom and Testing Library again: some 3.5 s of CPU a file.
 */
const domMocking = mocking.filter((f) => DOM_FILE.test(unitSources.get(f)!))

/**
 * Workers for the first group (node, d1, workerd): three on a 2-core machine. The node files are
 * CPU-bound, the d1 files mostly wait on workerd's D1 (a round trip per statement): a third worker
 * fills that wait (vitest's default here is one worker, which ran them all in turn).
 */
const FIRST_GROUP_WORKERS = 3

type ProjectTest = NonNullable<ViteUserConfig['test']> & { name: string; include: string[] }

/**
 * A project run without isolation (its files share one module graph per worker), and its files that
 * mock modules as `<name>-mocks`, isolated per file (MOCKS_MODULES).
 */
function split(test: ProjectTest, mocks: string[]): { test: ProjectTest }[] {
  const shared = { test: { ...test, isolate: false, exclude: [...(test.exclude ?? []), ...mocks] } }
  return mocks.length ? [shared, { test: { ...test, name: `${test.name}-mocks`, include: mocks, isolate: true } }] : [shared]
}

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's
    // content and the Vite config) and shared by every project and worker of the run: the node, d1,
    // mocks and e2e projects import the same app modules, each of which was transformed once per
    // project and sent to each worker. On a cold cache (a clean clone: npm ci makes node_modules
    // afresh) the node + d1 projects took 533 core-s instead of 568, and 283 s instead of 301.
    experimental: { fsModuleCache: true },
    // The first group's projects in the order that keeps both cores busy, heavy files first on a clean clone.
    sequence: { sequencer: TestOrder },
    projects: [
      ...split({
        name: 'node',
        include: NODE_INCLUDE,
        exclude: ['**/*.workerd.test.ts', '**/node_modules/**', ...domFiles, ...domMocking],
        // One migrated and seeded libSQL template per run, copied by every test database (test-database.ts).
        globalSetup: ['./worker/test/test-database-global-setup.ts'],
        setupFiles: ['./worker/test/test-database-setup.ts'],
        environment: 'node',
        testTimeout: 20_000,
        maxWorkers: FIRST_GROUP_WORKERS,
      }, mocking.filter((f) => !domMocking.includes(f))),
      {
        test: {
          name: 'dom-mocks',
          include: domMocking,
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['./worker/test/fresh-modules-setup.ts'],
          testTimeout: 20_000,
          maxWorkers: FIRST_GROUP_WORKERS,
        },
      },
      {
        test: {
          name: 'dom',
          include: domFiles,
          environment: 'happy-dom',
          isolate: false,
          testTimeout: 20_000,
          maxWorkers: FIRST_GROUP_WORKERS,
        },
      },
      ...split({
        // The same app-level test files on D1 in workerd (Miniflare), one database per makeTestApp,
        // each a copy of a template migrated and seeded once (worker/test/test-database.ts).
        name: 'd1',
        include: appTests,
        env: { TESSERA_TEST_DB: 'd1' },
        globalSetup: ['./worker/test/test-database-global-setup.ts'],
        setupFiles: ['./worker/test/test-database-setup.ts'],
        environment: 'node',
        testTimeout: 60_000,
        hookTimeout: 60_000,
        maxWorkers: FIRST_GROUP_WORKERS,
      }, mocking.filter((f) => appTests.includes(f))),
      {
        plugins: [
          cloudflareTest(async () => {
            // wrangler checks that wrangler.toml's assets directory (dist/public) exists, which npm test
            // builds beside the tests (worker/local/build-mark.ts).
            await waitForBuild('The workerd tests')
            return {
              main: './worker/src/index.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: { ENVIRONMENT: 'test', LOCAL_ORIGIN: 'http://localhost', TEST_MIGRATIONS: await readD1Migrations('./migrations') },
                assets: undefined,
              },
            }
          }),
        ],
        test: {
          name: 'workerd',
          // Runs inside workerd (the Workers pool), which cannot read the module cache's files.
          experimental: { fsModuleCache: false },
          // Three files that run every `*.workerd.test.ts` in groups: a runtime start per group instead
          // of per file (worker/test/workerd-groups.ts).
          include: ['worker/test/workerd-group-*.workerd.test.ts'],
          setupFiles: ['./worker/test/workerd-setup.ts'],
          testTimeout: 30_000,
          maxWorkers: FIRST_GROUP_WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Fails a test on any console error or unexpected 4xx/5xx in the pages it drove (issue 13).
          setupFiles: ['./e2e/setup.ts'],
          // Seeds the demo database and starts Chromium once per run: each e2e server starts on a copy of
          // the database, and each file connects to that Chromium (e2e/global-setup.ts, e2e/harness.ts).
          globalSetup: ['./e2e/global-setup.ts'],
          environment: 'node',
          // Long flows (a console screen end to end with axe at two widths) on a loaded 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // After the node and workerd group, three e2e files at a time: each has its own server (port 0,
          // own database file) and browser contexts, and much of a file's time is waiting (on the page, a
          // wrangler dev start, the crash test's leases). Two at a time left the 2 cores 13% idle: the
          // project took 521 s; three keep them 97% busy, 474 s, for the same CPU.
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          // One module graph per worker (the app, playwright, the harness), imported once instead of once
          // per file: the import was 4 s of a loaded 2-core machine per file, 160 s a run. No e2e file
          // mocks a module or stubs a global; each starts its own server and contexts.
          isolate: false,
          // One retry: on a loaded 2-core machine a browser step can miss its 30 s wait (seen once in
          // the iframe survey flow, which passes alone); a real failure fails twice.
          retry: 1,
        },
      },
    ],
  },
})
