import type { Challenge } from '../../../../sdk/contract/challenges'

// Whether a challenge is done for the participant (challenge-rules.ts re-exports these).

export type CollectType = 'survey' | 'quiz' | 'profile'

/** A collect challenge's form kind (parameters.collect_type); survey when unset. */
export function collectType(challenge: Pick<Challenge, 'parameters'>): CollectType {
  const kind = challenge.parameters.collect_type
  return kind === 'quiz' || kind === 'profile' ? kind : 'survey'
}

/** Repeatable: repeats daily, weekly or monthly, or may be completed more than once (same rule as the engine). */
export function isRepeatable(challenge: Pick<Challenge, 'parameters'>): boolean {
  const { repeat, max_completions } = challenge.parameters
  if (repeat === 'daily' || repeat === 'weekly' || repeat === 'monthly') return true
  const max = Number(max_completions)
  return Number.isInteger(max) && max > 1
}

type CompletionFields = Pick<
  Challenge,
  | 'challenge_type'
  | 'parameters'
  | 'completed_by_current_participant_on'
  | 'is_repeatable_and_completed'
  | 'participant_answers'
>

/**
 * Whether the participant has completed the challenge (participant-site.md section 4): the completion
 * date is set; repeatable challenges use is_repeatable_and_completed instead; survey and profile forms
 * also need a stored answer, a quiz only the date.
 */
export function isChallengeCompleted(challenge: CompletionFields): boolean {
  if (isRepeatable(challenge)) return challenge.is_repeatable_and_completed
  if (!challenge.completed_by_current_participant_on) return false
  if (challenge.challenge_type === 'collect' && collectType(challenge) !== 'quiz')
    return challenge.participant_answers.length > 0
  return true
}
