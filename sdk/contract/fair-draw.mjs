// Provably fair sweepstake draws: the one implementation of the draw algorithm, shared by the worker
// (worker/src/features/sweepstakes), the console and site types (fair-draw.d.mts) and the audit script
// (scripts/verify-draw.mjs). Plain JavaScript over WebCrypto (crypto.subtle), no dependencies, so the
// same file runs on Workers, in browsers and in Node 20+. docs/sweepstakes-fairness.md is its
// specification; change nothing here without a new ALGORITHM version (old audit files must verify).

/** The draw algorithm this file implements; recorded in every draw and audit file. */
export const ALGORITHM = 'v1'

/** The audit file's format name and version (the JSON a console admin downloads). */
export const AUDIT_FORMAT = 'tessera-sweepstake-audit'
export const AUDIT_FORMAT_VERSION = 1

/** Random numbers are read 48 bits at a time: totals up to 2^48 tickets stay exact JS integers. */
const RANGE = 2 ** 48

const encoder = new TextEncoder()

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

/** @param {string} hex */
export function fromHex(hex) {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) throw new Error('expected lowercase hexadecimal')
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** SHA-256 of bytes or of a string's UTF-8 bytes, as lowercase hex. */
export async function sha256Hex(data) {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
}

/** A new secret seed: 32 random bytes, as 64 lowercase hex characters. */
export function newSeed() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)))
}

/** @param {string} seed */
function checkSeed(seed) {
  if (typeof seed !== 'string' || !/^[0-9a-f]{64}$/.test(seed)) throw new Error('the seed must be 64 lowercase hex characters (32 bytes)')
}

/**
 * The public commitment to a seed: SHA-256 over the seed's 32 raw bytes (not its hex text), hex.
 * The same as `printf %s SEED | xxd -r -p | sha256sum`.
 */
export async function commitmentOf(seed) {
  checkSeed(seed)
  return sha256Hex(fromHex(seed))
}

/**
 * The entries in canonical order: sorted by id (string comparison by UTF-16 code units, as
 * JavaScript's `<`), each `{ id, tickets }` only. Throws on an empty or duplicate id, or a ticket
 * count that is not a positive safe integer, or a total of 2^48 tickets or more.
 * @param {{ id: string, tickets: number }[]} entries
 */
export function canonicalEntries(entries) {
  if (!Array.isArray(entries)) throw new Error('entries must be an array')
  const out = entries.map((e) => {
    if (!e || typeof e.id !== 'string' || e.id === '') throw new Error('every entry needs a non-empty string id')
    if (!Number.isSafeInteger(e.tickets) || e.tickets <= 0) throw new Error(`entry ${e.id}: tickets must be a positive integer`)
    return { id: e.id, tickets: e.tickets }
  })
  out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (let i = 1; i < out.length; i++) if (out[i].id === out[i - 1].id) throw new Error(`duplicate entry id ${out[i].id}`)
  const total = out.reduce((sum, e) => sum + e.tickets, 0)
  if (total >= RANGE) throw new Error('too many tickets (2^48 or more)')
  return out
}

/**
 * The digest of an entries snapshot: SHA-256 (hex) of the canonical entries written one per line as
 * `id:tickets\n`. Published at commit, so the snapshot cannot change unseen before the draw.
 */
export async function entriesDigest(entries) {
  return sha256Hex(canonicalEntries(entries).map((e) => `${e.id}:${e.tickets}\n`).join(''))
}

/**
 * Draws winners, algorithm v1 (docs/sweepstakes-fairness.md):
 * 1. Put the entries in canonical order; T = the total of their tickets.
 * 2. Random numbers: block n = HMAC-SHA256(key = the seed's 32 bytes, message = UTF-8 "v1:" + n in
 *    decimal), n = 0, 1, 2, ... across the whole draw; r = the block's first 6 bytes, big-endian.
 * 3. A ticket: reject r >= 2^48 - (2^48 mod T) (take the next block), else x = r mod T: uniform in
 *    [0, T). The winner is the first entry, in canonical order, whose running ticket total exceeds x.
 * 4. The winner's tickets leave the pool (T -= their tickets): winners are distinct. Repeat from 3
 *    until `winners` winners are drawn or no entry is left.
 * @param {{ seed: string, entries: { id: string, tickets: number }[], winners: number, algorithm?: string }} input
 * @returns {Promise<{ id: string, tickets: number }[]>} the winners in the order drawn
 */
export async function drawWinners({ seed, entries, winners, algorithm = ALGORITHM }) {
  if (algorithm !== ALGORITHM) throw new Error(`unknown draw algorithm ${algorithm} (this file implements ${ALGORITHM})`)
  checkSeed(seed)
  if (!Number.isSafeInteger(winners) || winners < 0) throw new Error('winners must be a non-negative integer')
  const pool = canonicalEntries(entries)
  let total = pool.reduce((sum, e) => sum + e.tickets, 0)
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  let counter = 0
  const nextBelow = async (n) => {
    const limit = RANGE - (RANGE % n)
    for (;;) {
      const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${ALGORITHM}:${counter++}`)))
      let r = 0
      for (let i = 0; i < 6; i++) r = r * 256 + block[i]
      if (r < limit) return r % n
    }
  }
  const drawn = []
  while (drawn.length < winners && pool.length > 0) {
    const x = await nextBelow(total)
    let running = 0
    let index = 0
    for (; index < pool.length; index++) {
      running += pool[index].tickets
      if (x < running) break
    }
    const [winner] = pool.splice(index, 1)
    total -= winner.tickets
    drawn.push(winner)
  }
  return drawn
}

/**
 * Checks an audit file: SHA-256(seed) against the commitment, the entries against their published
 * digest, and the draw re-run from the seed and entries against the recorded winners.
 * @param {any} audit the parsed audit JSON
 */
export async function verifyAudit(audit) {
  if (!audit || audit.format !== AUDIT_FORMAT) throw new Error(`not a ${AUDIT_FORMAT} file`)
  const commitment = await commitmentOf(audit.seed)
  const digest = await entriesDigest(audit.entries)
  const winners = await drawWinners({ seed: audit.seed, entries: audit.entries, winners: audit.winner_count, algorithm: audit.algorithm })
  const recorded = (audit.winners ?? []).map((w) => w.id)
  const winnersMatch = recorded.length === winners.length && winners.every((w, i) => w.id === recorded[i])
  return {
    commitmentMatches: commitment === audit.commitment,
    entriesDigestMatches: digest === audit.entries_digest,
    winnersMatch,
    winners,
    recorded,
    commitment,
    digest,
  }
}
