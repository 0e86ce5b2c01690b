#!/usr/bin/env node
// Re-runs a sweepstake draw from its audit file and checks it (docs/sweepstakes-fairness.md).
//
//   node scripts/verify-draw.mjs sweepstake-12-audit.json [--json]
//
// Checks that SHA-256(seed) equals the commitment published before the draw, that the entries match
// the snapshot digest published at commit, and that re-running the draw algorithm (the same module
// the server runs: sdk/contract/fair-draw.mjs) on the seed and entries gives the recorded winners.
// Pure Node (20+), no dependencies. Exit code 0 when everything matches, 1 when something does not,
// 2 when the file cannot be read.
import { readFileSync } from 'node:fs'
import { verifyAudit } from '../sdk/contract/fair-draw.mjs'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
const asJson = args.includes('--json')
if (!file) {
  console.error('usage: node scripts/verify-draw.mjs <audit.json> [--json]')
  process.exit(2)
}

let audit
try {
  audit = JSON.parse(readFileSync(file, 'utf8'))
} catch (err) {
  console.error(`cannot read ${file}: ${err.message}`)
  process.exit(2)
}

let result
try {
  result = await verifyAudit(audit)
} catch (err) {
  console.error(`invalid audit file: ${err.message}`)
  process.exit(2)
}

const ok = result.commitmentMatches && result.entriesDigestMatches && result.winnersMatch
if (asJson) {
  console.log(
    JSON.stringify(
      {
        ok,
        commitment_matches: result.commitmentMatches,
        entries_digest_matches: result.entriesDigestMatches,
        winners_match: result.winnersMatch,
        winners: result.winners,
        recorded_winners: result.recorded,
      },
      null,
      2,
    ),
  )
} else {
  const total = audit.entries.reduce((sum, e) => sum + e.tickets, 0)
  console.log(`Sweepstakes: ${audit.reward?.name ?? '?'} (reward ${audit.reward?.id ?? '?'}), algorithm ${audit.algorithm}`)
  console.log(`Entries: ${audit.entries.length} entrants, ${total} tickets; winners to draw: ${audit.winner_count}`)
  console.log(`Commitment: ${audit.commitment}`)
  console.log(`SHA-256(seed): ${result.commitment} ${result.commitmentMatches ? 'MATCHES' : 'DOES NOT MATCH'} the commitment`)
  console.log(`Entries digest: ${result.digest} ${result.entriesDigestMatches ? 'MATCHES' : 'DOES NOT MATCH'} the published digest`)
  console.log('Winners (re-run):')
  result.winners.forEach((w, i) => console.log(`  ${i + 1}. ${w.id} (${w.tickets} ${w.tickets === 1 ? 'ticket' : 'tickets'})`))
  console.log(`Recorded winners ${result.winnersMatch ? 'MATCH' : 'DO NOT MATCH'} the re-run${result.winnersMatch ? '' : `: recorded ${result.recorded.join(', ') || '(none)'}`}`)
  console.log(ok ? 'VERIFIED' : 'NOT VERIFIED')
}
process.exit(ok ? 0 : 1)
