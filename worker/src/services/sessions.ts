import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { adminSessions, participantSessions, participants } from '../db/schema'
import { PROGRAM_ID, preparedFor } from '../db/prepared'
import { programScope } from '../db/scope'
import { randomToken, sha256 } from '../lib/crypto'

export const PARTICIPANT_SESSION_TTL_MS = 30 * 24 * 3600 * 1000
export const ADMIN_SESSION_TTL_MS = 12 * 3600 * 1000

/**
 * Creates a participant session valid for one program. The token is returned once and only its
 * SHA-256 is stored. `replaceSessionId` is the session presented with the request: it is deleted in
 * the same batch, so signing in always rotates the session.
 */
export async function createParticipantSession(
  db: Db,
  input: { programId: number; participantId: number; kind: 'cookie' | 'token'; now: number; replaceSessionId?: number | null },
): Promise<string> {
  const token = randomToken(32)
  const scope = programScope(db, input.programId)
  const insert = scope.insert(participantSessions, {
    participantId: input.participantId,
    tokenHash: await sha256(token),
    kind: input.kind,
    expiresAt: new Date(input.now + PARTICIPANT_SESSION_TTL_MS),
  })
  if (input.replaceSessionId) {
    await db.batch([scope.delete(participantSessions, eq(participantSessions.id, input.replaceSessionId)), insert])
  } else {
    await insert
  }
  return token
}

/** The participant behind a token, only if the session belongs to this program and is unexpired. */
export async function findParticipantSession(db: Db, programId: number, token: string, now: number) {
  const rows = await preparedFor(db, 'participant-session', (d) =>
    d
      .select({ sessionId: participantSessions.id, participant: participants })
      .from(participantSessions)
      .innerJoin(participants, eq(participants.id, participantSessions.participantId))
      .where(
        programScope(d, PROGRAM_ID).where(
          participantSessions,
          and(eq(participantSessions.tokenHash, sql.placeholder('tokenHash')), gt(participantSessions.expiresAt, sql.placeholder('now'))),
        ),
      )
      .limit(1)
      .prepare(),
  ).all({ programId, tokenHash: await sha256(token), now })
  return rows[0]
}

export async function deleteParticipantSession(db: Db, programId: number, sessionId: number) {
  await programScope(db, programId).delete(participantSessions, eq(participantSessions.id, sessionId))
}

export async function createAdminSession(db: Db, adminUserId: number, now: number): Promise<string> {
  const token = randomToken(32)
  await db.insert(adminSessions).values({
    adminUserId,
    tokenHash: await sha256(token),
    expiresAt: new Date(now + ADMIN_SESSION_TTL_MS),
  })
  return token
}
