import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { TesseraError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { invalidateProgram } from '../../../lib/query-client'
import { importFeedPosts } from '../api'
import { useFeedText } from '../messages'
import { readFeedFile } from './read-feed-file'

type Props = { programId: number; open: boolean; onOpenChange: (open: boolean) => void }

/** The error JSON of a refused import, for the failure toast ('Error importing posts'). */
function errorJson(error: unknown): string {
  if (error instanceof TesseraError && error.body && typeof error.body === 'object') {
    const body = error.body as { errors?: unknown }
    return JSON.stringify(body.errors ?? body)
  }
  return errorMessage(error, '')
}

/**
 * The upload-JSON dialog (spec sections 2, 5 and 8): only a JSON file, else 'Please select a valid
 * JSON file'; none chosen, 'Please select a JSON file first'; unparseable, 'Error processing the JSON
 * file. Please check the format.'. Sent, the posts are imported in the background: 'Post are being
 * imported!'; refused, 'Error importing posts' with the error JSON.
 */
export function FeedUploadDialog({ programId, open, onOpenChange }: Props) {
  const ft = useFeedText()
  const queryClient = useQueryClient()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<'noFile' | 'invalidFile' | 'badJson' | null>(null)
  const [busy, setBusy] = useState(false)

  const close = (next: boolean) => {
    if (!next) setProblem(null)
    onOpenChange(next)
  }
  const onChoose = () => {
    const file = input.current?.files?.[0]
    setProblem(file && file.type !== 'application/json' ? 'invalidFile' : null)
  }
  const submit = async () => {
    const check = await readFeedFile(input.current?.files?.[0])
    if (!check.ok) {
      setProblem(check.problem)
      return
    }
    setProblem(null)
    setBusy(true)
    try {
      const result = await importFeedPosts(programId, check.posts)
      notify.success(result.message || ft('importing'))
      close(false)
      // The chunks land within moments: the list reads them again.
      setTimeout(() => void invalidateProgram(queryClient, programId, 'dynamic_feed_posts'), 1500)
    } catch (error) {
      notify.error(ft('importFailed'), errorJson(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={ft('dialogTitle')}
      description={ft('dialogBody')}
      size="md"
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {ft('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {ft('import')}
          </Button>
        </>
      }
    >
      <div className={`field ${problem ? 'field-invalid' : ''}`}>
        <label className="field-label" htmlFor={inputId}>
          {ft('fileLabel')}
        </label>
        <input
          ref={input}
          id={inputId}
          className="input"
          type="file"
          accept="application/json,.json"
          onChange={onChoose}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${inputId}-error` : undefined}
        />
        {problem && (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {ft(problem)}
          </p>
        )}
      </div>
    </Dialog>
  )
}
