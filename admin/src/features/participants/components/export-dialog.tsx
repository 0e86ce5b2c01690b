import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { DEFAULT_MODE_RECOMMENDED_BELOW, exportModes, exportTypes } from '../../../../../sdk/contract/console/participants'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Dialog } from '../../../components/ui/dialog'
import { notify } from '../../../components/ui/toast'
import { adminClient } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { programKey } from '../../../lib/query-client'
import { useProfileAttributes } from '../api/participant-detail'
import { downloadParticipantsCsv, type ExportProgress } from '../api/participants-export'

type Mode = (typeof exportModes)[number]
type Type = (typeof exportTypes)[number]

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 1)

/**
 * Export Table (spec sections 2, 5, 7): mode default or detailed (default recommended below 10,000
 * participants), type report or import, the profile attributes to add, then the streamed download with
 * the bytes and rows received so far.
 */
export function ExportDialog({ programId, open, onOpenChange }: { programId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, formatNumber } = useI18n()
  const [mode, setMode] = useState<Mode>('default')
  const [type, setType] = useState<Type>('report')
  const [selected, setSelected] = useState<string[]>([])
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [running, setRunning] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const attributes = useProfileAttributes(programId, open)
  // The program's size decides the recommendation: a one-row page's total.
  const size = useQuery({
    queryKey: programKey(programId, 'participants', 'count'),
    queryFn: async ({ signal }) => (await adminClient().participants.list(programId, { per_page: 10 }, signal)).meta.total,
    enabled: open,
  })
  useEffect(() => {
    if (!open) {
      abort.current?.abort()
      setProgress(null)
    }
  }, [open])

  const start = async () => {
    abort.current = new AbortController()
    setRunning(true)
    setProgress({ bytes: 0, rows: 0 })
    try {
      const done = await downloadParticipantsCsv(programId, { mode, type, selected_attributes: type === 'report' ? selected : [] }, setProgress, abort.current.signal)
      notify.success(t('participants.export.done'), t('participants.export.doneBody', { rows: formatNumber(done.rows) }))
      onOpenChange(false)
    } catch (error) {
      if (!abort.current.signal.aborted) notify.error(t('form.errorTitle'), errorMessage(error, t('error.generic')))
    } finally {
      setRunning(false)
    }
  }

  const recommended = size.data === undefined || size.data < DEFAULT_MODE_RECOMMENDED_BELOW ? 'default' : 'detailed'
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={t('participants.export.title')}
      description={size.data === undefined ? t('participants.export.description') : t('participants.export.descriptionCount', { count: formatNumber(size.data) })}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={start} loading={running}>
            {t('participants.export.start')}
          </Button>
        </>
      }
    >
      <fieldset className="choice-group" disabled={running}>
        <legend className="field-label">{t('participants.export.mode')}</legend>
        {exportModes.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>
              <span className="choice-title">
                {t(m === 'default' ? 'participants.export.modeDefault' : 'participants.export.modeDetailed')}
                {m === recommended && <span className="badge badge-accent">{t('participants.export.recommended')}</span>}
              </span>
              <span className="choice-hint">{t(m === 'default' ? 'participants.export.modeDefaultHint' : 'participants.export.modeDetailedHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group" disabled={running}>
        <legend className="field-label">{t('participants.export.type')}</legend>
        {exportTypes.map((ty) => (
          <label key={ty} className="choice">
            <input type="radio" name="type" value={ty} checked={type === ty} onChange={() => setType(ty)} />
            <span>
              <span className="choice-title">{t(ty === 'report' ? 'participants.export.typeReport' : 'participants.export.typeImport')}</span>
              <span className="choice-hint">{t(ty === 'report' ? 'participants.export.typeReportHint' : 'participants.export.typeImportHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {type === 'report' && (attributes.data?.length ?? 0) > 0 && (
        <fieldset className="choice-group choice-columns" disabled={running}>
          <legend className="field-label">{t('participants.export.attributes')}</legend>
          {attributes.data!.map((a) => {
            const id = `export-attr-${a.attribute_name}`
            return (
              <div key={a.attribute_name} className="field-inline">
                <Checkbox
                  id={id}
                  checked={selected.includes(a.attribute_name)}
                  onCheckedChange={(on) => setSelected((s) => (on === true ? [...s, a.attribute_name] : s.filter((x) => x !== a.attribute_name)))}
                />
                <label className="field-label" htmlFor={id}>
                  {a.display_name}
                </label>
              </div>
            )
          })}
        </fieldset>
      )}
      {progress && (
        <p className="export-progress" role="status" aria-live="polite">
          {t('participants.export.progress', { rows: formatNumber(progress.rows), size: megabytes(progress.bytes) })}
        </p>
      )}
    </Dialog>
  )
}
