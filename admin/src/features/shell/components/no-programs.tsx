import { buttonClass } from '../../../components/ui/button'
import { IconLayers, IconPlus } from '../../../components/ui/icons'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { Link } from '../../../lib/router'

/** Shown when the user has no program yet (spec section 2). */
export function NoPrograms({ canCreate }: { canCreate: boolean }) {
  const { t } = useI18n()
  return (
    <div className="empty-state">
      <div className="empty-state-icon" aria-hidden="true">
        <IconLayers size={22} />
      </div>
      <h1 className="empty-state-title">{t('shell.noPrograms.title')}</h1>
      <p className="empty-state-body">{t('shell.noPrograms.body')}</p>
      {canCreate ? (
        <Link className={buttonClass()} href={`${paths.organizationPrograms}#add-new-program`}>
          <IconPlus />
          {t('shell.createProgram')}
        </Link>
      ) : (
        <p className="empty-state-hint">{t('shell.noPrograms.askAdmin')}</p>
      )}
    </div>
  )
}
