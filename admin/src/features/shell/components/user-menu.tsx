import { useState } from 'react'
import { AuthenticationError } from '../../../../../sdk/src/errors'
import { Dropdown } from '../../../components/ui/dropdown'
import { IconBuilding, IconExternal, IconLogOut, IconMoon, IconSun } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import type { ConsoleProgram, ConsoleUser } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { Link } from '../../../lib/router'
import { useTheme } from '../../../lib/theme'
import { signOut } from '../api/sign-out'
import { initials } from '../utils/navigation'

type UserMenuProps = { user: ConsoleUser; isAdmin: boolean; program: ConsoleProgram | null }

export function UserMenu({ user, isAdmin, program }: UserMenuProps) {
  const { t } = useI18n()
  const { toast } = useToast()
  const { theme, setTheme } = useTheme()
  const [signingOut, setSigningOut] = useState(false)
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email

  const logOut = async () => {
    setSigningOut(true)
    try {
      await signOut()
    } catch (error) {
      // Already signed out elsewhere: the sign-in page is where the user wanted to go anyway.
      if (error instanceof AuthenticationError) window.location.assign(paths.signIn)
      else {
        setSigningOut(false)
        toast({ variant: 'error', title: t('error.title'), description: t('error.generic') })
      }
    }
  }

  return (
    <Dropdown
      align="end"
      triggerClassName="user-trigger"
      triggerLabel={t('shell.accountMenu')}
      panelClassName="user-panel"
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initials(fullName)}
          </span>
          <span className="user-trigger-name">{user.first_name || user.email}</span>
        </>
      }
    >
      {(close) => (
        <>
          <div className="user-panel-header">
            <p className="user-panel-name">{fullName}</p>
            <p className="user-panel-email">{user.email}</p>
          </div>
          <hr className="dropdown-separator" />
          {isAdmin && (
            <Link className="dropdown-item" href={paths.organizationPrograms} onClick={close}>
              <IconBuilding />
              {t('shell.organization')}
            </Link>
          )}
          {program && (
            <a
              className="dropdown-item"
              href={paths.programPage(program.public_key)}
              target="_blank"
              rel="noopener"
              onClick={close}
            >
              <IconExternal />
              {t('shell.programPage')}
            </a>
          )}
          <button
            type="button"
            className="dropdown-item"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? <IconSun /> : <IconMoon />}
            {theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
          </button>
          <hr className="dropdown-separator" />
          <button type="button" className="dropdown-item" onClick={logOut} disabled={signingOut}>
            {signingOut ? <Spinner /> : <IconLogOut />}
            {t('shell.logOut')}
          </button>
        </>
      )}
    </Dropdown>
  )
}
