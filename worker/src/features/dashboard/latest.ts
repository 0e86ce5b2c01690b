import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { DashboardAction, LatestUser } from '../../../../sdk/contract/console/dashboard'
import { participantActions, participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { actionableUrl, fullName, participantRef, participantUrl, shortName } from './people'

/** Items in the Latest Users carousel and the Latest Actions table and ticker. */
export const LATEST_COUNT = 10

/** The newest sign-ups (participants_program_created_idx, read backwards), staff left out. */
export async function latestUsers(scope: ProgramScope): Promise<LatestUser[]> {
  const rows = await scope
    .select(participants, eq(participants.staff, false))
    .orderBy(desc(participants.createdAt), desc(participants.id))
    .limit(LATEST_COUNT)
  return rows.map((p) => ({
    ...participantRef(scope.programId, p),
    points: p.points,
    status: p.status,
    city: p.city,
    country: p.country,
    created_at: p.createdAt.toISOString(),
  }))
}

/** The columns of an action row with its participant's name and place. */
export const actionColumns = {
  id: participantActions.id,
  actionType: participantActions.actionType,
  title: participantActions.title,
  points: participantActions.points,
  actionableType: participantActions.actionableType,
  actionableId: participantActions.actionableId,
  createdAt: participantActions.createdAt,
  participantId: participantActions.participantId,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  city: participants.city,
  country: participants.country,
}

export type ActionRow = {
  id: number
  actionType: string
  title: string
  points: number
  actionableType: string | null
  actionableId: number | null
  createdAt: Date
  participantId: number
  firstName: string
  lastName: string
  email: string
  city: string | null
  country: string | null
}

export const toDashboardAction = (programId: number, r: ActionRow): DashboardAction => ({
  id: r.id,
  action_type: r.actionType,
  participant_id: r.participantId,
  name: fullName(r),
  short_name: shortName(r),
  title: r.title,
  points: r.points,
  actionable_type: r.actionableType,
  actionable_id: r.actionableId,
  actionable_url: actionableUrl(programId, r.actionableType, r.actionableId),
  details_url: participantUrl(programId, r.participantId),
  created_at: r.createdAt.toISOString(),
  city: r.city,
  country: r.country,
})

/**
 * Actions of members (not staff), newest first, walking participant_actions' (program, [type,]
 * created_at) index backwards and reading each row's participant by primary key. `CROSS JOIN` keeps
 * SQLite from starting at participants (it never reorders a CROSS JOIN), which at a million
 * participants would be a scan.
 */
export function memberActions(scope: ProgramScope, cond?: SQL) {
  return scope.db
    .select(actionColumns)
    .from(participantActions)
    .crossJoin(participants)
    .where(scope.where(participantActions, and(eq(participants.id, participantActions.participantId), eq(participants.staff, false), cond)))
    .orderBy(desc(participantActions.createdAt), desc(participantActions.id))
}

export async function latestActions(scope: ProgramScope): Promise<DashboardAction[]> {
  const rows = await memberActions(scope).limit(LATEST_COUNT)
  return rows.map((r) => toDashboardAction(scope.programId, r))
}
