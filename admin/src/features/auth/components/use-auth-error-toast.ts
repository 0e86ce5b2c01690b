import { RateLimitError } from '../../../../../sdk/src/errors'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'

/** Turns a failed auth request into the spec's generic toast ('Error', 'An error occurred'). */
export function useAuthErrorToast() {
  const { t } = useI18n()
  return (error: unknown) => {
    if (error instanceof RateLimitError) {
      notify.error(t('auth.rateLimited'), error.message)
      return
    }
    notify.error(t('error.title'), t('error.generic'))
  }
}
