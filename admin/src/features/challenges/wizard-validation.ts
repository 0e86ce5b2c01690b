import {
  type ChallengeFormField,
  challengeFieldLabels,
  type ChallengeFormValues,
  challengeWizardSteps,
  type ChallengeWizardStep,
  stepErrors,
} from '../../../../sdk/contract/console/challenges'

/** One problem the wizard lists: the field, its summary line and the message under the field. */
export type WizardProblem = { field: ChallengeFormField; summary: string; message: string }

type Text = (key: 'invalidField', params: { field: string }) => string

/**
 * What Next shows for a step (spec section 2): each invalid field of the step, as
 * '{field} is invalid or missing' in the summary and its own message under the field.
 */
export function wizardProblems(values: ChallengeFormValues, step: ChallengeWizardStep, text: Text): WizardProblem[] {
  return stepErrors(values, step).map(({ field, message }) => ({ field, message, summary: text('invalidField', { field: challengeFieldLabels[field] }) }))
}

/** Save checks every step: the first step with problems, and its problems (null when all pass). */
export function firstInvalidStep(values: ChallengeFormValues, text: Text): { index: number; problems: WizardProblem[] } | null {
  for (const [index, step] of challengeWizardSteps.entries()) {
    const problems = wizardProblems(values, step.id, text)
    if (problems.length) return { index, problems }
  }
  return null
}

/**
 * A server refusal's field errors (keys such as `price` or `questions.0.options`) as problems of the
 * wizard's top-level fields; messages for no field are left to the toast.
 */
export function serverProblems(errors: Record<string, string> | string[], text: Text): WizardProblem[] {
  if (Array.isArray(errors)) return []
  const out = new Map<ChallengeFormField, WizardProblem>()
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0] as ChallengeFormField
    if (field in challengeFieldLabels && !out.has(field)) out.set(field, { field, message, summary: text('invalidField', { field: challengeFieldLabels[field] }) })
  }
  return [...out.values()]
}

/** The step a field is edited on. */
export const stepOfField = (field: ChallengeFormField) => challengeWizardSteps.findIndex((s) => (s.fields as readonly string[]).includes(field))
