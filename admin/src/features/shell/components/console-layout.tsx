import type { ReactNode } from 'react'
import { LogoMark } from '../../../components/ui/logo'
import { can, permissionsFor } from '../../../lib/authorization'
import type { ConsoleProgram, SignedInBootstrap } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { programLandingPath } from '../../../lib/landing'
import { paths } from '../../../lib/paths'
import { storeProgram } from '../../../lib/programs'
import { Link, navigate } from '../../../lib/router'
import { ProgramSwitcher } from './program-switcher'
import { TopNav } from './top-nav'
import { UserMenu } from './user-menu'

type ConsoleLayoutProps = {
  bootstrap: SignedInBootstrap
  program: ConsoleProgram | null
  activeArea?: string
  children: ReactNode
}

/** The signed-in frame: program switcher, user menu, permission-filtered tabs, then the page. */
export function ConsoleLayout({ bootstrap, program, activeArea, children }: ConsoleLayoutProps) {
  const { t } = useI18n()
  const programs = bootstrap.programs ?? []
  const canCreate = can(bootstrap.organization_permissions ?? [], 'organization:manage')

  // Spec section 2: a switch lands on the dashboard for dashboard viewers, else on receipts.
  const selectProgram = (next: ConsoleProgram) => {
    storeProgram(next.id)
    navigate(programLandingPath(permissionsFor(bootstrap, next.id), next.id) ?? paths.program(next.id))
  }

  return (
    <div className="console">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <div className="topbar-row">
          <Link className="topbar-home" href={paths.home} aria-label={t('app.name')}>
            <LogoMark />
          </Link>
          {program && (
            <>
              <span className="topbar-slash" aria-hidden="true">
                /
              </span>
              <ProgramSwitcher
                programs={programs}
                current={program}
                canCreate={canCreate}
                onSelect={selectProgram}
              />
              {program.test_mode && <span className="badge badge-warning">{t('shell.testMode')}</span>}
            </>
          )}
          <div className="topbar-spacer" />
          <UserMenu user={bootstrap.user} isAdmin={Boolean(bootstrap.is_admin)} program={program} />
        </div>
        {program && (
          <TopNav
            programId={program.id}
            permissions={permissionsFor(bootstrap, program.id)}
            activeArea={activeArea}
          />
        )}
      </header>
      <main className="page" id="main">
        {children}
      </main>
    </div>
  )
}
