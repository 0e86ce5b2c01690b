import { describe, expect, it } from 'vitest'
import type { AnswerType } from '../../../../sdk/contract/challenges'
import {
  answerValues,
  emptyAnswer,
  errorsFromServer,
  storedAnswerLines,
  toSubmitQuestions,
  validateAnswer,
  validateAnswers,
} from './answers'
import { option, question } from './test-fixtures'

const q = (answer_type: AnswerType, extra = {}) => question({ answer_type, ...extra })

describe('validateAnswer', () => {
  it('requires required answers after trimming', () => {
    expect(validateAnswer(q('text'), '   ')).toBe('Please answer this question.')
    expect(validateAnswer(q('text'), ' ok ')).toBeNull()
    expect(validateAnswer(q('text', { is_required: false }), '')).toBeNull()
    expect(validateAnswer(q('radio_button', { options: [option(1)] }), '')).toBe('Please choose an answer.')
    expect(validateAnswer(q('check_box', { options: [option(1)] }), [])).toBe('Please choose an answer.')
  })
  it('checks formats like the server', () => {
    expect(validateAnswer(q('number'), '12')).toBeNull()
    expect(validateAnswer(q('number'), '12.5')).toBe('Enter a whole number.')
    expect(validateAnswer(q('decimal'), '4.50')).toBeNull()
    expect(validateAnswer(q('decimal'), '4,50')).toBe('Enter a number, like 4.50.')
    expect(validateAnswer(q('phone'), '(415) 555-0123')).toBeNull()
    expect(validateAnswer(q('phone'), 'call me')).toBe('Enter a phone number.')
    expect(validateAnswer(q('date'), '1990-05-17')).toBeNull()
    expect(validateAnswer(q('date'), '1990-02-30')).toBe('Enter a date.')
    expect(validateAnswer(q('date_time'), '2026-12-05T10:30')).toBeNull()
    expect(validateAnswer(q('date_time'), '2026-12-05T25:30')).toBe('Enter a date and a time.')
    expect(validateAnswer(q('time'), '07:30')).toBeNull()
    expect(validateAnswer(q('time'), '7pm')).toBe('Enter a time.')
    expect(validateAnswer(q('boolean'), 'true')).toBeNull()
    expect(validateAnswer(q('boolean'), 'maybe')).toBe('Choose yes or no.')
    expect(validateAnswer(q('text_area'), 'x'.repeat(5001))).toBe('Keep it under 5,000 characters.')
  })
  it('accepts only options of the question, one for single-choice types', () => {
    const radio = q('radio_button', { options: [option(4), option(5)] })
    expect(validateAnswer(radio, '4')).toBeNull()
    expect(validateAnswer(radio, '9')).toBe('Choose one of the options.')
    expect(validateAnswer(radio, ['4', '5'])).toBe('Choose one answer.')
    const boxes = q('image_check_box', { options: [option(4), option(5)] })
    expect(validateAnswer(boxes, ['4', '5'])).toBeNull()
  })
  it('collects errors by question id', () => {
    const questions = [q('text', { id: 1 }), q('number', { id: 2 }), q('text', { id: 3, is_required: false })]
    expect(validateAnswers(questions, { 1: '', 2: 'x', 3: '' })).toEqual({
      1: 'Please answer this question.',
      2: 'Enter a whole number.',
    })
    expect(validateAnswers(questions, { 1: 'a', 2: '3' })).toEqual({})
  })
})

describe('toSubmitQuestions', () => {
  it('builds { [id]: { id, value, type } } with trimmed values and check boxes as lists', () => {
    const questions = [
      q('text', { id: 11 }),
      q('check_box', { id: 12, options: [option(41), option(42), option(43)] }),
      q('dropdown', { id: 13, options: [option(51)] }),
      q('phone', { id: 14, is_required: false }),
      q('image_check_box', { id: 15, options: [option(61)] }),
    ]
    expect(
      toSubmitQuestions(questions, {
        11: '  Oat latte ',
        12: ['41', ' 43 ', ''],
        13: '51',
        14: '   ',
        15: ['61'],
      }),
    ).toEqual({
      '11': { id: 11, value: 'Oat latte', type: 'text' },
      '12': { id: 12, value: ['41', '43'], type: 'check_box' },
      '13': { id: 13, value: '51', type: 'dropdown' },
      '15': { id: 15, value: ['61'], type: 'image_check_box' },
    })
  })
  it('starts check boxes empty and other inputs blank', () => {
    expect(emptyAnswer({ answer_type: 'check_box' })).toEqual([])
    expect(emptyAnswer({ answer_type: 'date' })).toBe('')
    expect(answerValues(undefined)).toEqual([])
  })
})

describe('server field errors', () => {
  it('maps questions[ID] fields to question ids as sentences', () => {
    expect(
      errorsFromServer({
        'questions[12]': 'is required',
        'questions[13]': 'must be a whole number',
        challenge_id: 'not found',
        questions: 'answer at least one question',
      }),
    ).toEqual({
      12: 'Is required.',
      13: 'Must be a whole number.',
    })
    expect(errorsFromServer(undefined)).toEqual({})
  })
  it('lists stored answers per question', () => {
    const questions = [
      question({ id: 1, title: 'City' }),
      question({ id: 2, title: 'About you' }),
      question({ id: 3, title: 'Skipped' }),
    ]
    const stored = [
      { question_id: 2, answer: 'Student' },
      { question_id: 1, answer: 'Austin' },
      { question_id: 2, answer: 'Runner' },
    ]
    expect(storedAnswerLines(questions, stored)).toEqual([
      { title: 'City', answer: 'Austin' },
      { title: 'About you', answer: 'Student, Runner' },
    ])
  })
})
