import { useEffect, useRef, useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { Button } from '../../ui/button'
import { useTerms } from '../shared/context'
import {
  type AnswerErrors,
  type Answers,
  emptyAnswer,
  errorsFromServer,
  toSubmitQuestions,
  validateAnswers,
} from './answers'
import { collectType } from './challenge-rules'
import { QuestionField, questionInputId } from './question-field'
import type { Submit } from './submit'
import '../../ui/input.css' // the field classes rendered here

/** The survey, quiz or profile form: validated in the browser first, then by the server. */
export function CollectForm({ challenge, submit }: { challenge: Challenge; submit: Submit }) {
  const terms = useTerms()
  const questions = challenge.questions
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(questions.map((q) => [q.id, emptyAnswer(q)])),
  )
  const [errors, setErrors] = useState<AnswerErrors>({})
  const [busy, setBusy] = useState(false)
  // A failed quiz's message ('You scored 0%. You need 60% to pass. Please try again.'), at the form.
  const [quizResult, setQuizResult] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // Focus moves after the render that re-enables the inputs (a disabled input cannot take focus).
  // Looked up in the form, not the document: an embedded widget renders inside a shadow root.
  const [focusTarget, setFocusTarget] = useState<{ id: number } | null>(null)
  useEffect(() => {
    if (focusTarget) form.current?.querySelector<HTMLElement>(`#${questionInputId(focusTarget)}`)?.focus()
  }, [focusTarget])
  const kind = collectType(challenge)
  const errorCount = Object.keys(errors).length

  async function onSubmit(e: Event) {
    e.preventDefault()
    const found = validateAnswers(questions, answers)
    setErrors(found)
    const first = questions.find((q) => found[q.id])
    if (first) {
      setFocusTarget({ id: first.id })
      return
    }
    setBusy(true)
    setQuizResult(null)
    const result = await submit({
      challenge_id: challenge.id,
      questions: toSubmitQuestions(questions, answers),
    })
    setBusy(false)
    if ('quizFailed' in result) {
      setQuizResult(result.quizFailed.message)
    } else if (!result.ok) {
      const server = errorsFromServer(result.error.fields)
      if (Object.keys(server).length) {
        setErrors(server)
        const bad = questions.find((q) => server[q.id])
        if (bad) setFocusTarget({ id: bad.id })
      }
    }
  }

  const submitLabel = kind === 'quiz' ? 'Submit answers' : kind === 'profile' ? 'Save my profile' : 'Submit'
  return (
    <form ref={form} class="collect" noValidate onSubmit={onSubmit} aria-label={challenge.name}>
      <p class="collect__intro">
        {questions.length} {questions.length === 1 ? 'question' : 'questions'}. Questions marked{' '}
        <span aria-hidden="true">*</span>
        <span class="visually-hidden">required</span> need an answer.
      </p>
      {questions.map((q, i) => (
        <QuestionField
          key={q.id}
          question={q}
          number={i + 1}
          value={answers[q.id] ?? emptyAnswer(q)}
          error={errors[q.id]}
          disabled={busy}
          onValue={(value) => {
            setAnswers((prev) => ({ ...prev, [q.id]: value }))
            if (errors[q.id]) setErrors(({ [q.id]: _fixed, ...rest }) => rest)
          }}
        />
      ))}
      <div class="collect__footer">
        {/* Always in the tree, so screen readers announce the text when it appears. */}
        <p class={quizResult ? 'collect__result' : 'visually-hidden'} role="status">
          {quizResult}
        </p>
        {errorCount > 0 && (
          <p class="field__error" role="alert">
            {errorCount === 1
              ? 'One answer needs your attention.'
              : `${errorCount} answers need your attention.`}
          </p>
        )}
        <Button type="submit" size="lg" loading={busy}>
          {busy
            ? 'Submitting...'
            : challenge.points > 0
              ? `${submitLabel} and earn ${challenge.points} ${terms.points}`
              : submitLabel}
        </Button>
      </div>
    </form>
  )
}
