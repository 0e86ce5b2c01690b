/**
 * The participant-engine fixture of bench/api.ts and bench/workerd.ts, on any SQLite: a libSQL file
 * under Node, local D1 in workerd. After `seedDemo` (the caller's: a function call under Node, the dev
 * seed route in workerd) it adds, with set-based SQL rather than rows sent one by one:
 * - bulk participants until the demo program has `participants`: settled members without history
 *   (`bench{n}@example.com`, referral code `bench-{n}`, verified, in the entry tier), made by one
 *   recursive INSERT ... SELECT per 25,000;
 * - 50 signed-in readers (seeded participants with history) and two write pools of bulk participants
 *   with token sessions, hashed as createParticipantSession stores them (SHA-256 of the token) and
 *   inserted 500 to a statement; the submit pool takes up to 70 % of the bulk participants, the claim
 *   pool the rest;
 * - three claims' worth of points for each claim-pool participant (one INSERT ... SELECT into the
 *   ledger, whose trigger credits the balances; then the tier those points fall in), and the pastry reward's stock raised so the run
 *   measures claims, not stock-outs.
 */
import { randomToken, sha256 } from '../../worker/src/lib/crypto'
import { PARTICIPANT_SESSION_IDLE_MS, PARTICIPANT_SESSION_TTL_MS } from '../../worker/src/features/signin/sessions'
import { phase } from './common'

type Value = string | number | null

/** The little a fixture needs of a database: rows as arrays, a statement, a batch of statements. */
export type SqlRunner = {
  rows(sql: string, args?: Value[]): Promise<Value[][]>
  run(sql: string, args?: Value[]): Promise<void>
  /** Runs the statements in order (one transaction where the driver makes one). */
  batch(statements: string[]): Promise<void>
}

export type Fixture = {
  programId: number
  bulkIds: number[]
  readerTokens: string[]
  submitTokens: string[]
  claimTokens: string[]
  pastryId: number
  challengeIdentifier: string
  maxParticipantId: number
}

export const READERS = 50
/** Each claim-pool participant can afford this many claims of the pastry reward. */
export const CLAIMS_AFFORDED = 3
const ROWS_PER_INSERT = 500
const INSERTS_PER_BATCH = 20
const PARTICIPANTS_PER_INSERT = 25_000

/** A SQL literal of a number or a token-like string (base64url, e-mail): no quotes inside. */
const literal = (v: Value) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)

/** Multi-row INSERTs with the values inline, ROWS_PER_INSERT a statement, INSERTS_PER_BATCH a batch. */
async function bulkInsert(db: SqlRunner, head: string, rows: Value[][]) {
  const statements: string[] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    statements.push(`${head} VALUES ${rows.slice(i, i + ROWS_PER_INSERT).map((r) => `(${r.map(literal).join(',')})`).join(',')}`)
  for (let i = 0; i < statements.length; i += INSERTS_PER_BATCH) await db.batch(statements.slice(i, i + INSERTS_PER_BATCH))
}

const scalar = async (db: SqlRunner, sql: string, args: Value[] = []) => Number((await db.rows(sql, args))[0]?.[0] ?? 0)

/** Token sessions for these participants; returns the tokens (only their hashes are stored). */
export async function sessionsFor(db: SqlRunner, programId: number, ids: number[], expiresAt: number): Promise<string[]> {
  const tokens = ids.map(() => randomToken(32))
  const hashes = await Promise.all(tokens.map((t) => sha256(t)))
  const now = Date.now()
  await bulkInsert(
    db,
    'INSERT INTO participant_sessions (program_id, participant_id, token_hash, kind, expires_at, created_at)',
    ids.map((id, i) => [programId, id, hashes[i]!, 'token', expiresAt, now]),
  )
  return tokens
}

export async function buildFixture(db: SqlRunner, opts: { participants: number; duration: number; writeSessions?: number }): Promise<Fixture> {
  const programId = await scalar(db, "SELECT id FROM programs WHERE public_key = 'demo'")
  if (!programId) throw new Error('the demo program is missing: seed first')
  const existing = await scalar(db, 'SELECT count(*) FROM participants WHERE program_id = ?', [programId])
  const toAdd = Math.max(0, opts.participants - existing)
  // Bulk participants are settled members without history: verified, in the entry tier (as the seeded
  // ones are), so a first completion measures the completion and not a one-off tier change.
  const entryTier = await scalar(
    db,
    'SELECT id FROM tiers WHERE program_id = ? AND points_threshold_min <= 0 AND points_threshold_max >= 0 LIMIT 1',
    [programId],
  )
  await phase(
    'bulk participants',
    async () => {
      const now = Date.now()
      for (let first = 1; first <= toAdd; first += PARTICIPANTS_PER_INSERT) {
        const last = Math.min(toAdd, first + PARTICIPANTS_PER_INSERT - 1)
        await db.run(
          `WITH RECURSIVE seq(n) AS (SELECT ? UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
           INSERT INTO participants (program_id, email, first_name, last_name, referral_code, tier_id, email_verified_at)
           SELECT ?, 'bench' || n || '@example.com', 'Bench', 'Participant ' || n, 'bench-' || n, ?, ? FROM seq`,
          [first, last, programId, entryTier || null, now],
        )
      }
    },
    () => `${existing} seeded + ${toAdd} bulk = ${existing + toAdd} in the demo program`,
  )
  const bulkIds = (
    await db.rows("SELECT id FROM participants WHERE program_id = ? AND email LIKE 'bench%@example.com' ORDER BY id", [programId])
  ).map((r) => Number(r[0]))
  const maxParticipantId = await scalar(db, 'SELECT max(id) FROM participants')

  // Signed-in readers: seeded participants with history, with sessions as a sign-in makes them.
  const readerTokens = await phase(`${READERS} reader sessions`, async () => {
    const ids = (
      await db.rows(
        "SELECT id FROM participants WHERE program_id = ? AND status = 'active' AND email NOT LIKE 'bench%' ORDER BY id LIMIT ?",
        [programId, READERS],
      )
    ).map((r) => Number(r[0]))
    return sessionsFor(db, programId, ids, Date.now() + PARTICIPANT_SESSION_IDLE_MS)
  })

  // Write pools: one participant per request, so the daily challenge and the claims succeed. A
  // claim-pool participant can afford CLAIMS_AFFORDED claims, so that pool may be reused that often:
  // the daily challenge gets 70 % of the bulk participants.
  const wanted = opts.writeSessions ?? Math.max(5000, opts.duration * 7000)
  const submitCount = Math.min(Math.floor(bulkIds.length * 0.7), wanted)
  const claimCount = Math.min(bulkIds.length - submitCount, wanted)
  const submitIds = bulkIds.slice(0, submitCount)
  const claimIds = bulkIds.slice(submitCount, submitCount + claimCount)
  const [submitTokens, claimTokens] = await phase(
    'write-pool sessions (bulk)',
    async () => {
      const expires = Date.now() + PARTICIPANT_SESSION_TTL_MS
      return [await sessionsFor(db, programId, submitIds, expires), await sessionsFor(db, programId, claimIds, expires)] as const
    },
    ([a, b]) => `${a.length} submit + ${b.length} claim sessions`,
  )

  const pastry = (await db.rows("SELECT id, threshold FROM rewards WHERE program_id = ? AND name = 'Free pastry with any drink'", [programId]))[0]
  if (!pastry) throw new Error('the demo pastry reward is missing: the seed changed, update bench/lib/fixture.ts')
  const pastryId = Number(pastry[0])
  const grant = Math.max(1, Number(pastry[1])) * CLAIMS_AFFORDED
  await phase(
    'claim-pool points (ledger)',
    async () => {
      if (claimIds.length)
        await db.run(
          `INSERT INTO points_ledger (program_id, participant_id, delta, kind, source, title, idempotency_key)
           SELECT program_id, id, ?, 'earn', 'import', 'Benchmark grant', 'bench-grant:' || id
             FROM participants WHERE program_id = ? AND id BETWEEN ? AND ?`,
          [grant, programId, claimIds[0]!, claimIds[claimIds.length - 1]!],
        )
      // The ledger credits balances, not tiers: put each claim-pool participant in the tier their points
      // fall in (as earning them through the app would have), so a first claim measures the claim and
      // not a one-off tier change.
      if (claimIds.length)
        await db.run(
          `UPDATE participants SET tier_id = (SELECT t.id FROM tiers t WHERE t.program_id = participants.program_id
              AND t.points_threshold_min <= participants.points AND t.points_threshold_max >= participants.points
            ORDER BY t.points_threshold_min, t.id LIMIT 1)
           WHERE program_id = ? AND id BETWEEN ? AND ?`,
          [programId, claimIds[0]!, claimIds[claimIds.length - 1]!],
        )
      // The seeded stock (5,000) would run out during the run; the bench measures claims, not stock-outs.
      await db.run('UPDATE rewards SET "limit" = 100000000 WHERE id = ?', [pastryId])
    },
    () => `${grant} points each (${CLAIMS_AFFORDED} claims); pastry reward #${pastryId} limit raised`,
  )
  return {
    programId,
    bulkIds,
    readerTokens,
    submitTokens: [...submitTokens],
    claimTokens: [...claimTokens],
    pastryId,
    challengeIdentifier: 'taste-profile-survey',
    maxParticipantId,
  }
}

/** What the writes did, read back from the database. */
export async function verifyWrites(db: SqlRunner, fx: Fixture) {
  return {
    dailyCompletions: await scalar(
      db,
      "SELECT count(*) FROM challenge_completions cc JOIN challenges c ON c.id = cc.challenge_id WHERE c.identifier = 'daily-brew-tip' AND cc.participant_id >= ?",
      [fx.bulkIds[0] ?? 0],
    ),
    pastryClaims: await scalar(db, 'SELECT count(*) FROM reward_claims WHERE reward_id = ? AND participant_id >= ?', [fx.pastryId, fx.bulkIds[0] ?? 0]),
  }
}
