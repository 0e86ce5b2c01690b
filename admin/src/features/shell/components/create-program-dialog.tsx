import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { TesseraError, ValidationError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Form, FormErrors, InputField, SERVER_ERROR } from '../../../components/ui/form'
import { IconLayers } from '../../../components/ui/icons'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { storeProgram } from '../../../lib/programs'
import { invalidateOrganization } from '../../../lib/query-client'
import { refreshBootstrap } from '../../../lib/use-bootstrap'
import { createProgram, type NewProgram, newProgramSchema } from '../api/create-program'

type CreateProgramDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

const messagesOf = (errors: string[] | Record<string, string>) => (Array.isArray(errors) ? errors : Object.values(errors))

/**
 * Creates a program (organization managers) and switches to it: the bootstrap is refetched so the
 * new program is in the switcher and the router's checks before the console navigates to it.
 */
export function CreateProgramDialog({ open, onOpenChange }: CreateProgramDialogProps) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<NewProgram>({ resolver: zodResolver(newProgramSchema), defaultValues: { name: '' } })

  const submit = async (values: NewProgram) => {
    try {
      const result = await createProgram(values)
      if (!result.success) {
        const messages = messagesOf(result.errors)
        form.setError(SERVER_ERROR as 'root', { message: messages.join('\n') })
        notify.error(t('form.errorTitle'), messages)
        return
      }
      await refreshBootstrap(queryClient)
      void invalidateOrganization(queryClient, 'programs')
      storeProgram(result.data.id)
      onOpenChange(false)
      form.reset()
      notify.success(t('form.successTitle'), t('form.created', { model: t('shell.programModel') }))
      await navigate({ to: '/programs/$programId', params: { programId: result.data.id } })
    } catch (error) {
      const nameError = error instanceof ValidationError ? error.fields?.name : undefined
      if (nameError) form.setError('name', { message: nameError }, { shouldFocus: true })
      const messages = error instanceof TesseraError && Array.isArray(error.body.errors) ? (error.body.errors as string[]) : undefined
      notify.error(t('form.errorTitle'), nameError ?? messages ?? errorMessage(error, t('error.generic')))
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset()
        onOpenChange(next)
      }}
      icon={<IconLayers size={20} />}
      title={t('shell.createProgram')}
      description={t('shell.createProgramBody')}
    >
      <Form form={form} onSubmit={submit} className="form dialog-form" id="create-program">
        <InputField name="name" label={t('shell.programName')} autoComplete="off" autoFocus maxLength={60} />
        <FormErrors />
        <div className="form-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('shell.createProgram')}
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
