import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { adminSignInRequestSchema } from '../../../../../sdk/contract/auth'
import { Button } from '../../../components/ui/button'
import { IconArrowLeft, IconCheck, IconMail } from '../../../components/ui/icons'
import { useI18n } from '../../../lib/i18n'
import { requestSignInLink } from '../api/auth'
import { AuthLayout } from './auth-layout'
import { EmailForm } from './email-form'
import { useAuthErrorToast } from './use-auth-error-toast'

/** /admin/v2/auth/sign_in: e-mail entry that mails a single-use sign-in link. */
export function LinkSignIn() {
  const { t } = useI18n()
  const showError = useAuthErrorToast()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)

  const codeLink = (
    <Link className="text-link" to="/login">
      {t('auth.signIn.useCode')}
    </Link>
  )

  if (sent) {
    return (
      <AuthLayout
        icon={<IconCheck size={20} />}
        iconTone="success"
        title={t('auth.signIn.sent')}
        description={t('auth.signIn.sentDetail', { email })}
        footer={codeLink}
      >
        <div className="auth-row auth-row-start">
          <Button variant="ghost" size="sm" onClick={() => setSent(false)}>
            <IconArrowLeft />
            {t('auth.changeEmail')}
          </Button>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      icon={<IconMail size={20} />}
      title={t('auth.signIn.title')}
      description={t('auth.signIn.subtitle')}
      footer={codeLink}
    >
      <EmailForm
        schema={adminSignInRequestSchema}
        defaultEmail={email}
        submitLabel={t('auth.signIn.submit')}
        onSubmit={async (value) => {
          await requestSignInLink(value)
          setEmail(value)
          setSent(true)
        }}
        onError={showError}
      />
    </AuthLayout>
  )
}
