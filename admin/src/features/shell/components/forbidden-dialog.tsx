import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { IconLock, IconLogOut } from '../../../components/ui/icons'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { signOut } from '../../../lib/sign-out'

/**
 * 'You are not allowed to access this page' (spec section 2). It can't be dismissed into the page;
 * it offers the console home, or signing out when the home itself is what is off limits.
 */
export function ForbiddenDialog({ canGoHome = true }: { canGoHome?: boolean }) {
  const { t } = useI18n()
  const [leaving, setLeaving] = useState(false)
  return (
    <Dialog
      open
      dismissible={false}
      tone="danger"
      icon={<IconLock size={20} />}
      title={t('shell.forbidden.title')}
      description={t('shell.forbidden.body')}
      actions={
        canGoHome ? (
          <Link className={buttonClass()} to="/">
            {t('shell.forbidden.home')}
          </Link>
        ) : (
          <Button
            loading={leaving}
            onClick={() => {
              setLeaving(true)
              signOut().catch(() => window.location.assign(paths.signIn))
            }}
          >
            <IconLogOut />
            {t('shell.logOut')}
          </Button>
        )
      }
    />
  )
}
