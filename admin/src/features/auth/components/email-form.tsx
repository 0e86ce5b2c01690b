import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { adminAuthStartRequestSchema } from '../../../../../sdk/contract/auth'
import { ValidationError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { useI18n } from '../../../lib/i18n'

/** Both e-mail steps (code start and link sign-in) share this contract shape. */
type EmailSchema = typeof adminAuthStartRequestSchema

type EmailFormProps = {
  schema?: EmailSchema
  submitLabel: string
  defaultEmail?: string
  /** Called with the normalised e-mail; a thrown error other than a field error goes to onError. */
  onSubmit: (email: string) => Promise<void>
  onError: (error: unknown) => void
}

export function EmailForm({
  schema = adminAuthStartRequestSchema,
  submitLabel,
  defaultEmail = '',
  onSubmit,
  onError,
}: EmailFormProps) {
  const { t, tm } = useI18n()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: defaultEmail } })

  const submit = handleSubmit(async ({ email }) => {
    try {
      await onSubmit(email)
    } catch (error) {
      const fieldError = error instanceof ValidationError ? error.fields?.email : undefined
      if (fieldError) setError('email', { message: fieldError }, { shouldFocus: true })
      else onError(error)
    }
  })

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormField label={t('auth.emailLabel')} error={tm(errors.email?.message)}>
        {(control) => (
          <Input
            {...control}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('auth.emailPlaceholder')}
            autoFocus
          />
        )}
      </FormField>
      <Button type="submit" size="lg" block loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  )
}
