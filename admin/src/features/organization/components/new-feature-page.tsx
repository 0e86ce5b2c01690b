import { Link, useNavigate } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { useI18n } from '../../../lib/i18n'

/** organization/features/new: a generic form call (GET feature_programs/new, POST feature_programs). */
export function NewFeaturePage() {
  const { t } = useI18n()
  const navigate = useNavigate()
  const form = useServerForm({
    path: '/admin/v2/feature_programs/new',
    submitPath: '/admin/v2/feature_programs',
    model: t('organization.featureModel'),
    mode: 'create',
    errorTitle: t('form.errorTitlePartB'),
    onSuccess: () => void navigate({ to: '/organization/features' }),
  })
  return (
    <Card className="form-card">
      <CardHeader>
        <CardTitle>{t('organization.addFeature')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ServerForm
          form={form}
          cancel={
            <Link className={buttonClass({ variant: 'secondary' })} to="/organization/features">
              {t('common.cancel')}
            </Link>
          }
        />
      </CardContent>
    </Card>
  )
}
