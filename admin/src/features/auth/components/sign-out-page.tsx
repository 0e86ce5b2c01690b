import { useEffect } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { signOut } from '../../../lib/sign-out'
import { AuthLayout } from './auth-layout'

/** /admin/v2/auth/sign_out: ends the session, then loads the sign-in page. */
export function SignOutPage() {
  const { t } = useI18n()
  useEffect(() => {
    signOut().catch(() => window.location.assign(paths.signIn))
  }, [])
  return (
    <AuthLayout title={t('auth.signOut.title')}>
      <div className="auth-row auth-row-center">
        <Spinner label={t('auth.signOut.title')} />
      </div>
    </AuthLayout>
  )
}
