import { describe, expect, it } from 'vitest'
import { type ChallengeFormValues, emptyChallengeForm } from '../../../../sdk/contract/console/challenges'
import { challengeText } from './messages'
import { firstInvalidStep, serverProblems, stepOfField, wizardProblems } from './wizard-validation'

const text = (key: 'invalidField', params: { field: string }) => challengeText('en', key, params)
const quiz = (over: Partial<ChallengeFormValues> = {}): ChallengeFormValues => ({
  ...emptyChallengeForm,
  name: 'Roast quiz',
  status: 'active',
  points: 10,
  collect_type: 'quiz',
  pass_score: 50,
  questions: [
    {
      title: 'Darker?',
      additional_details: '',
      answer_type: 'radio_button',
      is_required: true,
      profile_attribute: '',
      options: [
        { details: 'French', image_url: '', image_alt_text: '', correct: true },
        { details: 'Cinnamon', image_url: '', image_alt_text: '', correct: false },
      ],
    },
  ],
  ...over,
})

describe('challenge wizard step validation', () => {
  it("lists only the step's own invalid fields, as '{field} is invalid or missing'", () => {
    const values = quiz({ name: '', questions: [] })
    expect(wizardProblems(values, 'basics', text)).toEqual([{ field: 'name', message: 'Name is required', summary: 'Name is invalid or missing' }])
    expect(wizardProblems(values, 'details', text).map((p) => p.summary)).toEqual(['Questions is invalid or missing'])
    expect(wizardProblems(values, 'settings', text)).toEqual([])
  })

  it('passes a step once it is fixed', () => {
    expect(wizardProblems(quiz(), 'basics', text)).toEqual([])
    expect(wizardProblems(quiz(), 'details', text)).toEqual([])
  })

  it("checks each type's fields on the details step", () => {
    const noCorrect = quiz()
    noCorrect.questions[0]!.options[0]!.correct = false
    expect(wizardProblems(noCorrect, 'details', text)).toEqual([{ field: 'questions', message: 'Mark the correct option of at least one question', summary: 'Questions is invalid or missing' }])
    expect(wizardProblems(quiz({ pass_score: null }), 'details', text).map((p) => p.field)).toEqual(['pass_score'])
    expect(wizardProblems({ ...emptyChallengeForm, name: 'M', challenge_type: 'membership', price: 0 }, 'details', text).map((p) => p.message)).toEqual(['Price must be greater than 0'])
    expect(wizardProblems({ ...emptyChallengeForm, name: 'V', challenge_type: 'video' }, 'details', text).map((p) => p.field)).toEqual(['video_url', 'duration'])
    expect(wizardProblems({ ...emptyChallengeForm, name: 'S', challenge_type: 'unified_social' }, 'details', text)).toEqual([{ field: 'posts', message: 'Add at least one post', summary: 'Posts is invalid or missing' }])
  })

  it('reports a date order problem on the settings step', () => {
    const values = quiz({ start: '2026-05-02T00:00:00.000Z', finish: '2026-05-01T00:00:00.000Z' })
    expect(wizardProblems(values, 'settings', text)).toEqual([{ field: 'finish', message: 'Finish must be after start', summary: 'Finish is invalid or missing' }])
  })

  it('finds the first step with problems on save, and maps server errors to fields', () => {
    expect(firstInvalidStep(quiz(), text)).toBeNull()
    expect(firstInvalidStep(quiz({ pass_score: null }), text)?.index).toBe(1)
    expect(serverProblems({ 'questions.0.options': 'bad', price: 'Price must be greater than 0' }, text).map((p) => p.summary)).toEqual(['Questions is invalid or missing', 'Price is invalid or missing'])
    expect(serverProblems(['No changes detected'], text)).toEqual([])
    expect(stepOfField('finish')).toBe(2)
  })

  it('speaks Spanish too', () => {
    expect(wizardProblems(quiz({ name: '' }), 'basics', (k, p) => challengeText('es', k, p))[0]!.summary).toBe('Name no es válido o falta')
  })
})
