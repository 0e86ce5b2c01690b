import { buttonClass } from '../../components/ui/button'
import { ConsoleLayout } from '../../features/shell/components/console-layout'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { useI18n } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { readStoredProgram, selectProgram } from '../../lib/programs'
import { Link } from '../../lib/router'
import { useDocumentTitle } from '../../lib/use-document-title'

export function NotFoundRoute({ bootstrap }: { bootstrap: SignedInBootstrap }) {
  const { t } = useI18n()
  useDocumentTitle(t('notFound.title'))
  return (
    <ConsoleLayout
      bootstrap={bootstrap}
      program={selectProgram(bootstrap.programs ?? [], readStoredProgram())}
    >
      <div className="empty-state">
        <p className="empty-state-code">404</p>
        <h1 className="empty-state-title">{t('notFound.title')}</h1>
        <p className="empty-state-body">{t('notFound.body')}</p>
        <Link className={buttonClass({ variant: 'secondary' })} href={paths.home}>
          {t('shell.forbidden.home')}
        </Link>
      </div>
    </ConsoleLayout>
  )
}
