import { challenges } from '../src/db/schema'
import { programScope } from '../src/db/scope'
import type { ProgramRow } from '../src/env'
import type { Fixture, FixtureKit } from './console-matrix'

/** A fresh link challenge of `program` (the permission matrix's challenge routes act on it). */
export async function matrixChallenge(k: FixtureKit, program: ProgramRow): Promise<number> {
  const [row] = await programScope(k.db, program.id)
    .insert(challenges, { identifier: k.unique('matrix-challenge'), name: 'Matrix challenge', challengeType: 'link', parameters: { link_url: 'https://example.com' }, linkUrl: 'https://example.com', tagList: [] })
    .returning({ id: challenges.id })
  return row!.id
}

const ONE = 'programs/:program_id/challenges/:challenge_id{[0-9]+}'
const line: Fixture = { params: async (k, p) => ({ challenge_id: await matrixChallenge(k, p) }) }

/** The matrix lines of the challenges console (features/challenges/admin.ts). */
export const challengeMatrixFixtures: Record<string, Fixture> = {
  'POST /programs/:program_id/challenges': { body: (k) => ({ name: k.unique('Matrix quiz').slice(0, 60), challenge_type: 'link', status: 'draft', points: 5, link_url: 'https://example.com' }) },
  [`GET /${ONE}`]: line,
  [`GET /${ONE}/edit`]: line,
  [`GET /${ONE}/participants`]: line,
  [`GET /${ONE}/participants.csv`]: line,
  [`GET /${ONE}/participant_answers`]: line,
  [`GET /${ONE}/participant_answers.csv`]: line,
  // A change (a fresh challenge has 0 points): an unchanged PUT answers 'No changes detected' (422).
  [`PUT /${ONE}`]: { ...line, body: () => ({ points: 7 }) },
  [`POST /${ONE}`]: { ...line, body: () => ({ intent: 'toggle_approval' }) },
}
