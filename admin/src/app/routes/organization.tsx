import { PageHeader } from '../../components/ui/page-header'
import { ConsoleLayout } from '../../features/shell/components/console-layout'
import { ForbiddenDialog } from '../../features/shell/components/forbidden-dialog'
import { can } from '../../lib/authorization'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { useI18n } from '../../lib/i18n'
import { readStoredProgram, selectProgram } from '../../lib/programs'
import { useDocumentTitle } from '../../lib/use-document-title'
import { ComingSoon } from './coming-soon'

/** organization/*: programs, admins and features screens arrive in later issues. */
export function OrganizationRoute({ bootstrap }: { bootstrap: SignedInBootstrap }) {
  const { t } = useI18n()
  const allowed =
    Boolean(bootstrap.is_admin) || can(bootstrap.organization_permissions ?? [], 'organization:view')
  useDocumentTitle(allowed ? t('nav.organization') : null)
  const program = selectProgram(bootstrap.programs ?? [], readStoredProgram())
  return (
    <ConsoleLayout bootstrap={bootstrap} program={program}>
      {allowed ? (
        <>
          <PageHeader
            title={t('nav.organization')}
            description={t('area.organizationDescription', {
              organization: bootstrap.organization?.name ?? '',
            })}
          />
          <ComingSoon />
        </>
      ) : (
        <ForbiddenDialog />
      )}
    </ConsoleLayout>
  )
}
