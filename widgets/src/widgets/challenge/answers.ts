import type { AnswerType, Question, SubmitChallengeRequest } from '../../../../sdk/contract/challenges'

/** One answer as the form holds it: check boxes keep a list of option ids, everything else a string. */
export type AnswerValue = string | string[]
export type Answers = Record<number, AnswerValue>
export type AnswerErrors = Record<number, string>

export const MULTI_TYPES: ReadonlySet<AnswerType> = new Set(['check_box', 'image_check_box'])
export const OPTION_TYPES: ReadonlySet<AnswerType> = new Set([
  'dropdown',
  'radio_button',
  'image_radio_button',
  'check_box',
  'image_check_box',
])
const MAX_TEXT = 5000

/** The empty value for a question's input. */
export const emptyAnswer = (q: Pick<Question, 'answer_type'>): AnswerValue =>
  MULTI_TYPES.has(q.answer_type) ? [] : ''

/** Trimmed, non-empty values of an answer (a string answer becomes a list of at most one). */
export function answerValues(value: AnswerValue | undefined): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.map((v) => v.trim()).filter((v) => v !== '')
}

function validDate(v: string) {
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}
function validTime(v: string) {
  const [h = 99, m = 99, s = 0] = v.split(':').map(Number)
  return h < 24 && m < 60 && s < 60
}

// The same format rules the server applies (worker/src/services/answers.ts), with friendlier words.
const FORMAT_CHECKS: Partial<Record<AnswerType, { test: (v: string) => boolean; message: string }>> = {
  number: { test: (v) => /^-?\d{1,15}$/.test(v), message: 'Enter a whole number.' },
  decimal: { test: (v) => /^-?\d{1,15}(\.\d{1,10})?$/.test(v), message: 'Enter a number, like 4.50.' },
  phone: {
    test: (v) => /^\+?[\d\s().-]{6,24}$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, '')),
    message: 'Enter a phone number.',
  },
  date: { test: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(v), message: 'Enter a date.' },
  date_time: {
    test: (v) =>
      /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(v) &&
      validDate(v.slice(0, 10)) &&
      validTime(v.slice(11)),
    message: 'Enter a date and a time.',
  },
  time: { test: (v) => /^\d{2}:\d{2}(:\d{2})?$/.test(v) && validTime(v), message: 'Enter a time.' },
  boolean: { test: (v) => ['true', 'false'].includes(v), message: 'Choose yes or no.' },
}

/**
 * The error for one answer, or null when it is fine: required answers must be given (after trimming),
 * choices must be options of the question, and typed answers must fit their format.
 */
export function validateAnswer(
  q: Pick<Question, 'answer_type' | 'is_required' | 'options'>,
  value: AnswerValue | undefined,
): string | null {
  const values = answerValues(value)
  if (!values.length) {
    if (!q.is_required) return null
    return OPTION_TYPES.has(q.answer_type) || q.answer_type === 'boolean'
      ? 'Please choose an answer.'
      : 'Please answer this question.'
  }
  if (OPTION_TYPES.has(q.answer_type)) {
    if (!MULTI_TYPES.has(q.answer_type) && values.length > 1) return 'Choose one answer.'
    const ids = new Set(q.options.map((o) => String(o.id)))
    return values.every((v) => ids.has(v)) ? null : 'Choose one of the options.'
  }
  const text = values[0]!
  if (text.length > MAX_TEXT) return `Keep it under ${MAX_TEXT.toLocaleString('en-US')} characters.`
  const check = FORMAT_CHECKS[q.answer_type]
  return check && !check.test(text) ? check.message : null
}

/** Errors of every question, keyed by question id; empty when the form can be sent. */
export function validateAnswers(questions: readonly Question[], answers: Answers): AnswerErrors {
  const errors: AnswerErrors = {}
  for (const q of questions) {
    const error = validateAnswer(q, answers[q.id])
    if (error) errors[q.id] = error
  }
  return errors
}

type SubmitQuestions = NonNullable<SubmitChallengeRequest['questions']>

/**
 * The `questions` object of the submit payload: `{ [id]: { id, value, type } }`, values trimmed, check
 * boxes as a list of option ids, unanswered optional questions left out.
 * @example toSubmitQuestions([{ id: 4, answer_type: 'check_box', ... }], { 4: ['11', '12'] })
 * // { '4': { id: 4, value: ['11', '12'], type: 'check_box' } }
 */
export function toSubmitQuestions(
  questions: readonly Pick<Question, 'id' | 'answer_type'>[],
  answers: Answers,
): SubmitQuestions {
  const out: SubmitQuestions = {}
  for (const q of questions) {
    const values = answerValues(answers[q.id])
    if (!values.length) continue
    out[String(q.id)] = {
      id: q.id,
      value: MULTI_TYPES.has(q.answer_type) ? values : values[0]!,
      type: q.answer_type,
    }
  }
  return out
}

/**
 * Server field errors (`{ 'questions[12]': 'is required' }`) as messages by question id; messages for
 * other fields are ignored here (the toast shows the summary).
 */
export function errorsFromServer(fields: Record<string, string> | undefined): AnswerErrors {
  const errors: AnswerErrors = {}
  for (const [key, message] of Object.entries(fields ?? {})) {
    const match = /^questions\[(\d+)\]/.exec(key)
    if (!match) continue
    const text = message.trim()
    errors[Number(match[1])] = text
      ? `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`
      : 'Check this answer.'
  }
  return errors
}

/**
 * Stored answers (participant_answers) shown back to the participant: one line per question, option
 * answers joined in question order.
 */
export function storedAnswerLines(
  questions: readonly Pick<Question, 'id' | 'title'>[],
  stored: readonly { question_id: number; answer: string }[],
): { title: string; answer: string }[] {
  return questions
    .map((q) => ({
      title: q.title,
      answer: stored
        .filter((a) => a.question_id === q.id)
        .map((a) => a.answer)
        .join(', '),
    }))
    .filter((line) => line.answer !== '')
}
