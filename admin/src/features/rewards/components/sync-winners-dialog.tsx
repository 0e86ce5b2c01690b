import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Dialog, DialogClose } from '../../../components/ui/dialog'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { fetchPossibleWinners, rewardIntent, rewardsKey } from '../api/rewards'

/**
 * Sync winners (achievement and milestone rewards, spec section 4): fetch_possible_winners_to_sync
 * shows the stock left and the eligible participants; the sync awards min of both (staff excluded),
 * optionally e-mailing them, and is disabled when either is 0. It runs in the background: the toast
 * 'Winners are being synced' follows, not the result.
 */
export function SyncWinnersButton({ programId, rewardId }: { programId: number; rewardId: number }) {
  const { t, formatNumber } = useI18n()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [sendEmail, setSendEmail] = useState(false)
  const [busy, setBusy] = useState(false)
  const possible = useQuery({
    queryKey: rewardsKey(programId, rewardId, 'possible-winners'),
    queryFn: () => fetchPossibleWinners(programId, rewardId),
    enabled: open,
    staleTime: 0,
  })
  const toSync = possible.data ? Math.min(possible.data.limit_left, possible.data.eligible_participants_count) : 0

  const sync = async () => {
    setBusy(true)
    try {
      await rewardIntent(programId, rewardId, { intent: 'sync_winners', send_email: sendEmail })
      notify.success(t('rewards.sync.started'))
      setOpen(false)
      await invalidateProgram(queryClient, programId, 'rewards')
    } catch (error) {
      notify.error(t('error.title'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('rewards.sync.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={busy ? undefined : setOpen}
        title={t('rewards.sync.title')}
        description={t('rewards.sync.description')}
        actions={
          <>
            <DialogClose asChild>
              <Button variant="ghost">{t('rewards.form.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void sync()} loading={busy} disabled={!possible.data || toSync === 0}>
              {t('rewards.sync.button')}
            </Button>
          </>
        }
      >
        {possible.status === 'pending' ? (
          <p className="reward-muted">{t('table.loading')}</p>
        ) : possible.status === 'error' ? (
          <p className="field-error" role="alert">
            {errorMessage(possible.error, t('error.generic'))}
          </p>
        ) : (
          <>
            <dl className="reward-sync-numbers">
              <div>
                <dt>{t('rewards.sync.limitLeft')}</dt>
                <dd data-testid="limit-left">{formatNumber(possible.data.limit_left)}</dd>
              </div>
              <div>
                <dt>{t('rewards.sync.eligible')}</dt>
                <dd data-testid="eligible-count">{formatNumber(possible.data.eligible_participants_count)}</dd>
              </div>
              <div>
                <dt>{t('rewards.sync.toSync')}</dt>
                <dd>{formatNumber(toSync)}</dd>
              </div>
            </dl>
            {toSync === 0 && <p className="reward-muted">{t('rewards.sync.nothing')}</p>}
            <div className="field field-inline">
              <Checkbox id="sync-send-email" checked={sendEmail} onCheckedChange={(v) => setSendEmail(v === true)} />
              <label htmlFor="sync-send-email">{t('rewards.sync.sendEmail')}</label>
            </div>
          </>
        )}
      </Dialog>
    </>
  )
}
