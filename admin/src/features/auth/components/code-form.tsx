import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { adminAuthVerifyRequestSchema } from '../../../../../sdk/contract/auth'
import { RateLimitError } from '../../../../../sdk/src/errors'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { verifyCode } from '../api/auth'

type CodeFormProps = { browserToken: string }

/** Step 2 of code sign-in. Success loads /admin/v2 in full so the server renders the signed-in bootstrap. */
export function CodeForm({ browserToken }: CodeFormProps) {
  const { t, tm } = useI18n()
  const [leaving, setLeaving] = useState(false)
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(adminAuthVerifyRequestSchema),
    defaultValues: { otp: '', browser_token: browserToken },
  })

  // A resent code is bound to the new browser token.
  useEffect(() => setValue('browser_token', browserToken), [browserToken, setValue])

  const submit = handleSubmit(async ({ otp, browser_token }) => {
    try {
      await verifyCode(otp, browser_token)
      setLeaving(true)
      window.location.assign(paths.home)
    } catch (error) {
      if (error instanceof RateLimitError) {
        notify.error(t('auth.rateLimited'), t('auth.rateLimitedDetail'))
      } else {
        notify.error(t('auth.otp.invalid'), t('auth.otp.tryAgain'))
      }
      setFocus('otp', { shouldSelect: true })
    }
  })

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormField label={t('auth.otp.codeLabel')} error={tm(errors.otp?.message)}>
        {(control) => (
          <Input
            {...control}
            {...register('otp')}
            className="input-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            autoFocus
          />
        )}
      </FormField>
      <Button type="submit" size="lg" block loading={isSubmitting || leaving}>
        {t('auth.otp.verify')}
      </Button>
    </form>
  )
}
