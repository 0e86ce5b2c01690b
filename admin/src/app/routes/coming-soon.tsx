import { Card } from '../../components/ui/card'
import { IconLayers } from '../../components/ui/icons'
import { useI18n } from '../../lib/i18n'

/** Stands in for a section whose screens later issues build. */
export function ComingSoon() {
  const { t } = useI18n()
  return (
    <Card className="coming-soon">
      <div className="coming-soon-icon" aria-hidden="true">
        <IconLayers size={22} />
      </div>
      <h2 className="coming-soon-title">{t('area.comingSoon')}</h2>
      <p className="coming-soon-body">{t('area.comingSoonBody')}</p>
    </Card>
  )
}
