import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db } from '../../db/client'
import type { ParticipantRow } from '../../env'
import { adminSessions, participantSessions, participants } from '../../db/schema'
import { PROGRAM_ID, preparedFor } from '../../db/prepared'
import { tableRowMapper } from '../../db/row-mapper'
import { programScope } from '../../db/scope'
import { mapPerOwner } from '../../lib/cache'
import { randomToken, sha256 } from '../../lib/crypto'
import { batch } from '../../db/batch'

/**
 * Sessions end at an absolute age (from sign-in) or after an idle time without a request, whichever
 * comes first. `expires_at` is the idle deadline, capped at the absolute one; a request moves it
 * forward, but at most once per step, so a busy session writes once a day (participants) or every
 * five minutes (console), not on every read.
 */
export const PARTICIPANT_SESSION_TTL_MS = 30 * 24 * 3600 * 1000
export const PARTICIPANT_SESSION_IDLE_MS = 14 * 24 * 3600 * 1000
const PARTICIPANT_TOUCH_STEP_MS = 24 * 3600 * 1000
export const ADMIN_SESSION_TTL_MS = 12 * 3600 * 1000
export const ADMIN_SESSION_IDLE_MS = 2 * 3600 * 1000
const ADMIN_TOUCH_STEP_MS = 5 * 60 * 1000

/** Whether a session last moved its idle deadline more than one step ago. */
const dueForTouch = (expiresAt: number, now: number, idleMs: number, stepMs: number) => expiresAt - now < idleMs - stepMs

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
    expiresAt: new Date(input.now + PARTICIPANT_SESSION_IDLE_MS),
    createdAt: new Date(input.now),
  })
  if (input.replaceSessionId) {
    await batch(db, [scope.delete(participantSessions, eq(participantSessions.id, input.replaceSessionId)), insert])
  } else {
    await insert
  }
  return token
}

/**
 * Participant rows as last read, by id, per database. A kept row is used only while its row_version
 * is the one the session lookup just read from the database (triggers move it on every change to
 * the row, migration 0006), so it is never staler than a fresh read; frozen, as requests share it.
 */
const keptRowsOf = mapPerOwner<number, ParticipantRow>()
const MAX_KEPT_ROWS = 5000
/** The participant each session token (by hash) last answered, so its lookup can say which row it holds. */
const keptTokensOf = mapPerOwner<string, number>()
const MAX_KEPT_TOKENS = 10_000

/** The lookup's fixed columns, then the participant's whole row (NULLs when the kept row is current). */
const SESSION_COLUMNS = 4
const participantFrom = tableRowMapper(participants, SESSION_COLUMNS)
const participantAt0 = tableRowMapper(participants)
const full = alias(participants, 'full')

/**
 * The participant behind a token, only if the session belongs to this program and is unexpired.
 * Runs on every signed-in request, so it is ONE statement whatever the participant's state (on
 * Workers every statement is a round trip to D1, decision 0014): it answers the session and the
 * participant's row_version (a covering index on the token, then the participant's primary key), and
 * the participant's whole row unless it is the row this process keeps for that token at that version
 * (a second join on the primary key, empty when `knownId` / `knownVersion` match). So a warm process
 * reads no row it holds, and a changed or unknown participant costs no second round trip.
 */
export async function findParticipantSession(db: Db, programId: number, token: string, now: number) {
  const tokenHash = await sha256(token)
  const kept = keptRowsOf(db)
  const tokens = keptTokensOf(db)
  const knownId = tokens.get(tokenHash) ?? 0
  const known = knownId ? kept.get(knownId) : undefined
  const rows = (await preparedFor(db, 'participant-session', (d) =>
    d
      .select({
        sessionId: participantSessions.id,
        participantId: participantSessions.participantId,
        rowVersion: participants.rowVersion,
        expiresAt: participantSessions.expiresAt,
        full: getTableColumns(full),
      })
      .from(participantSessions)
      .innerJoin(participants, eq(participants.id, participantSessions.participantId))
      .leftJoin(
        full,
        and(
          eq(full.id, participantSessions.participantId),
          sql`NOT (${full.id} = ${sql.placeholder('knownId')} AND ${full.rowVersion} = ${sql.placeholder('knownVersion')})`,
        ),
      )
      .where(
        programScope(d, PROGRAM_ID).where(
          participantSessions,
          and(eq(participantSessions.tokenHash, sql.placeholder('tokenHash')), gt(participantSessions.expiresAt, sql.placeholder('now'))),
        ),
      )
      .limit(1)
      .prepare(),
  ).values({ programId, tokenHash, now, knownId, knownVersion: known?.rowVersion ?? -1 })) as ArrayLike<unknown>[]
  const found = rows[0]
  if (!found) {
    if (knownId) tokens.delete(tokenHash)
    return undefined
  }
  const [sessionId, participantId, version, expiresAt] = [found[0] as number, found[1] as number, found[2] as number, found[3] as number]
  if (dueForTouch(expiresAt, now, PARTICIPANT_SESSION_IDLE_MS, PARTICIPANT_TOUCH_STEP_MS)) {
    const idleEnd = sql`MIN(${now + PARTICIPANT_SESSION_IDLE_MS}, ${participantSessions.createdAt} + ${PARTICIPANT_SESSION_TTL_MS})`
    await programScope(db, programId).update(participantSessions, { expiresAt: idleEnd as never }, eq(participantSessions.id, sessionId))
  }
  let participant: ParticipantRow | undefined
  if (found[SESSION_COLUMNS] !== null) participant = keep(kept, Object.freeze(participantFrom(found)))
  else {
    // The database found the row we hold current; it is read again only if it left this process's
    // cache in the meantime or belongs elsewhere (never, short of a bug).
    const hit = kept.get(participantId)
    participant = hit && hit.rowVersion === version && hit.programId === programId ? hit : await participantRow(db, programId, participantId)
  }
  if (!participant || participant.programId !== programId) return undefined
  if (knownId !== participantId) {
    tokens.delete(tokenHash)
    if (tokens.size >= MAX_KEPT_TOKENS) tokens.delete(tokens.keys().next().value as string)
    tokens.set(tokenHash, participantId)
  }
  return { sessionId, participant }
}

function keep(kept: Map<number, ParticipantRow>, row: ParticipantRow): ParticipantRow {
  kept.delete(row.id)
  if (kept.size >= MAX_KEPT_ROWS) kept.delete(kept.keys().next().value as number)
  kept.set(row.id, row)
  return row
}

async function participantRow(db: Db, programId: number, id: number): Promise<ParticipantRow | undefined> {
  const rows = (await preparedFor(db, 'participant-row', (d) =>
    d
      .select(getTableColumns(participants))
      .from(participants)
      .where(programScope(d, PROGRAM_ID).where(participants, eq(participants.id, sql.placeholder('id'))))
      .limit(1)
      .prepare(),
  ).values({ programId, id })) as ArrayLike<unknown>[]
  return rows[0] ? keep(keptRowsOf(db), Object.freeze(participantAt0(rows[0]))) : undefined
}

export async function deleteParticipantSession(db: Db, programId: number, sessionId: number) {
  await programScope(db, programId).delete(participantSessions, eq(participantSessions.id, sessionId))
}

export async function createAdminSession(db: Db, adminUserId: number, now: number): Promise<string> {
  const token = randomToken(32)
  await db.insert(adminSessions).values({
    adminUserId,
    tokenHash: await sha256(token),
    expiresAt: new Date(now + ADMIN_SESSION_IDLE_MS),
    createdAt: new Date(now),
  })
  return token
}

/** Moves a console session's idle deadline forward when it is due (capped at its absolute end). */
export async function touchAdminSession(db: Db, sessionId: number, expiresAt: number, now: number) {
  if (!dueForTouch(expiresAt, now, ADMIN_SESSION_IDLE_MS, ADMIN_TOUCH_STEP_MS)) return
  await db
    .update(adminSessions)
    .set({ expiresAt: sql`MIN(${now + ADMIN_SESSION_IDLE_MS}, ${adminSessions.createdAt} + ${ADMIN_SESSION_TTL_MS})` })
    .where(eq(adminSessions.id, sessionId))
}
