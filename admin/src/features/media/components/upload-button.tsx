import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { mediaAccept } from '../../../../../sdk/contract/console/media'
import { Button } from '../../../components/ui/button'
import { Icon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import { type Attachment, MediaRequestError, mediaKey, uploadAttachment } from '../api/media'
import { useMediaText } from '../messages'

export const IconUpload = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <polyline points="17 8 12 3 7 8" />
    <line x1="12" x2="12" y1="3" y2="15" />
  </Icon>
)

export const IconImage = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <rect width="18" height="18" x="3" y="3" rx="2" ry="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21" />
  </Icon>
)

type UploadButtonProps = {
  programId: number
  acceptVideo: boolean
  onUploaded?: (attachment: Attachment) => void
  variant?: 'primary' | 'secondary'
  size?: 'sm' | 'md'
  label?: string
}

/**
 * A file picker that uploads into the program's library with its progress; the server checks the
 * bytes and answers its reasons, shown in a toast and under the button.
 */
export function UploadButton({ programId, acceptVideo, onUploaded, variant = 'primary', size = 'md', label }: UploadButtonProps) {
  const mt = useMediaText()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const upload = async (file: File) => {
    setError(null)
    setProgress(0)
    try {
      const attachment = await uploadAttachment(programId, file, { acceptVideo, onProgress: setProgress })
      await queryClient.invalidateQueries({ queryKey: mediaKey(programId) })
      notify.success(mt('success'), mt('uploaded'))
      onUploaded?.(attachment)
    } catch (err) {
      const messages = err instanceof MediaRequestError ? Object.entries(err.errors).map(([field, message]) => `${field} ${message}`) : [String((err as Error).message)]
      setError(messages.join(' '))
      notify.error(mt('error'), messages)
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  const busy = progress !== null
  return (
    <div className="media-upload">
      <Button variant={variant} size={size} disabled={busy} aria-describedby={error ? `${id}-error` : undefined} onClick={() => input.current?.click()}>
        {busy ? <Spinner /> : <IconUpload />}
        {busy ? mt('uploading', { percent: Math.round((progress ?? 0) * 100) }) : (label ?? mt('upload'))}
      </Button>
      <input
        ref={input}
        id={id}
        hidden
        data-testid="media-file-input"
        type="file"
        name="file"
        accept={mediaAccept(acceptVideo)}
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          if (file) void upload(file)
        }}
      />
      {busy && <progress className="media-progress" max={1} value={progress ?? 0} aria-label={mt('uploading', { percent: Math.round((progress ?? 0) * 100) })} />}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
