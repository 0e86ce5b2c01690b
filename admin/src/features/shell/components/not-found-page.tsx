import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { IconFlag } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'

/** Any console path no route matches, inside the shell so the user can navigate on. */
export function NotFoundPage() {
  const { t } = useI18n()
  return (
    <EmptyState
      size="page"
      icon={<IconFlag size={22} />}
      title={t('notFound.title')}
      description={t('notFound.body')}
      action={
        <Link className={buttonClass({ variant: 'secondary' })} to="/">
          {t('shell.forbidden.home')}
        </Link>
      }
    />
  )
}
