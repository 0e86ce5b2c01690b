import { useState } from 'react'
import { Button, buttonClass } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Skeleton } from '../../components/ui/skeleton'
import { notify } from '../../components/ui/toast'
import { errorMessage } from '../../lib/error-message'
import { useOptionalProgram } from '../../lib/use-program'
import { auditFileUrl, type ConsoleFairDraw, useFairDraw, useFairDrawAction } from './api'
import { useFairDrawText } from './messages'
import './sweepstake-draw-panel.css'

type Props = { programId: number; rewardId: number }

/**
 * The provably fair draw of a sweepstake reward (docs/sweepstakes-fairness.md), for the reward
 * detail's Sweepstakes tab: open -> 'Generate entries' (the entries fixed, the seed committed) -> committed (the seed's hash shown, entries
 * closed) -> 'Draw winners' -> drawn (the seed revealed, the winners, 'Download audit file').
 * Admins with rewards manage commit and draw; rewards view reads.
 */
export function SweepstakeDrawPanel({ programId, rewardId }: Props) {
  const current = useOptionalProgram()
  return <FairDrawPanel programId={programId} rewardId={rewardId} canManage={current?.can('rewards:manage') ?? false} />
}

export function FairDrawPanel({ programId, rewardId, canManage }: Props & { canManage: boolean }) {
  const { t } = useFairDrawText()
  const query = useFairDraw(programId, rewardId)
  if (query.isPending) return <Card className="fair-draw" aria-busy="true"><CardContent><Skeleton height={120} /></CardContent></Card>
  if (query.isError) return <Card className="fair-draw"><CardContent><p role="alert">{t('loadFailed')} {errorMessage(query.error, '')}</p></CardContent></Card>
  return <FairDrawView programId={programId} rewardId={rewardId} canManage={canManage} draw={query.data} />
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="fair-draw-fact fair-draw-fact-wide">
      <dt>{label}</dt>
      <dd>
        <code className="fair-draw-hash">{value}</code>
      </dd>
    </div>
  )
}

function FairDrawView({ programId, rewardId, canManage, draw }: Props & { canManage: boolean; draw: ConsoleFairDraw }) {
  const { t, formatNumber } = useFairDrawText()
  const commit = useFairDrawAction(programId, rewardId, 'commit')
  const run = useFairDrawAction(programId, rewardId, 'draw')
  const [confirm, setConfirm] = useState<'commit' | 'draw' | null>(null)

  const act = async (which: 'commit' | 'draw') => {
    try {
      const result = await (which === 'commit' ? commit : run).mutateAsync()
      if (!result.success) notify.error(t('failed'), result.message)
      else notify.success(which === 'commit' ? t('seedCommitted') : t('winnerAssigned'))
    } catch (error) {
      notify.error(t('failed'), errorMessage(error, ''))
    }
  }

  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')
  const open = draw.status === 'open'
  const facts: [string, string][] = open
    ? [
        [t('entrants'), formatNumber(draw.open_entrants)],
        [t('tickets'), formatNumber(draw.open_tickets)],
        [t('winnersToDraw'), formatNumber(Math.max(0, draw.reward.limit - draw.reward.claims))],
      ]
    : [
        [t('entrants'), formatNumber(draw.entrants ?? 0)],
        [t('tickets'), formatNumber(draw.total_tickets ?? 0)],
        [t('winnersToDraw'), formatNumber(draw.winner_count ?? 0)],
        [t('algorithm'), draw.algorithm],
        [t('committedAt'), date(draw.committed_at)],
        ...(draw.status === 'drawn' ? ([[t('drawnAt'), date(draw.drawn_at)]] as [string, string][]) : []),
      ]

  return (
    <Card className="fair-draw" aria-labelledby="fair-draw-title">
      <CardHeader>
        <div className="fair-draw-heading">
          <CardTitle id="fair-draw-title">{t('title')}</CardTitle>
          <span className={`badge fair-draw-status fair-draw-status-${draw.status}`} data-testid="fair-draw-status">
            {t(`status.${draw.status}`)}
          </span>
        </div>
        <CardDescription>{t('intro')}</CardDescription>
      </CardHeader>
      <CardContent className="fair-draw-body">
        <dl className="fair-draw-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="fair-draw-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {draw.commitment && <Hash label={t('commitment')} value={draw.commitment} />}
          {draw.entries_digest && <Hash label={t('entriesDigest')} value={draw.entries_digest} />}
          {draw.seed && <Hash label={t('seed')} value={draw.seed} />}
        </dl>
        {open && <p className="fair-draw-note">{draw.open_entrants === 0 ? t('noEntries') : t('staffNote')}</p>}

        {draw.status === 'drawn' && (
          <section aria-labelledby="fair-draw-winners" className="fair-draw-winners">
            <h3 id="fair-draw-winners">{t('winners')}</h3>
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="fair-draw-winners">
              <table className="fair-draw-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('participant')}</th>
                    <th scope="col">{t('entryId')}</th>
                    <th scope="col">{t('tickets')}</th>
                    <th scope="col">{t('awarded')}</th>
                  </tr>
                </thead>
                <tbody>
                  {draw.winners.map((w, i) => (
                    <tr key={w.id}>
                      <td>{i + 1}</td>
                      <td>
                        {w.name ?? '—'}
                        {w.email && <span className="fair-draw-email"> {w.email}</span>}
                      </td>
                      <td>
                        <code>{w.id}</code>
                      </td>
                      <td>{formatNumber(w.tickets)}</td>
                      <td>{w.awarded ? t('awarded') : t('notAwarded')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="fair-draw-note">{t('verifyHint')}</p>
          </section>
        )}

        <div className="fair-draw-actions">
          {canManage && open && (
            <Button onClick={() => setConfirm('commit')} loading={commit.isPending} disabled={draw.open_entrants === 0}>
              {t('commit')}
            </Button>
          )}
          {canManage && draw.status === 'committed' && (
            <Button onClick={() => setConfirm('draw')} loading={run.isPending}>
              {t('draw')}
            </Button>
          )}
          {draw.audit_url && (
            <a className={buttonClass({ variant: 'primary' })} href={auditFileUrl(programId, rewardId)} download>
              {t('download')}
            </a>
          )}
          {!open && (
            <a className={buttonClass({ variant: 'secondary' })} href={draw.fairness_url} target="_blank" rel="noreferrer">
              {t('publicPage')}
            </a>
          )}
        </div>
      </CardContent>

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm === 'draw' ? t('drawConfirm') : t('commitConfirm')}
        description={confirm === 'draw' ? t('drawConfirmBody') : t('commitConfirmBody')}
        confirmLabel={confirm === 'draw' ? t('draw') : t('commit')}
        onConfirm={() => act(confirm!)}
      />
    </Card>
  )
}
