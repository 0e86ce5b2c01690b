import { Link, useNavigate, useParams } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { EmptyState } from '../../../components/ui/empty-state'
import { IconPlus } from '../../../components/ui/icons'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { fetchTabPage, participantKey, type ParticipantTab as TabName, type ParticipantTabs, useParticipant } from '../api/participant-detail'
import { ChainLogTable } from '../../collectibles'
import { useTabColumns } from './tab-columns'

export type ParticipantTabId = TabName | 'attribute-new' | 'attribute-edit' | 'blockchain_transactions'

const LABELS: Record<TabName, MessageKey> = {
  actions: 'participants.tabs.actions',
  rewards: 'participants.tabs.rewards',
  challenges: 'participants.tabs.challenges',
  questions: 'participants.tabs.questions',
  participant_answers: 'participants.tabs.answers',
  attributes: 'participants.tabs.attributes',
  recruited: 'participants.tabs.recruited',
  receipts: 'participants.tabs.receipts',
}

const useIds = () => useParams({ from: '/console/programs/$programId/users/$userId' })

/** One tab of a participant (spec section 2): its table, or the attribute forms. */
export function ParticipantTab({ tab }: { tab: ParticipantTabId }) {
  if (tab === 'attribute-new' || tab === 'attribute-edit') return <AttributeForm edit={tab === 'attribute-edit'} />
  if (tab === 'blockchain_transactions') return <BlockchainTab />
  return <TabTable tab={tab} />
}

function TabTable<K extends TabName>({ tab }: { tab: K }) {
  const { t } = useI18n()
  const { can } = useCurrentProgram()
  const { programId, userId } = useIds()
  const columns = useTabColumns(programId, userId)[tab] as ColumnDef<ParticipantTabs[K]>[]
  const table = useServerTable({
    queryKey: participantKey(programId, userId, 'tab', tab),
    fetchPage: (state, signal) => fetchTabPage(programId, userId, tab, state, signal),
  })
  // Tabs are paged by the server, newest first; they are not searched or sorted.
  const { search: _search, sorting: _sorting, onSortingChange: _onSort, ...props } = table.props
  return (
    <div className="participant-tab">
      <DataTable
        label={t(LABELS[tab])}
        columns={columns}
        {...props}
        columnChooser={false}
        actions={
          tab === 'attributes' &&
          can('users:manage') && (
            <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/users/$userId/attributes/new" params={{ programId, userId }}>
              <IconPlus />
              {t('participants.tool.addAttribute')}
            </Link>
          )
        }
      />
    </div>
  )
}

/** attributes/new and attributes/{participant_profile_id}/edit: the generic form calls. */
function AttributeForm({ edit }: { edit: boolean }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const { programId, userId } = useIds()
  const { profileId } = useParams({ strict: false }) as { profileId?: number }
  const base = `/admin/v2/programs/${programId}/participants/${userId}/attributes`
  const back = () => void navigate({ to: '/programs/$programId/users/$userId/attributes', params: { programId, userId } })
  const form = useServerForm(
    edit
      ? { path: `${base}/${profileId}/edit`, submitPath: `${base}/${profileId}`, model: t('participants.attribute'), mode: 'update', onSuccess: back }
      : { path: `${base}/new`, submitPath: base, model: t('participants.attribute'), mode: 'create', onSuccess: back },
  )
  return (
    <Card className="participant-tab participant-attribute-form">
      <h2 className="card-title">{t(edit ? 'participants.attribute.edit' : 'participants.tool.addAttribute')}</h2>
      <ServerForm
        form={form}
        cancel={
          <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/users/$userId/attributes" params={{ programId, userId }}>
            {t('common.cancel')}
          </Link>
        }
      />
    </Card>
  )
}

/** Only reachable with the chain integration on; otherwise it says so. */
function BlockchainTab() {
  const { t } = useI18n()
  const { programId, userId } = useIds()
  const participant = useParticipant(programId, userId)
  if (participant.data && !participant.data.blockchain_enabled) {
    return (
      <Card className="participant-tab">
        <EmptyState title={t('participants.blockchainOff')} />
      </Card>
    )
  }
  // The participant's collectibles on the chain log (features/collectibles).
  return participant.data ? <ChainLogTable programId={programId} owner={{ kind: 'participant', id: userId }} /> : <Card className="participant-tab" />
}
