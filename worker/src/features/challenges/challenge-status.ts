import type { challenges } from '../../db/schema'

type ChallengeRow = typeof challenges.$inferSelect
export type EffectiveStatus = 'draft' | 'active' | 'ended' | 'scheduled'

/**
 * engine-rules.md: draft stays draft; otherwise scheduled before `start`, ended at or after `finish`
 * (or when an admin ended it), else active.
 */
export function effectiveStatus(c: Pick<ChallengeRow, 'status' | 'start' | 'finish'>, now: number): EffectiveStatus {
  if (c.status === 'draft') return 'draft'
  if (c.status === 'ended') return 'ended'
  if (c.start && c.start.getTime() > now) return 'scheduled'
  if (c.finish && c.finish.getTime() <= now) return 'ended'
  return 'active'
}

/** Participants see approved, non-draft challenges (and rewards). */
export const isVisible = (c: Pick<ChallengeRow, 'status' | 'approved'>) => c.approved && c.status !== 'draft'

export type RepeatRule = { repeat: 'daily' | 'weekly' | 'monthly' | null; maxCompletions: number | null }

export function repeatRule(parameters: Record<string, unknown>): RepeatRule {
  const repeat = parameters.repeat
  const max = Number(parameters.max_completions)
  return {
    repeat: repeat === 'daily' || repeat === 'weekly' || repeat === 'monthly' ? repeat : null,
    maxCompletions: Number.isInteger(max) && max > 0 ? max : null,
  }
}

export const isRepeatable = (rule: RepeatRule) => rule.repeat !== null || (rule.maxCompletions ?? 1) > 1

/** ISO 8601 week of a UTC date, e.g. 2026-W48. */
function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
  const day = t.getUTCDay() || 7
  t.setUTCDate(t.getUTCDate() + 4 - day)
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/** The period a completion at `now` belongs to; one completion per participant per period. */
export function periodKey(rule: RepeatRule, now: number): string | null {
  const d = new Date(now)
  switch (rule.repeat) {
    case 'daily':
      return d.toISOString().slice(0, 10)
    case 'weekly':
      return isoWeek(d)
    case 'monthly':
      return d.toISOString().slice(0, 7)
    default:
      return rule.maxCompletions && rule.maxCompletions > 1 ? null : 'once'
  }
}
