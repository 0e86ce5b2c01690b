import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { tagSchema } from '../../../../../sdk/contract/console/participants'
import { NotFoundError } from '../../../../../sdk/src/errors'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { IconClose, IconPlus } from '../../../components/ui/icons'
import { Input } from '../../../components/ui/input'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { type RewardDetail, rewardIntent, useReward } from '../api/rewards'
import { RewardImage, RewardStatusBadge, SELECTION_LABELS } from './reward-labels'
import { SyncWinnersButton } from './sync-winners-dialog'
import { canCreateCollection, CreateCollectionButton, collectiblesText } from '../../collectibles'

export const useRewardIds = () => useParams({ from: '/console/programs/$programId/rewards/$rewardId' })

/**
 * rewards/{reward_id}: the left card (image, name, Edit, tags, 'Total Claims' claims of limit,
 * 'Rewards Balance') and the tabs of spec section 2: Users, Coupons, Sweepstakes (sweepstakes only),
 * Mini Contest (mini contests only). Sync winners for achievements and milestones. A missing reward
 * toasts and goes back to the list.
 */
export function RewardPage() {
  const { t, locale } = useI18n()
  const navigate = useNavigate()
  const { can } = useCurrentProgram()
  const { programId, rewardId } = useRewardIds()
  const reward = useReward(programId, rewardId)
  const missing = reward.error instanceof NotFoundError

  useEffect(() => {
    if (!missing) return
    notify.error(t('rewards.notFound'))
    void navigate({ to: '/programs/$programId/rewards', params: { programId }, replace: true })
  }, [missing, navigate, t, programId])

  if (reward.status === 'pending' || missing) {
    return (
      <>
        <PageHeader title={<Skeleton width={220} height={28} />} />
        <div className="reward-detail">
          <Card className="reward-card">
            <Skeleton height={220} />
          </Card>
        </div>
      </>
    )
  }
  if (reward.status === 'error') return <ErrorBlock error={reward.error} onRetry={() => void reward.refetch()} />
  const r = reward.data
  const params = { programId, rewardId }
  const auto = r.selection === 'achievement' || r.selection === 'milestone'
  return (
    <>
      <PageHeader
        title={r.name}
        description={t(SELECTION_LABELS[r.selection])}
        actions={
          can('rewards:manage') &&
          (auto || canCreateCollection(r)) && (
            <>
              {auto && <SyncWinnersButton programId={programId} rewardId={rewardId} />}
              <CreateCollectionButton programId={programId} reward={r} />
            </>
          )
        }
      />
      <div className="reward-detail">
        <RewardCard programId={programId} reward={r} canEdit={can('rewards:update')} canManage={can('rewards:manage')} />
        <div className="reward-detail-main">
          <RouteTabs
            label={t('rewards.tabs.label')}
            tabs={[
              { to: '/programs/$programId/rewards/$rewardId', params, activeOptions: { exact: true }, children: t('rewards.tabs.users') },
              { to: '/programs/$programId/rewards/$rewardId/coupons', params, children: t('rewards.tabs.coupons') },
              ...(r.selection === 'sweepstake' ? [{ to: '/programs/$programId/rewards/$rewardId/sweepstakes', params, children: t('rewards.tabs.sweepstakes') } as const] : []),
              ...(r.selection === 'mini-contest' ? [{ to: '/programs/$programId/rewards/$rewardId/mini_contest', params, children: t('rewards.tabs.miniContest') } as const] : []),
              // Only with a collectible collection (features/collectibles).
              ...(r.nft_collection_transaction_create_url ? [{ to: '/programs/$programId/rewards/$rewardId/blockchain_transactions', params, children: collectiblesText(locale, 'tab') } as const] : []),
            ]}
          >
            <Outlet />
          </RouteTabs>
        </div>
      </div>
    </>
  )
}

function RewardCard({ programId, reward: r, canEdit, canManage }: { programId: number; reward: RewardDetail; canEdit: boolean; canManage: boolean }) {
  const { t, tm, formatNumber } = useI18n()
  const queryClient = useQueryClient()
  const [tag, setTag] = useState('')
  const [tagError, setTagError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const toggle = async (value: string) => {
    setBusy(true)
    try {
      const res = await rewardIntent(programId, r.id, { intent: 'toggle_tag', tag: value })
      notify.success(t('rewards.tagUpdated'), res.message === 'Tag updated' ? undefined : res.message)
      setTag('')
      await invalidateProgram(queryClient, programId, 'rewards')
    } catch (error) {
      notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }
  const addTag = (event: FormEvent) => {
    event.preventDefault()
    const parsed = tagSchema.safeParse(tag)
    if (!parsed.success) return setTagError(tm(parsed.error.issues[0]?.message))
    setTagError(undefined)
    if (r.tag_list.includes(parsed.data)) return setTag('')
    void toggle(parsed.data)
  }
  return (
    <Card className="reward-card">
      <RewardImage url={r.image.url} name={r.name} size={160} />
      <div className="reward-card-head">
        <h2 className="reward-card-name">{r.name}</h2>
        <RewardStatusBadge status={r.status} />
      </div>
      {canEdit && (
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/programs/$programId/rewards/$rewardId/edit" params={{ programId, rewardId: r.id }}>
          {t('rewards.edit')}
        </Link>
      )}
      <dl className="reward-card-numbers">
        <div>
          <dt>{t('rewards.totalClaims')}</dt>
          <dd>{t('rewards.claimsOfLimit', { claims: formatNumber(r.claims), limit: formatNumber(r.limit) })}</dd>
        </div>
        <div>
          <dt>{t('rewards.balance')}</dt>
          <dd>{formatNumber(r.balance)}</dd>
        </div>
      </dl>
      <div className="reward-card-tags">
        <h3 className="reward-card-label">{t('rewards.col.tags')}</h3>
        {r.tag_list.length ? (
          <ul className="participant-tags" aria-label={t('rewards.col.tags')}>
            {r.tag_list.map((name) => (
              <li key={name} className="badge badge-muted">
                {name}
                {canManage && (
                  <button type="button" className="tag-remove" onClick={() => void toggle(name)} disabled={busy} aria-label={t('rewards.removeTag', { tag: name })}>
                    <IconClose size={12} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="reward-muted">{t('rewards.noTags')}</p>
        )}
        {canManage && (
          <form className="reward-tag-form" onSubmit={addTag} noValidate>
            <Input value={tag} onChange={(e) => setTag(e.target.value)} aria-label={t('rewards.addTag')} placeholder={t('rewards.addTag')} aria-invalid={tagError ? true : undefined} />
            <Button type="submit" size="sm" variant="secondary" disabled={busy} aria-label={t('rewards.addTag')}>
              <IconPlus />
            </Button>
            {tagError && (
              <p className="field-error" role="alert">
                {tagError}
              </p>
            )}
          </form>
        )}
      </div>
    </Card>
  )
}
