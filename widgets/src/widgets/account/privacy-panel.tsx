import { useState } from 'preact/hooks'
import { ACCOUNT_DELETED_MESSAGE, ACCOUNT_DELETION_NOTICE, DATA_EXPORT_NOTICE } from '../../../../sdk/contract/privacy-texts'
import { TesseraError } from '../../../../sdk/src/errors'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/input'
import { showToast } from '../../ui/toast'
import { useSite } from '../shared/context'
import './account.css'
import '../../ui/input.css' // the field classes rendered here

type Action = 'export' | 'delete'

/** What a step said to the participant: the code's message, a field error, or the request's failure. */
type Step = { action: Action; message: string } | null

const LABEL: Record<Action, string> = { export: 'Download my data', delete: 'Delete my account' }

/** The failure's own words (the server names the field, e.g. a wrong code), else a general one. */
const failure = (err: unknown) =>
  err instanceof TesseraError ? (err.fields?.code ?? err.message) : 'Something went wrong. Please try again.'

/** Saves the export as a JSON file named after the program and the date. */
function save(data: unknown, programKey: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${programKey}-my-data-${new Date().toISOString().slice(0, 10)}.json`,
  })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * My account > Your data (issue 28, docs/privacy.md): "Download my data" and "Delete my account", each
 * confirmed with a code mailed to the participant (a sensitive action asks for a fresh proof). The
 * file is everything the program holds about them; deletion erases what identifies them, signs them
 * out everywhere and keeps their points in the program's books without their name.
 */
export function PrivacyPanel() {
  const { client, program } = useSite()
  const [step, setStep] = useState<Step>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<Action | 'code' | null>(null)

  async function ask(action: Action) {
    setBusy('code')
    setError('')
    try {
      const sent = await client.account.requestPrivacyCode(action)
      setStep({ action, message: sent.message })
      setCode('')
    } catch (err) {
      showToast({ tone: 'error', title: 'We could not send a code.', message: failure(err) })
    } finally {
      setBusy(null)
    }
  }

  async function confirm(e: Event) {
    e.preventDefault()
    if (!step) return
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from the e-mail.')
      return
    }
    setBusy(step.action)
    setError('')
    try {
      if (step.action === 'export') {
        save(await client.account.downloadData(code.trim()), program.public_key)
        setStep(null)
        showToast({ tone: 'success', title: 'Your data is downloading.', message: 'Look for the JSON file in your downloads.' })
      } else {
        const done = await client.account.deleteAccount(code.trim())
        // Signed out everywhere: a fresh page, with the farewell as the flash message.
        location.assign(`/?flash=${encodeURIComponent(`success:${done.message || ACCOUNT_DELETED_MESSAGE}`)}`)
        return
      }
    } catch (err) {
      setError(failure(err))
    }
    setBusy(null)
  }

  return (
    <section class="card privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title" class="card__title">
        Your data
      </h2>
      {step ? (
        <form class="privacy__confirm" onSubmit={confirm} noValidate>
          <p class="card__text" role="status">
            {step.message}
          </p>
          <TextField
            label="Code from the e-mail"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={error}
            onValue={setCode}
          />
          <div class="privacy__actions">
            <Button type="submit" variant={step.action === 'delete' ? 'outline' : 'primary'} class={step.action === 'delete' ? 'privacy__danger' : undefined} loading={busy === step.action}>
              {LABEL[step.action]}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setStep(null)} disabled={busy !== null}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div class="privacy__choices">
          <div class="privacy__choice">
            <p class="card__text">{DATA_EXPORT_NOTICE}</p>
            <Button type="button" variant="secondary" onClick={() => void ask('export')} loading={busy === 'code'} disabled={busy !== null}>
              {LABEL.export}
            </Button>
          </div>
          <div class="privacy__choice">
            <p class="card__text">{ACCOUNT_DELETION_NOTICE}</p>
            <Button type="button" variant="outline" class="privacy__danger" onClick={() => void ask('delete')} disabled={busy !== null}>
              {LABEL.delete}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
