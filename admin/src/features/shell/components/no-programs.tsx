import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { IconLayers, IconPlus } from '../../../components/ui/icons'
import { can } from '../../../lib/authorization'
import { useI18n } from '../../../lib/i18n'
import { useBootstrap } from '../../../lib/use-bootstrap'
import { useShellActions } from './shell-actions'

/** Shown at /admin/v2 when the user has no program yet (spec section 2). */
export function NoPrograms() {
  const { t } = useI18n()
  const bootstrap = useBootstrap()
  const { openCreateProgram } = useShellActions()
  const canCreate = can(bootstrap.organization_permissions ?? [], 'organization:manage')
  return (
    <EmptyState
      size="page"
      icon={<IconLayers size={22} />}
      title={t('shell.noPrograms.title')}
      description={t('shell.noPrograms.body')}
      action={
        canCreate ? (
          <Button onClick={openCreateProgram}>
            <IconPlus />
            {t('shell.createProgram')}
          </Button>
        ) : (
          <p className="empty-state-hint">{t('shell.noPrograms.askAdmin')}</p>
        )
      }
    />
  )
}
