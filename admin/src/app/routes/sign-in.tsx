import { LinkSignIn } from '../../features/auth/components/link-sign-in'
import { useI18n } from '../../lib/i18n'
import { useDocumentTitle } from '../../lib/use-document-title'

export function SignInRoute() {
  const { t } = useI18n()
  useDocumentTitle(t('auth.signIn.title'))
  return <LinkSignIn />
}
