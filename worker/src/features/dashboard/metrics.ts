import { and, eq, gte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { challengeCompletions, participantActions, participants } from '../../db/schema'
import { programScope } from '../../db/scope'

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000

/** Dashboard metric cards: totals and the last thirty days (engine-rules.md, Dashboard metrics). */
export async function programPerformanceMetrics(db: Db, programId: number, now: number) {
  const scope = programScope(db, programId)
  const since = new Date(now - THIRTY_DAYS_MS)
  const active = and(eq(participants.status, 'active'), eq(participants.staff, false))
  const [activeTotal, activeRecent, completedTotal, completedRecent, actionsTotal, actionsRecent] = await Promise.all([
    scope.count(participants, active),
    scope.count(participants, and(active, gte(participants.createdAt, since))),
    scope.count(challengeCompletions),
    scope.count(challengeCompletions, gte(challengeCompletions.createdAt, since)),
    scope.count(participantActions),
    scope.count(participantActions, gte(participantActions.createdAt, since)),
  ])
  return {
    active_participants: { total: activeTotal, recent: activeRecent },
    completed_challenges: { total: completedTotal, recent: completedRecent },
    program_visits: { total: 0, recent: 0 },
    participant_actions: { total: actionsTotal, recent: actionsRecent },
  }
}

