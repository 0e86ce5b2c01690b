import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { useEvergreenSettings } from '../api'
import { useEvergreenText } from '../messages'
import './evergreen.css'

/**
 * settings/evergreen: the program's evergreen setting definitions, each in a card with a green
 * (active) or red (inactive) border and its Edit link; none: 'Contact Perk team to request this
 * feature' (spec sections 2 and 4).
 */
export function EvergreenListPage() {
  const et = useEvergreenText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const settings = useEvergreenSettings(programId)
  let body
  if (settings.isPending) body = <Skeleton height={120} />
  else if (settings.isError) body = <ErrorBlock title={t('table.error')} error={settings.error} onRetry={() => void settings.refetch()} />
  else if (!settings.data.length) body = <EmptyState title={et('empty')} description={et('emptyHint')} />
  else
    body = (
      <ul className="evergreen-list">
        {settings.data.map((s) => {
          const active = s.field_value.active
          return (
            <li key={s.id}>
              <Card className={`evergreen-card ${active ? 'evergreen-active' : 'evergreen-inactive'}`} data-testid="evergreen-card" data-active={active}>
                <CardContent className="evergreen-card-body">
                  <div className="evergreen-card-head">
                    <h2>{s.name}</h2>
                    <span className={`badge ${active ? 'evergreen-status-active' : 'evergreen-status-inactive'}`}>{et(active ? 'active' : 'inactive')}</span>
                  </div>
                  {s.description && <p>{s.description}</p>}
                  <div>
                    <Link
                      className={buttonClass({ size: 'sm', variant: 'secondary' })}
                      to="/programs/$programId/settings/evergreen/$settingId"
                      params={{ programId, settingId: s.id }}
                      aria-label={`${et('edit')} ${s.name}`}
                    >
                      {et('edit')}
                    </Link>
                  </div>
                </CardContent>
              </Card>
            </li>
          )
        })}
      </ul>
    )
  return (
    <>
      <PageHeader title={et('title')} description={et('subtitle', { program: program.name })} />
      {body}
    </>
  )
}
