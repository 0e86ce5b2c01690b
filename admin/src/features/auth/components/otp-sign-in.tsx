import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { IconArrowLeft, IconKey, IconMail } from '../../../components/ui/icons'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { startCodeSignIn } from '../api/auth'
import { AuthLayout } from './auth-layout'
import { CodeForm } from './code-form'
import { EmailForm } from './email-form'
import { ResendCodeButton } from './resend-code-button'
import { useAuthErrorToast } from './use-auth-error-toast'

type Step =
  | { step: 'email'; email: string }
  | { step: 'code'; email: string; browserToken: string; sentAt: number }

/** The one-time-code sign-in (/admin/v2/login and /admin/v2/magic-login): e-mail, then code. */
export function OtpSignIn() {
  const { t } = useI18n()
  const showError = useAuthErrorToast()
  const [state, setState] = useState<Step>({ step: 'email', email: '' })

  if (state.step === 'email') {
    return (
      <AuthLayout
        icon={<IconKey size={20} />}
        title={t('auth.otp.title')}
        description={t('auth.otp.subtitle')}
        footer={
          <Link className="text-link" to="/auth/sign_in">
            {t('auth.otp.useLink')}
          </Link>
        }
      >
        <EmailForm
          defaultEmail={state.email}
          submitLabel={t('auth.otp.sendCode')}
          onSubmit={async (email) => {
            const browserToken = await startCodeSignIn(email)
            setState({ step: 'code', email, browserToken, sentAt: Date.now() })
          }}
          onError={showError}
        />
      </AuthLayout>
    )
  }

  const resend = async () => {
    try {
      const browserToken = await startCodeSignIn(state.email)
      setState({ ...state, browserToken, sentAt: Date.now() })
      notify.success(t('auth.otp.resent'), t('auth.otp.resentDetail'))
    } catch (error) {
      showError(error)
    }
  }

  return (
    <AuthLayout
      icon={<IconMail size={20} />}
      title={t('auth.otp.codeTitle')}
      description={t('auth.otp.codeSubtitle', { email: state.email })}
      footer={
        <Link className="text-link" to="/auth/sign_in">
          {t('auth.otp.useLink')}
        </Link>
      }
    >
      <CodeForm browserToken={state.browserToken} />
      <div className="auth-row">
        <Button variant="ghost" size="sm" onClick={() => setState({ step: 'email', email: state.email })}>
          <IconArrowLeft />
          {t('auth.changeEmail')}
        </Button>
        <ResendCodeButton sentAt={state.sentAt} onResend={resend} />
      </div>
    </AuthLayout>
  )
}
