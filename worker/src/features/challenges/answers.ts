import type { AnswerType } from '../../../../sdk/contract/challenges'
import type { questionOptions, questions } from '../../db/schema'
import { AppError } from '../../lib/errors'

type QuestionRow = typeof questions.$inferSelect
type OptionRow = typeof questionOptions.$inferSelect
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] }

/** One validated answer: the text stored, and the chosen options for option types. */
export type ValidAnswer = { question: QuestionWithOptions; values: string[]; optionIds: number[] }

const OPTION_TYPES = new Set<AnswerType>(['dropdown', 'radio_button', 'image_radio_button', 'check_box', 'image_check_box'])
const MULTI_TYPES = new Set<AnswerType>(['check_box', 'image_check_box'])
const MAX_TEXT = 5000

const checks: Partial<Record<AnswerType, { test: (v: string) => boolean; message: string }>> = {
  number: { test: (v) => /^-?\d{1,15}$/.test(v), message: 'must be a whole number' },
  decimal: { test: (v) => /^-?\d{1,15}(\.\d{1,10})?$/.test(v), message: 'must be a number' },
  phone: { test: (v) => /^\+?[\d\s().-]{6,24}$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, '')), message: 'must be a phone number' },
  date: { test: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(v), message: 'must be a date (YYYY-MM-DD)' },
  date_time: {
    test: (v) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(v) && validDate(v.slice(0, 10)) && validTime(v.slice(11)),
    message: 'must be a date and time (YYYY-MM-DDTHH:MM)',
  },
  time: { test: (v) => /^\d{2}:\d{2}(:\d{2})?$/.test(v) && validTime(v), message: 'must be a time (HH:MM)' },
  boolean: { test: (v) => ['true', 'false', 'yes', 'no', '1', '0'].includes(v.toLowerCase()), message: 'must be yes or no' },
}

function validDate(v: string) {
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}
function validTime(v: string) {
  const [h = 99, m = 99, s = 0] = v.split(':').map(Number)
  return h < 24 && m < 60 && s < 60
}

const field = (q: { id: number }) => `questions[${q.id}]`

/**
 * Validates a collect challenge's answers server-side (engine-rules.md): every submitted question
 * belongs to the challenge, required ones are answered, values are trimmed and fit their answer type,
 * and chosen options belong to the question. Throws one 422 naming every bad question.
 */
export function validateAnswers(
  questionList: QuestionWithOptions[],
  submitted: Record<string, { id?: string | number | undefined; value?: string | string[] | undefined }> | undefined,
): ValidAnswer[] {
  const fields: Record<string, string> = {}
  const byId = new Map(questionList.map((q) => [q.id, q]))
  for (const key of Object.keys(submitted ?? {})) {
    const id = Number(submitted?.[key]?.id ?? key)
    if (!byId.has(id)) fields[`questions[${key}]`] = 'is not a question of this challenge'
  }
  const answers: ValidAnswer[] = []
  for (const q of questionList) {
    const entry = submitted?.[String(q.id)]
    const raw = entry?.value
    const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) => String(v).trim()).filter((v) => v !== '')
    if (!values.length) {
      if (q.isRequired) fields[field(q)] = 'is required'
      continue
    }
    const type = q.answerType
    if (OPTION_TYPES.has(type)) {
      if (!MULTI_TYPES.has(type) && values.length > 1) {
        fields[field(q)] = 'takes one choice'
        continue
      }
      if (new Set(values).size !== values.length) {
        fields[field(q)] = 'has the same choice twice'
        continue
      }
      const optionIds: number[] = []
      for (const v of values) {
        const option = q.options.find((o) => String(o.id) === v)
        if (!option) {
          fields[field(q)] = `choice "${v.slice(0, 40)}" is not an option of this question`
          break
        }
        optionIds.push(option.id)
      }
      if (fields[field(q)]) continue
      answers.push({ question: q, values: optionIds.map((id) => q.options.find((o) => o.id === id)!.details), optionIds })
      continue
    }
    if (values.length > 1) {
      fields[field(q)] = 'takes one value'
      continue
    }
    const value = values[0]!
    if (value.length > MAX_TEXT) {
      fields[field(q)] = `must be at most ${MAX_TEXT} characters`
      continue
    }
    const check = checks[type]
    if (check && !check.test(value)) {
      fields[field(q)] = check.message
      continue
    }
    answers.push({ question: q, values: [type === 'wysiwyg' ? stripTags(value) : value], optionIds: [] })
  }
  if (Object.keys(fields).length) {
    const summary = Object.entries(fields)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')
    throw new AppError('answers_invalid', 422, summary, fields)
  }
  return answers
}

/** Rich text is stored as text: tags removed, entities kept. */
function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
}

/**
 * Quiz score in percent: a question with correct options counts when the chosen set equals the
 * correct set. Questions without a correct option are not graded.
 */
export function gradeQuiz(questionList: QuestionWithOptions[], answers: ValidAnswer[]): number {
  const graded = questionList.filter((q) => q.options.some((o) => o.correct))
  if (!graded.length) return 100
  let right = 0
  for (const q of graded) {
    const chosen = new Set(answers.find((a) => a.question.id === q.id)?.optionIds ?? [])
    const correct = q.options.filter((o) => o.correct).map((o) => o.id)
    if (chosen.size === correct.length && correct.every((id) => chosen.has(id))) right++
  }
  return Math.round((right / graded.length) * 100)
}
