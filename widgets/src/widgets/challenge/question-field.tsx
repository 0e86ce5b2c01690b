import type { JSX } from 'preact'
import type { Question } from '../../../../sdk/contract/challenges'
import { Img } from '../../ui/img'
import '../../ui/input.css' // the field classes rendered here (field__input, field__select, field__textarea)
import type { AnswerValue } from './answers'

type QuestionFieldProps = {
  question: Question
  number: number
  value: AnswerValue
  error: string | undefined
  onValue: (value: AnswerValue) => void
  disabled?: boolean
}

/** The id of a question's first focusable input (used to move focus to the first invalid answer). */
export const questionInputId = (q: Pick<Question, 'id'>) => `q${q.id}`

const TEXT_INPUTS: Partial<
  Record<
    Question['answer_type'],
    { type: string; inputMode?: string; autoComplete?: string; placeholder?: string }
  >
> = {
  text: { type: 'text' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' },
  number: { type: 'text', inputMode: 'numeric', placeholder: '0' },
  decimal: { type: 'text', inputMode: 'decimal', placeholder: '0.00' },
  date: { type: 'date' },
  date_time: { type: 'datetime-local' },
  time: { type: 'time' },
}

/** One question of a survey, quiz or profile form: the input its answer_type asks for. */
export function QuestionField({ question: q, number, value, error, onValue, disabled }: QuestionFieldProps) {
  const id = questionInputId(q)
  const hintId = q.additional_details || q.answer_type === 'wysiwyg' ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const title = (
    <>
      <span class="question__number" aria-hidden="true">
        {number}
      </span>
      <span class="question__title">
        {q.title}
        {q.is_required && (
          <span class="question__required">
            <span aria-hidden="true">&nbsp;*</span>
            <span class="visually-hidden"> (required)</span>
          </span>
        )}
      </span>
      {!q.is_required && <span class="question__optional">Optional</span>}
    </>
  )
  const hint = hintId && (
    <p class="question__hint" id={hintId}>
      {q.additional_details || ''}
      {q.answer_type === 'wysiwyg' &&
        `${q.additional_details ? ' ' : ''}Rich text: plain text is fine, line breaks are kept.`}
    </p>
  )
  const errorText = error && (
    <p class="field__error question__error" id={errorId}>
      {error}
    </p>
  )
  const invalid = error ? 'true' : undefined
  const single = typeof value === 'string' ? value : ''
  const multi = Array.isArray(value) ? value : []

  // Choices: radio buttons, yes/no, check boxes and their image variants, grouped under a legend.
  const choiceType = q.answer_type
  if (
    ['radio_button', 'image_radio_button', 'check_box', 'image_check_box', 'boolean'].includes(choiceType)
  ) {
    const multiple = choiceType === 'check_box' || choiceType === 'image_check_box'
    const withImages = choiceType === 'image_radio_button' || choiceType === 'image_check_box'
    const options =
      choiceType === 'boolean'
        ? [
            { id: 'true', details: 'Yes', image: null },
            { id: 'false', details: 'No', image: null },
          ]
        : q.options.map((o) => ({ ...o, id: String(o.id) }))
    return (
      <fieldset
        class={['question', error && 'question--invalid'].filter(Boolean).join(' ')}
        aria-describedby={describedBy}
      >
        <legend class="question__label">{title}</legend>
        {hint}
        {multiple && !/all that apply/i.test(q.additional_details ?? '') && (
          <p class="question__hint">Choose all that apply.</p>
        )}
        <div
          class={['choices', withImages && 'choices--images', choiceType === 'boolean' && 'choices--inline']
            .filter(Boolean)
            .join(' ')}
        >
          {options.map((o, i) => {
            const checked = multiple ? multi.includes(o.id) : single === o.id
            return (
              <label
                key={o.id}
                class={['choice', checked && 'choice--checked', withImages && 'choice--image']
                  .filter(Boolean)
                  .join(' ')}
              >
                <input
                  id={i === 0 ? id : undefined}
                  type={multiple ? 'checkbox' : 'radio'}
                  class="choice__input"
                  name={id}
                  value={o.id}
                  checked={checked}
                  disabled={disabled}
                  aria-invalid={invalid}
                  onChange={(e) => {
                    const on = e.currentTarget.checked
                    if (!multiple) onValue(o.id)
                    else
                      onValue(
                        on ? [...multi.filter((v) => v !== o.id), o.id] : multi.filter((v) => v !== o.id),
                      )
                  }}
                />
                {withImages && o.image && (
                  <span class="choice__media">
                    <Img
                      src={o.image.public_url}
                      alt={o.image.alt_text ?? ''}
                      fallback={<span class="choice__media-empty" />}
                    />
                  </span>
                )}
                <span class="choice__text">{o.details}</span>
              </label>
            )
          })}
        </div>
        {errorText}
      </fieldset>
    )
  }

  let control: JSX.Element
  if (q.answer_type === 'dropdown') {
    control = (
      <select
        id={id}
        class="field__input field__select"
        value={single}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-required={q.is_required ? 'true' : undefined}
        onChange={(e) => onValue(e.currentTarget.value)}
      >
        <option value="">Choose an option</option>
        {q.options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.details}
          </option>
        ))}
      </select>
    )
  } else if (q.answer_type === 'text_area' || q.answer_type === 'wysiwyg') {
    control = (
      <textarea
        id={id}
        class="field__input field__textarea"
        rows={q.answer_type === 'wysiwyg' ? 6 : 4}
        value={single}
        maxLength={5000}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-required={q.is_required ? 'true' : undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
    )
  } else {
    const kind = TEXT_INPUTS[q.answer_type] ?? TEXT_INPUTS.text!
    control = (
      <input
        id={id}
        class={['field__input', kind.type !== 'text' && kind.type !== 'tel' && 'field__input--compact']
          .filter(Boolean)
          .join(' ')}
        type={kind.type as 'text'}
        inputMode={kind.inputMode as 'text' | undefined}
        autoComplete={kind.autoComplete ?? 'off'}
        placeholder={kind.placeholder}
        value={single}
        maxLength={q.answer_type === 'text' ? 5000 : undefined}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-required={q.is_required ? 'true' : undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
    )
  }
  return (
    <div class={['question', error && 'question--invalid'].filter(Boolean).join(' ')}>
      <label class="question__label" for={id}>
        {title}
      </label>
      {hint}
      {control}
      {errorText}
    </div>
  )
}
