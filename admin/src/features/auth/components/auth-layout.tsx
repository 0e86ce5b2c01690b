import type { ReactNode } from 'react'
import { Logo } from '../../../components/ui/logo'
import { useI18n } from '../../../lib/i18n'

type AuthLayoutProps = {
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  iconTone?: 'accent' | 'success'
  children: ReactNode
  footer?: ReactNode
}

/** The signed-out frame: brand, one centred card, a quiet footer. */
export function AuthLayout({
  title,
  description,
  icon,
  iconTone = 'accent',
  children,
  footer,
}: AuthLayoutProps) {
  const { t } = useI18n()
  return (
    <div className="auth">
      <div className="auth-glow" aria-hidden="true" />
      <header className="auth-header">
        <Logo suffix={t('app.console')} />
      </header>
      <main className="auth-main" id="main">
        <div className="auth-card">
          {icon && (
            <div
              className={iconTone === 'success' ? 'auth-icon auth-icon-success' : 'auth-icon'}
              aria-hidden="true"
            >
              {icon}
            </div>
          )}
          <h1 className="auth-title">{title}</h1>
          {description && <p className="auth-description">{description}</p>}
          <div className="auth-body">{children}</div>
        </div>
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
      <footer className="auth-legal">
        <span>© Tessera</span>
        <span aria-hidden="true">·</span>
        <span>{t('auth.tagline')}</span>
      </footer>
    </div>
  )
}
