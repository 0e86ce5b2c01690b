import { useState } from 'react'
import { useI18n } from '../../lib/i18n'
import { Button } from './button'
import { Dialog } from './dialog'

type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  confirmLabel?: string
  cancelLabel?: string
  tone?: 'default' | 'danger'
  /** May return a promise: the dialog shows progress and closes once it settles without throwing. */
  onConfirm: () => void | Promise<void>
}

/**
 * Asks before an action that can't be undone (delete participant, reset activities).
 * @example <ConfirmDialog open={open} onOpenChange={setOpen} tone="danger" title="Delete participant?" onConfirm={remove} />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={busy ? undefined : onOpenChange}
      title={title}
      description={description}
      tone={tone}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    />
  )
}
