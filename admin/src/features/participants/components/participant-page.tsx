import { Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { NotFoundError } from '../../../../../sdk/src/errors'
import { Card } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { useParticipant } from '../api/participant-detail'
import { ParticipantSummary } from './participant-summary'
import { ParticipantToolsMenu } from './participant-tools-menu'

/**
 * programs/{program_id}/users/{end_user_id}: the participant, the tools for admins who manage users,
 * and the tabs of spec section 2 (blockchain transactions only with the chain integration on). A
 * missing participant toasts 'Participant not found' and goes to /admin/v2 (spec section 8).
 */
export function ParticipantPage() {
  const { t, locale } = useI18n()
  const navigate = useNavigate()
  const { can } = useCurrentProgram()
  const { programId, userId } = useParams({ from: '/console/programs/$programId/users/$userId' })
  const participant = useParticipant(programId, userId)
  const missing = participant.error instanceof NotFoundError

  useEffect(() => {
    if (!missing) return
    notify.error(t('participants.notFound'))
    void navigate({ to: '/', replace: true })
  }, [missing, navigate, t])

  if (participant.status === 'pending' || missing) {
    return (
      <>
        <PageHeader title={<Skeleton width={220} height={28} />} />
        <Card className="participant-summary">
          <Skeleton height={96} />
        </Card>
      </>
    )
  }
  if (participant.status === 'error') return <ErrorBlock error={participant.error} onRetry={() => void participant.refetch()} />

  const p = participant.data
  const params = { programId, userId }
  const joined = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(p.created_at))
  return (
    <>
      <PageHeader
        title={p.name || p.email}
        description={t('participants.detailDescription', { email: p.email, date: joined, id: p.id })}
        actions={can('users:manage') && <ParticipantToolsMenu programId={programId} participant={p} />}
      />
      <ParticipantSummary programId={programId} participant={p} canManage={can('users:manage')} />
      <RouteTabs
        label={t('participants.tabs.label')}
        tabs={[
          { to: '/programs/$programId/users/$userId', params, activeOptions: { exact: true }, children: t('participants.tabs.actions') },
          { to: '/programs/$programId/users/$userId/rewards', params, children: t('participants.tabs.rewards') },
          { to: '/programs/$programId/users/$userId/challenges', params, children: t('participants.tabs.challenges') },
          { to: '/programs/$programId/users/$userId/questions', params, children: t('participants.tabs.questions') },
          { to: '/programs/$programId/users/$userId/attributes', params, children: t('participants.tabs.attributes') },
          { to: '/programs/$programId/users/$userId/participant_answers', params, children: t('participants.tabs.answers') },
          { to: '/programs/$programId/users/$userId/recruited', params, children: t('participants.tabs.recruited') },
          { to: '/programs/$programId/users/$userId/receipts', params, children: t('participants.tabs.receipts') },
          ...(p.blockchain_enabled ? [{ to: '/programs/$programId/users/$userId/blockchain_transactions', params, children: t('participants.tabs.blockchain') } as const] : []),
        ]}
      >
        <Outlet />
      </RouteTabs>
    </>
  )
}
