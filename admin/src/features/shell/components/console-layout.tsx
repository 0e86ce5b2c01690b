import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { LogoMark } from '../../../components/ui/logo'
import { can, permissionsFor } from '../../../lib/authorization'
import type { ConsoleProgram, SignedInBootstrap } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { programLandingArea } from '../../../lib/landing'
import { storeProgram } from '../../../lib/programs'
import { useBootstrap } from '../../../lib/use-bootstrap'
import { useShellProgram } from '../../../lib/use-program'
import { visibleNavItems, visibleSettingsEntries } from '../utils/navigation'
import { CommandPalette } from './command-palette'
import { CreateProgramDialog } from './create-program-dialog'
import { LanguageSwitcher } from './language-switcher'
import { MobileMenu } from './mobile-menu'
import { ProgramSwitcher } from './program-switcher'
import { SearchButton } from './search-button'
import { SettingsMenu } from './settings-menu'
import { isSettingsPath, SettingsFrame } from './settings-subnav'
import { type ShellActions, ShellActionsContext } from './shell-actions'
import { TopNav } from './top-nav'
import { UserMenu } from './user-menu'

type ConsoleLayoutProps = {
  /** The top navigation tab to mark current. */
  activeArea?: string | undefined
  children: ReactNode
}

/**
 * The signed-in frame: program switcher, global search, language, Settings, user menu and the
 * permission-filtered section tabs, then the page. The routes decide what goes in `children`.
 */
export function ConsoleLayout({ activeArea, children }: ConsoleLayoutProps) {
  const { t } = useI18n()
  const bootstrap = useBootstrap() as SignedInBootstrap
  const program = useShellProgram()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [searching, setSearching] = useState(false)

  const programs = bootstrap.programs ?? []
  const orgPermissions = bootstrap.organization_permissions ?? []
  const permissions = permissionsFor(bootstrap, program?.id)
  const navItems = visibleNavItems(permissions)
  const settings = visibleSettingsEntries(permissions, orgPermissions)
  const canCreate = can(orgPermissions, 'organization:manage')
  const inSettings = useLocation({ select: (location) => isSettingsPath(location.pathname) })

  // Spec section 2: a switch lands on the dashboard for dashboard viewers, else on receipts.
  const switchProgram = useCallback(
    (next: ConsoleProgram) => {
      storeProgram(next.id)
      const area = programLandingArea(permissionsFor(bootstrap, next.id))
      void (area
        ? navigate({ to: area.to, params: { programId: next.id } })
        : navigate({ to: '/programs/$programId', params: { programId: next.id } }))
    },
    [bootstrap, navigate],
  )

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault()
        setSearching((open) => !open)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const actions = useMemo<ShellActions>(
    () => ({ openCreateProgram: () => setCreating(true), openCommandPalette: () => setSearching(true) }),
    [],
  )

  return (
    <ShellActionsContext value={actions}>
      <div className="console">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <header className="topbar">
          <div className="topbar-row">
            <Link className="topbar-home" to="/" aria-label={t('app.name')}>
              <LogoMark />
            </Link>
            {program && (
              <>
                <span className="topbar-slash" aria-hidden="true">
                  /
                </span>
                <ProgramSwitcher programs={programs} current={program} canCreate={canCreate} onSelect={switchProgram} onCreate={actions.openCreateProgram} />
                {program.test_mode && <span className="badge badge-warning topbar-badge">{t('shell.testMode')}</span>}
              </>
            )}
            <div className="topbar-spacer" />
            <SearchButton onOpen={actions.openCommandPalette} />
            {program?.i18n_enabled && <LanguageSwitcher />}
            {settings.length > 0 && <SettingsMenu entries={settings} programId={program?.id} />}
            <MobileMenu programId={program?.id} items={navItems} settings={settings} activeArea={activeArea} />
            <UserMenu user={bootstrap.user} isAdmin={Boolean(bootstrap.is_admin)} program={program} />
          </div>
          {program && <TopNav programId={program.id} items={navItems} activeArea={activeArea} />}
        </header>
        <main className="page" id="main" tabIndex={-1}>
          {inSettings && program ? (
            <SettingsFrame programId={program.id} permissions={permissions}>
              {children}
            </SettingsFrame>
          ) : (
            children
          )}
        </main>
        <CommandPalette
          open={searching}
          onOpenChange={setSearching}
          program={program}
          programs={programs}
          navItems={navItems}
          settings={settings}
          canCreate={canCreate}
          canSearch={can(permissions, 'global_search:view')}
          onSwitchProgram={switchProgram}
          onCreateProgram={actions.openCreateProgram}
        />
        {canCreate && <CreateProgramDialog open={creating} onOpenChange={setCreating} />}
      </div>
    </ShellActionsContext>
  )
}
