import { RateLimitError } from '../../../../../sdk/src/errors'
import { useToast } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'

/** Turns a failed auth request into the spec's generic toast ('Error', 'An error occurred'). */
export function useAuthErrorToast() {
  const { toast } = useToast()
  const { t } = useI18n()
  return (error: unknown) => {
    if (error instanceof RateLimitError) {
      toast({ variant: 'error', title: t('auth.rateLimited'), description: error.message })
      return
    }
    toast({ variant: 'error', title: t('error.title'), description: t('error.generic') })
  }
}
