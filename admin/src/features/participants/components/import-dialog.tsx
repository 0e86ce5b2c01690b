import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importStrategies, participantImportOptionsSchema } from '../../../../../sdk/contract/console/participants'
import { ValidationError } from '../../../../../sdk/src/errors'
import { Button, buttonClass } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Form, InputField, SelectField } from '../../../components/ui/form'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { importTemplateUrl, uploadImport } from '../api/participants-import'
import { ImportProgress } from './import-progress'

type Field = keyof typeof importStrategies
const FIELDS: Field[] = ['email', 'points', 'tags', 'naming', 'metric']
const FIELD_LABELS: Record<Field, MessageKey> = {
  email: 'participants.import.email',
  points: 'participants.import.points',
  tags: 'participants.import.tags',
  naming: 'participants.import.naming',
  metric: 'participants.import.metric',
}
const CHOICE_LABELS: Record<string, MessageKey> = {
  'email.replace': 'participants.import.email.replace',
  'email.ignore': 'participants.import.email.ignore',
  'points.replace': 'participants.import.points.replace',
  'points.add': 'participants.import.points.add',
  'points.ignore': 'participants.import.points.ignore',
  'tags.replace': 'participants.import.tags.replace',
  'tags.add': 'participants.import.tags.add',
  'tags.ignore': 'participants.import.tags.ignore',
  'naming.replace': 'participants.import.naming.replace',
  'naming.ignore': 'participants.import.naming.ignore',
  'metric.replace': 'participants.import.metric.replace',
  'metric.ignore': 'participants.import.metric.ignore',
}

// The contract's strategies, defaults replace, replace, replace, replace, ignore (spec section 5), and
// the file, checked here for size only: the server reads its bytes.
const schema = participantImportOptionsSchema.extend({
  csv_file: z
    .custom<FileList>((v) => typeof v === 'object' && v !== null && (v as FileList).length === 1 && (v as FileList)[0] instanceof Blob, 'Please choose a CSV file')
    .refine((files) => files[0]!.size <= IMPORT_MAX_BYTES, 'The file must be at most 5 MB'),
})
type Values = z.input<typeof schema>

/**
 * Import User Data (spec sections 2, 5, 7): the CSV and the five choices, the template to start from,
 * then the import's progress and its report of failed lines.
 */
export function ImportDialog({ programId, open, onOpenChange }: { programId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, formatNumber } = useI18n()
  const queryClient = useQueryClient()
  const [jobId, setJobId] = useState<number | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: participantImportOptionsSchema.parse({}) })

  const close = (next: boolean) => {
    if (!next) {
      setJobId(null)
      form.reset()
    }
    onOpenChange(next)
  }
  const submit = async (values: Values) => {
    const { csv_file, ...options } = values
    try {
      const job = await uploadImport(programId, csv_file[0]!, participantImportOptionsSchema.parse(options))
      setJobId(job.data.id)
      notify.success(t('participants.import.started'), t('participants.import.startedBody', { rows: formatNumber(job.data.total_rows) }))
    } catch (error) {
      const fields = error instanceof ValidationError ? error.fields : undefined
      for (const [name, message] of Object.entries(fields ?? {})) form.setError(name as keyof Values, { type: 'server', message })
      notify.error(t('form.errorTitle'), errorMessage(error, t('error.generic')))
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={t('participants.import.title')}
      description={t('participants.import.description', { size: IMPORT_MAX_BYTES / 1024 / 1024, rows: formatNumber(IMPORT_MAX_ROWS) })}
      actions={
        jobId === null ? (
          <>
            <a className={buttonClass({ variant: 'ghost' })} href={importTemplateUrl(programId)} download>
              {t('participants.import.template')}
            </a>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="participants-import" loading={form.formState.isSubmitting}>
              {t('participants.import.start')}
            </Button>
          </>
        ) : (
          <Button
            onClick={() => {
              void invalidateProgram(queryClient, programId, 'participants')
              close(false)
            }}
          >
            {t('participants.import.close')}
          </Button>
        )
      }
    >
      {jobId === null ? (
        <Form form={form} onSubmit={submit} id="participants-import" className="form import-form">
          <InputField name="csv_file" label={t('participants.import.file')} type="file" accept=".csv,text/csv" hint={t('participants.import.fileHint')} />
          <div className="import-strategies">
            {FIELDS.map((field) => (
              <SelectField
                key={field}
                name={field}
                label={t(FIELD_LABELS[field])}
                options={importStrategies[field].map((value) => ({ value, label: t(CHOICE_LABELS[`${field}.${value}`]!) }))}
              />
            ))}
          </div>
        </Form>
      ) : (
        <ImportProgress programId={programId} jobId={jobId} />
      )}
    </Dialog>
  )
}
