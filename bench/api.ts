/**
 * `npm run bench:api`: loads the Node entry (Hono on @hono/node-server, drizzle over a libSQL file in
 * WAL mode) with autocannon and checks the participant-engine targets. One run:
 *
 * 1. builds a fresh database in a temp dir: migrations, `seedDemo`, then bulk participants until the
 *    demo program has BENCH_PARTICIPANTS (100,000), plus sessions and points for the write pools
 *    (bench/lib/fixture.ts, shared with bench:workerd);
 * 2. starts `startNodeServer` in this process, and next to it a bare Hono app (`/hello`, and one
 *    primary-key read through the server's own libSQL client: the floor of any database-backed call)
 *    (bench/lib/node-subject.ts);
 * 3. forks bench/load.ts (autocannon) once per target, so the load generator never shares the
 *    server's event loop (bench/lib/targets.ts, shared with bench:workerd);
 * 4. prints a table and PASS/FAIL per target, and writes bench/results/api-<timestamp>.json.
 *
 * Environment: BENCH_DURATION (s, default 10: each write target; reads get it split over the rounds,
 * 3 s at least), BENCH_ROUNDS (3: each read target runs this many times round robin and reports its
 * median), BENCH_CONNECTIONS (50), BENCH_WARMUP (s, reads only, default 2), BENCH_PARTICIPANTS (100000),
 * BENCH_WRITE_SESSIONS (participants per write target, default duration x 7000; the submit pool takes
 * at most 70 % of the bulk participants, the claim pool the rest, each affording three claims), BENCH_ONLY (comma-separated target names), BENCH_KEEP_DB=1 (keep the
 * temp database), BENCH_REWARD_WAIT (s to wait for the rewards route to appear, default 0),
 * BENCH_STRICT=1 (exit 1 when a target fails).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { apiV1Targets } from './lib/api-targets'
import { BENCH_DIR, benchOptions, num, phases } from './lib/common'
import { verifyWrites } from './lib/fixture'
import { startNodeSubject } from './lib/node-subject'
import { checkTargets, participantTargets, printChecks, resultsJson, runTargets, table } from './lib/targets'

async function main() {
  const opts = benchOptions()
  const startedAt = new Date()
  console.log(
    `Tessera API bench: node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? '?'}), ` +
      `${opts.duration} s x ${opts.connections} connections per target, ${opts.warmup} s warm-up for reads\n`,
  )
  const load0 = loadavg()[0]!
  if (load0 > 0.5) {
    console.log(`Note: load average is ${load0.toFixed(2)} before starting: other processes share these CPUs and lower the figures.\n`)
  }
  console.log('Setup')
  const writeSessions = process.env.BENCH_WRITE_SESSIONS ? num('BENCH_WRITE_SESSIONS', 0) : undefined
  const node = await startNodeSubject({ participants: opts.participants, duration: opts.duration + opts.writeWarmup, writeSessions })
  const { subject, fx } = node

  const { targets, rewardStatus } = await participantTargets(subject, fx, opts)
  targets.push(...(await apiV1Targets(node.runner, subject, fx)).filter((t) => !opts.only.size || opts.only.has(t.name)))
  const { runs, measured } = await runTargets(subject, targets, rewardStatus, opts)
  const verify = await verifyWrites(node.runner, fx)
  const checks = checkTargets(runs, measured, opts)

  console.log('\nResults')
  table(measured)
  console.log(`\nDatabase after the writes: ${verify.dailyCompletions} daily-brew-tip completions and ${verify.pastryClaims} pastry claims by bulk participants`)
  console.log('\nTargets')
  printChecks(checks)

  const resultsDir = join(BENCH_DIR, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, `api-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        machine: { node: process.version, cpus: availableParallelism(), model: cpus()[0]?.model ?? null, platform: process.platform, loadAverageAtStart: load0 },
        config: { duration: opts.duration, connections: opts.connections, warmup: opts.warmup, writeWarmup: opts.writeWarmup, participants: opts.participants, writeSessions: fx.submitTokens.length },
        phases,
        results: resultsJson(measured),
        verify,
        targets: checks,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`\nWrote ${resolve(file)}`)

  const keep = process.env.BENCH_KEEP_DB === '1'
  await node.close(keep)
  if (keep) console.log(`Kept ${node.url}`)
  // Deferred outbox deliveries may still hold the event loop; the run is over.
  process.exit(process.env.BENCH_STRICT === '1' && checks.some((c) => c.pass === false) ? 1 : 0)
}

main().catch((err) => {
  console.error(err)
  process.exit(2)
})
