/**
 * The participant-engine targets of bench/api.ts, run against any server ("subject"): the Node entry on
 * libSQL, or the Workers entry in workerd on local D1 (bench/workerd.ts). Same requests, same load
 * generator, same schedule (reads round robin, medians; writes once), same checks.
 */
import { loadavg } from 'node:os'
import { SESSION_MODE_HEADER } from '../../sdk/contract/auth'
import type { LoadJob, LoadResult } from '../load'
import { type BenchOptions, fmtLat, fmtRps, fmtUs, load, waitForRoute } from './common'
import type { Fixture } from './fixture'

/** What a target's requests asked of the database, summed over a run. */
export type DbCalls = {
  /** Single statements (libSQL execute, D1 first/all/run/raw). */
  queries: number
  /** Batches (one round trip each) and the statements they carried. */
  batches: number
  batchStatements: number
  /** Interactive transactions (libSQL only; D1 has none). */
  transactions: number
  /** Requests the server counted, when it counts them itself (workerd: the counting D1 wrapper). */
  requests?: number
}

/** A server under load: where to send requests, and how to read its database calls and CPU time. */
export type Subject = {
  name: 'node' | 'workerd'
  /** For the sanity probes: `http://localhost:<port>` (the demo program answers on localhost). */
  appUrl: string
  /** For the load generator: `http://127.0.0.1:<port>`, with `host` sent as a header. */
  loadUrl: string
  host: string
  /** The floor routes next to the app: `/hello` and `/one-read` (one primary-key read). */
  bareUrl: string
  floorLabel: string
  databaseLabel: string
  /** Database calls since the last take(). */
  takeDbCalls(): Promise<DbCalls>
  /** With BENCH_TRACE=1: the SQL run since the last call, most frequent first. */
  takeSql?(): [string, number][]
  /** CPU time of the server process so far (µs). */
  cpuUs(): number
}

export type Target = {
  name: string
  label: string
  kind: 'bare' | 'read' | 'write'
  job: Omit<LoadJob, 'duration' | 'connections' | 'warmup'>
  /**
   * Brings the target to its steady state before it is measured and counted (the server API's keys in
   * use, as a partner's integration keeps them): its requests count nowhere.
   */
  prime?: () => Promise<void>
}

export type Measured = Target & {
  result?: LoadResult
  skipped?: string
  db?: DbCalls & { perRequest: number; statementsPerRequest: number; batchesPerRequest: number; queriesPerRequest: number }
  /** 1-minute load average when the target started: above ~1 on 2 CPUs, something else was running. */
  loadBefore?: number
  /**
   * CPU time of the server per request, warm-up included: steadier than req/s when other processes
   * share the machine. 1e6 / cpuUs is what one fully used core would serve.
   */
  cpuUs?: number
}

export type Check = { target: string; rule: string; measured: string; pass: boolean | null }

const tokenHeaders = { [SESSION_MODE_HEADER]: 'token' }
const json = { 'content-type': 'application/json' }
const REWARD_PATH = '/public/rewards/process_reward'

/**
 * Sanity checks before loading (every kind of request answers 2xx once), then the targets. Reads that a
 * ratio compares run next to their base: hello then the public reads, one-read then the signed-in reads.
 */
export async function participantTargets(s: Subject, fx: Fixture, opts: BenchOptions): Promise<{ targets: Target[]; rewardStatus: number }> {
  const probe = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${s.appUrl}${path}`, init)
    return { status: res.status, text: await res.text() }
  }
  const signedIn = await probe('/public/participant', { headers: { ...tokenHeaders, authorization: `Bearer ${fx.submitTokens[0]}` } })
  if (signedIn.status !== 200) throw new Error(`a bulk session does not sign in: ${signedIn.status} ${signedIn.text.slice(0, 200)}`)
  const challenge = await probe(`/public/challenges/${fx.challengeIdentifier}`)
  if (challenge.status !== 200 || !(JSON.parse(challenge.text).questions?.length > 0)) {
    throw new Error(`challenge ${fx.challengeIdentifier} is not a collect challenge with questions: ${challenge.status} ${challenge.text.slice(0, 200)}`)
  }
  const rewardStatus =
    opts.only.size && !opts.only.has('claim')
      ? 0
      : await waitForRoute(
          `${s.appUrl}${REWARD_PATH}`,
          { method: 'POST', headers: { ...json, ...tokenHeaders, authorization: `Bearer ${fx.readerTokens[0]}` }, body: '{}' },
          opts.rewardWait,
        )
  const host = { host: s.host }
  const targets: Target[] = [
    { name: 'hello', label: `${s.floorLabel} GET /hello`, kind: 'bare', job: { url: s.bareUrl, method: 'GET', path: '/hello' } },
    { name: 'program', label: 'GET /public/program (signed out)', kind: 'read', job: { url: s.loadUrl, method: 'GET', path: '/public/program', headers: host } },
    {
      name: 'challenge',
      label: `GET /public/challenges/${fx.challengeIdentifier} (signed out)`,
      kind: 'read',
      job: { url: s.loadUrl, method: 'GET', path: `/public/challenges/${fx.challengeIdentifier}`, headers: host },
    },
    { name: 'healthz', label: 'GET /healthz (the app, no program or session)', kind: 'read', job: { url: s.loadUrl, method: 'GET', path: '/healthz', headers: host } },
    { name: 'one-read', label: `${s.floorLabel}, 1 PK read (${s.databaseLabel})`, kind: 'bare', job: { url: s.bareUrl, method: 'GET', path: '/one-read' } },
    {
      name: 'home',
      label: 'GET /public/home/active_uncompleted_challenges (bearer)',
      kind: 'read',
      job: {
        url: s.loadUrl,
        method: 'GET',
        path: '/public/home/active_uncompleted_challenges',
        // As a widget in a browser asks: browsers send Accept-Encoding with every fetch.
        headers: { ...host, ...tokenHeaders, 'accept-encoding': 'gzip, deflate, br, zstd' },
        tokens: fx.readerTokens,
        cycleTokens: true,
      },
    },
    {
      name: 'me',
      label: 'GET /public/participant (bearer)',
      kind: 'read',
      job: { url: s.loadUrl, method: 'GET', path: '/public/participant', headers: { ...host, ...tokenHeaders }, tokens: fx.readerTokens, cycleTokens: true },
    },
    {
      name: 'challenge-signed-in',
      label: `GET /public/challenges/${fx.challengeIdentifier} (bearer)`,
      kind: 'read',
      job: {
        url: s.loadUrl,
        method: 'GET',
        path: `/public/challenges/${fx.challengeIdentifier}`,
        headers: { ...host, ...tokenHeaders },
        tokens: fx.readerTokens,
        cycleTokens: true,
      },
    },
    {
      name: 'submit',
      label: 'POST /public/challenges/submit daily-brew-tip (bearer)',
      kind: 'write',
      job: {
        url: s.loadUrl,
        method: 'POST',
        path: '/public/challenges/submit',
        headers: { ...host, ...json, ...tokenHeaders },
        body: JSON.stringify({ challenge_id: 'daily-brew-tip' }),
        tokens: fx.submitTokens,
      },
    },
    {
      name: 'claim',
      label: `POST /public/rewards/process_reward #${fx.pastryId} (bearer)`,
      kind: 'write',
      job: {
        url: s.loadUrl,
        method: 'POST',
        path: REWARD_PATH,
        headers: { ...host, ...json, ...tokenHeaders },
        body: JSON.stringify({ reward_id: fx.pastryId }),
        tokens: fx.claimTokens,
      },
    },
  ]
  return { targets: targets.filter((t) => !opts.only.size || opts.only.has(t.name)), rewardStatus }
}

/**
 * Runs the targets: reads `rounds` times round robin (warm-up first), writes once for `duration`;
 * returns every run and each target's median run (by req/s; non-2xx and errors summed over the runs).
 */
export async function runTargets(s: Subject, selected: Target[], rewardStatus: number, opts: BenchOptions) {
  const readSeconds = Math.max(3, Math.round(opts.duration / opts.rounds))
  console.log(
    `\nLoad on ${s.name} (${opts.connections} connections; reads ${opts.rounds} x ${readSeconds} s round robin, median reported; writes ${opts.duration} s once)`,
  )
  const schedule = [
    ...Array.from({ length: opts.rounds }, (_, round) => selected.filter((t) => t.kind !== 'write').map((t) => ({ t, round }))).flat(),
    ...selected.filter((t) => t.kind === 'write').map((t) => ({ t, round: 0 })),
  ]
  const runs = new Map<string, Measured[]>()
  for (const { t, round } of schedule) {
    const record = (m: Measured) => runs.set(t.name, [...(runs.get(t.name) ?? []), m])
    if (t.name === 'claim' && rewardStatus === 404) {
      record({ ...t, skipped: `${REWARD_PATH} answers 404 (rewards engine not mounted yet)` })
      console.log(`  ${t.label}: skipped, route answers 404`)
      continue
    }
    if (round === 0) await t.prime?.()
    await s.takeDbCalls()
    s.takeSql?.()
    const loadBefore = loadavg()[0]!
    const cpu0 = s.cpuUs()
    const result = await load({
      ...t.job,
      duration: t.kind === 'write' ? opts.duration : readSeconds,
      connections: opts.connections,
      // JIT and caches warm up in the first round; later rounds only settle the connections. A write
      // warms up on participants of its own (bench/load.ts), so its figures are the warm write path's
      // (its first second cold is the p99 of a short run: Node's submit 47 ms cold, 26 ms warm).
      warmup: t.kind === 'write' ? opts.writeWarmup : round === 0 ? opts.warmup : Math.min(opts.warmup, 0.5),
    })
    // Let requests still in flight (and deferred work) finish before reading the counters.
    await new Promise((r) => setTimeout(r, 300))
    const cpu = s.cpuUs() - cpu0
    const calls = await s.takeDbCalls()
    const sent = result.total + result.warmupRequests
    // The server's own count when it keeps one (it includes requests autocannon gave up on).
    const requests = t.kind === 'bare' ? sent : (calls.requests ?? sent)
    const cpuUs = sent ? cpu / sent : 0
    const per = (n: number) => (requests ? n / requests : 0)
    const db = {
      ...calls,
      perRequest: per(calls.queries + calls.batches + calls.transactions),
      statementsPerRequest: per(calls.queries + calls.batchStatements),
      batchesPerRequest: per(calls.batches),
      queriesPerRequest: per(calls.queries),
    }
    record({ ...t, result, db, loadBefore, cpuUs })
    const wrapped =
      t.kind === 'write' && t.job.tokens && result.tokensUsed > t.job.tokens.length
        ? ` (participants reused: ${result.tokensUsed} requests over ${t.job.tokens.length} sessions)`
        : ''
    const tag = t.kind === 'write' ? '' : ` [${round + 1}/${opts.rounds}]`
    console.log(
      `  ${`${t.label}${tag}`.padEnd(64)} ${fmtRps(result.rps).padStart(7)} req/s  p99 ${fmtLat(result.p99).padStart(7)}  ` +
        `${fmtUs(cpuUs)} CPU/req  ${db.perRequest.toFixed(1)} DB calls/req  non-2xx ${result.non2xx}  (load ${loadBefore.toFixed(1)})${wrapped}`,
    )
    if (opts.trace && s.takeSql) {
      for (const [text, n] of s.takeSql().slice(0, 15)) console.log(`      ${(n / requests).toFixed(2)}/req  ${text.slice(0, 160)}`)
    }
  }
  const measured: Measured[] = selected.map((t) => {
    const list = runs.get(t.name) ?? [{ ...t, skipped: 'not run' }]
    const sorted = [...list].sort((a, b) => (a.result?.rps ?? 0) - (b.result?.rps ?? 0))
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!
    const sum = (key: 'non2xx' | 'errors') => list.reduce((n, m) => n + (m.result?.[key] ?? 0), 0)
    return median.result ? { ...median, result: { ...median.result, non2xx: sum('non2xx'), errors: sum('errors') } } : median
  })
  return { runs, measured }
}

/**
 * The targets of the engine issue, from one subject's runs: signed-in reads >= 0.5 x its one-read
 * route, public reads >= 0.5 x its bare route (each ratio taken round by round, the median checked),
 * writes >= 1,000 successful req/s with p99 < 50 ms, every target all 2xx.
 */
export function checkTargets(runs: Map<string, Measured[]>, measured: Measured[], opts: BenchOptions): Check[] {
  const by = (name: string) => measured.find((m) => m.name === name)?.result
  const checks: Check[] = []
  const roundRatios = (name: string, baseKey: string) =>
    (runs.get(name) ?? []).flatMap((m, i) => {
      const base = runs.get(baseKey)?.[i]?.result
      return m.result && base ? [m.result.rps / base.rps] : []
    })
  const ratio = (name: string, label: string, baseKey: string, baseName: string) => {
    const r = by(name)
    const base = by(baseKey)
    const each = roundRatios(name, baseKey)
    if (!r || !base || !each.length) return checks.push({ target: label, rule: `>= 0.5 x ${baseName}`, measured: 'not measured', pass: null })
    const x = [...each].sort((a, b) => a - b)[Math.floor((each.length - 1) / 2)]!
    checks.push({
      target: label,
      rule: `>= 0.5 x ${baseName} round by round (median), all 2xx`,
      measured: `${x.toFixed(2)} x (rounds: ${each.map((v) => v.toFixed(2)).join(', ')}; medians ${fmtRps(r.rps)} / ${fmtRps(base.rps)} req/s)${r.non2xx + r.errors ? `, ${r.non2xx + r.errors} failed` : ''}`,
      pass: x >= 0.5 && r.non2xx + r.errors + r.timeouts === 0,
    })
  }
  ratio('home', 'signed-in read: home active_uncompleted_challenges', 'one-read', 'one-read route')
  ratio('me', 'signed-in read: participant', 'one-read', 'one-read route')
  ratio('program', 'public read: program', 'hello', 'bare route')
  ratio('challenge', 'public read: challenge', 'hello', 'bare route')
  // The server API against the participant's own calls (issue 24).
  ratio('api-lookup', 'server API read: participant lookup', 'me', 'signed-in participant read')
  {
    const points = by('api-points')
    const submit = by('submit')
    const label = 'server API write: points adjust'
    if (!points || !submit) checks.push({ target: label, rule: '>= 0.5 x challenge submit', measured: 'not measured', pass: null })
    else {
      const x = points.ok / Math.max(1, submit.ok)
      checks.push({
        target: label,
        rule: '>= 0.5 x challenge submit (successful requests, same duration), all 2xx',
        measured: `${x.toFixed(2)} x (${fmtRps(points.ok / opts.duration)} / ${fmtRps(submit.ok / opts.duration)} 2xx/s)${points.non2xx + points.errors ? `, ${points.non2xx + points.errors} failed` : ''}`,
        pass: x >= 0.5 && points.non2xx + points.errors + points.timeouts === 0,
      })
    }
  }
  for (const name of ['submit', 'claim']) {
    const m = measured.find((x) => x.name === name)
    const label = `write: ${name === 'submit' ? 'challenge submit' : 'reward claim'}`
    if (!m?.result) {
      checks.push({ target: label, rule: '>= 1,000 successful req/s, p99 < 50 ms', measured: m?.skipped ?? 'not measured', pass: null })
      continue
    }
    const r = m.result
    const okRps = r.ok / opts.duration
    checks.push({
      target: label,
      rule: '>= 1,000 successful req/s, p99 < 50 ms, all 2xx',
      measured: `${fmtRps(okRps)} 2xx/s, p99 ${fmtLat(r.p99)}, ${r.non2xx} non-2xx`,
      pass: okRps >= 1000 && r.p99 < 50 && r.non2xx + r.errors + r.timeouts === 0,
    })
  }
  return checks
}

export function printChecks(checks: Check[]) {
  const w = Math.max(...checks.map((c) => c.target.length))
  for (const c of checks) console.log(`  ${c.pass === null ? 'SKIP' : c.pass ? 'PASS' : 'FAIL'}  ${c.target.padEnd(w)}  ${c.measured}  (target ${c.rule})`)
}

/** Prints rows as an aligned text table (first column left, the rest right). */
export function printTable(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const b of body) console.log(line(b))
}

/** bench:api's results table. */
export function table(rows: Measured[]) {
  const head = ['target', 'req/s', 'p50', 'p99', '2xx', 'non-2xx', 'errors', 'DB calls/req', 'server CPU/req']
  const body = rows.map((r) =>
    r.result
      ? [
          r.label,
          fmtRps(r.result.rps),
          fmtLat(r.result.p50),
          fmtLat(r.result.p99),
          String(r.result.ok),
          `${r.result.non2xx}${
            r.result.non2xx
              ? ` (${Object.entries(r.result.statusCodes)
                  .filter(([c]) => !c.startsWith('2'))
                  .map(([c, n]) => `${c}x${n}`)
                  .join(' ')})`
              : ''
          }`,
          String(r.result.errors + r.result.timeouts),
          r.db ? r.db.perRequest.toFixed(1) : '',
          r.cpuUs ? fmtUs(r.cpuUs) : '',
        ]
      : [r.label, `skipped: ${r.skipped}`, '', '', '', '', '', '', ''],
  )
  printTable(head, body)
}

/** One subject's results in the JSON file. */
export const resultsJson = (measured: Measured[]) =>
  measured.map((m) => ({
    name: m.name,
    label: m.label,
    kind: m.kind,
    ...(m.result ? { result: m.result, db: m.db, serverCpuUsPerRequest: Math.round(m.cpuUs ?? 0), loadBefore: m.loadBefore } : { skipped: m.skipped }),
  }))
