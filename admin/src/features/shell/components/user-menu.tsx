import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { IconBuilding, IconExternal, IconLogOut, IconMoon, IconSun } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toast'
import type { ConsoleProgram, ConsoleUser } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useTheme } from '../../../lib/theme'
import { signOut } from '../../../lib/sign-out'
import { initials } from '../utils/navigation'

type UserMenuProps = { user: ConsoleUser; isAdmin: boolean; program: ConsoleProgram | null }

/** Organization (admins only), Go to Program Page, the theme and Log out (spec section 2). */
export function UserMenu({ user, isAdmin, program }: UserMenuProps) {
  const { t } = useI18n()
  const { theme, toggleTheme } = useTheme()
  const [signingOut, setSigningOut] = useState(false)
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email

  const logOut = async () => {
    setSigningOut(true)
    try {
      await signOut()
    } catch {
      setSigningOut(false)
      notify.error(t('error.title'), t('error.generic'))
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="user-trigger" aria-label={t('shell.accountMenu')}>
        <span className="avatar" aria-hidden="true">
          {initials(fullName)}
        </span>
        <span className="user-trigger-name">{user.first_name || user.email}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="user-panel">
        <div className="user-panel-header">
          <p className="user-panel-name">{fullName}</p>
          <p className="user-panel-email">{user.email}</p>
        </div>
        <DropdownMenuSeparator />
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/organization/programs">
              <IconBuilding />
              {t('shell.organization')}
            </Link>
          </DropdownMenuItem>
        )}
        {program && (
          <DropdownMenuItem asChild>
            <a href={paths.programPage(program.public_key)} target="_blank" rel="noopener">
              <IconExternal />
              {t('shell.programPage')}
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={(event) => { event.preventDefault(); toggleTheme() }}>
          {theme === 'dark' ? <IconSun /> : <IconMoon />}
          {theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={(event) => { event.preventDefault(); void logOut() }} disabled={signingOut}>
          {signingOut ? <Spinner /> : <IconLogOut />}
          {t('shell.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
