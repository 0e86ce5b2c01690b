import { OtpSignIn } from '../../features/auth/components/otp-sign-in'
import { useI18n } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/use-document-title'

/** /admin/v2/login and /admin/v2/magic-login. */
export function LoginRoute() {
  const { t } = useI18n()
  useDocumentTitle(t('auth.otp.title'))
  return <OtpSignIn />
}
