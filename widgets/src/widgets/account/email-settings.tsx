import { useState } from 'preact/hooks'
import { TesseraError } from '../../../../sdk/src/errors'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import { useSite } from '../shared/context'
import './account.css'
import '../../ui/input.css' // the field classes rendered here

/** Picks one of the program's e-mail settings; a successful save reloads the page. */
export function EmailSettingsForm() {
  const { program, client, session } = useSite()
  const participant = session.participant.value
  const settings = program.email_settings
  const [choice, setChoice] = useState<number | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const selected = choice ?? participant?.email_setting_id ?? null
  if (!settings.length) return null

  async function save(e: Event) {
    e.preventDefault()
    if (selected === null) {
      setError('Choose one option.')
      return
    }
    setBusy(true)
    try {
      await client.account.updateEmailSettings({
        email_setting_id: selected,
        ...(participant ? { participant_id: participant.id } : {}),
      })
      location.reload()
    } catch (err) {
      const errors =
        err instanceof TesseraError && Array.isArray(err.body.errors) ? (err.body.errors as string[]) : []
      showToast({
        tone: 'error',
        title: 'An error occurred.',
        message: errors.join(', ') || (err instanceof Error ? err.message : undefined),
      })
      setBusy(false)
    }
  }

  return (
    <section class="card email-settings" aria-labelledby="email-title">
      <h2 id="email-title" class="card__title">
        Email settings
      </h2>
      <p class="card__text">Choose how often we write to you.</p>
      <form onSubmit={save} noValidate>
        <fieldset class="settings" aria-describedby={error ? 'email-error' : undefined}>
          <legend class="visually-hidden">Email setting</legend>
          {settings.map((s) => (
            <label
              key={s.id}
              class={['setting', selected === s.id && 'setting--checked'].filter(Boolean).join(' ')}
            >
              <input
                type="radio"
                name="email_setting_id"
                class="setting__input"
                value={s.id}
                checked={selected === s.id}
                disabled={!participant || busy}
                onChange={() => {
                  setChoice(s.id)
                  setError('')
                }}
              />
              <span class="setting__text">{s.description}</span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p class="field__error" id="email-error">
            {error}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          loading={busy}
          disabled={!participant || selected === null || selected === participant.email_setting_id}
        >
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </section>
  )
}
