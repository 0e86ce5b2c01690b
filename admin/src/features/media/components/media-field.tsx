import { type Ref, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { cx } from '../../../lib/cx'
import { useMediaText } from '../messages'
import { MediaPicker } from './media-picker'
import { RetryImage } from './retry-image'
import { IconImage } from './upload-button'

export type MediaFieldProps = {
  programId: number
  label: string
  /** The chosen file's public path (root-relative, e.g. /media/12/3f9c….png), or null. */
  value: string | null
  onChange: (url: string | null) => void
  /** 'image' (default): PNG and JPEG only; 'image-or-video' adds MP4, QuickTime, WebM and Ogg. */
  accept?: 'image' | 'image-or-video'
  required?: boolean
  error?: string
  description?: string
  /** The choose/change button, the field's focus target (react-hook-form's field.ref, so setFocus reaches it). */
  buttonRef?: Ref<HTMLButtonElement>
}

const VIDEO_PATH = /\.(mp4|mov|webm|ogv)(?:[?#].*)?$/i

/**
 * A controlled image field (works with react-hook-form's Controller): the current file, a button that
 * opens the program's media library to pick a file or upload a new one into it, and a clear button.
 * The value is the file's public path, which the site and the widgets serve as media.
 */
export function MediaField({ programId, label, value, onChange, accept = 'image', required, error, description, buttonRef }: MediaFieldProps) {
  const mt = useMediaText()
  const id = useId()
  const [open, setOpen] = useState(false)
  const labelId = `${id}-label`
  const hintId = description ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined

  return (
    <div className={cx('field', 'media-field', error && 'field-invalid')} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <span className="field-label" id={labelId}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <div className="media-field-body">
        <div className="media-field-preview">
          {value ? (
            VIDEO_PATH.test(value) ? (
              <video src={value} muted preload="metadata" aria-label={label} />
            ) : (
              <RetryImage src={value} alt={label} />
            )
          ) : (
            <span className="media-field-empty">
              <IconImage size={20} />
              <span>{mt('noImage')}</span>
            </span>
          )}
        </div>
        <div className="media-field-actions">
          {value && (
            <span className="media-field-path" title={value}>
              {value}
            </span>
          )}
          <div className="media-field-buttons">
            <Button
              ref={buttonRef}
              variant="secondary"
              size="sm"
              onClick={() => setOpen(true)}
              aria-haspopup="dialog"
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
            >
              {value ? mt('change') : mt('choose')}
            </Button>
            {value && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                {mt('clear')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : (
        description && (
          <p className="field-hint" id={hintId}>
            {description}
          </p>
        )
      )}
      <MediaPicker programId={programId} open={open} onOpenChange={setOpen} title={`${mt('pickTitle')}: ${label}`} accept={accept} selected={value} onPick={(a) => onChange(a.public_url)} />
    </div>
  )
}
