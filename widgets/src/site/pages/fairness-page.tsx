import type { PublicFairness } from '../../../../sdk/contract/fairness'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { Skeleton } from '../../ui/skeleton'
import { useSite } from '../../widgets/shared/context'
import { errorMessage, useLoad } from '../../widgets/shared/use-load'
import { withStickyParams } from '../routes'
import './fairness-page.css'

const STATUS: Record<PublicFairness['status'], string> = {
  open: 'Entries are open. The draw has not been committed yet.',
  committed: 'Entries are closed. The seed is committed: its SHA-256 is below, and the seed itself is revealed after the draw.',
  drawn: 'The winners have been drawn. The seed is revealed: check that its SHA-256 is the commitment published before the draw.',
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '')

function Hash({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div class="fairness__fact fairness__fact--wide">
      <dt id={id}>{label}</dt>
      <dd>
        <code class="fairness__hash" aria-labelledby={id}>
          {value}
        </code>
      </dd>
    </div>
  )
}

/**
 * /sweepstakes/{reward_id}/fairness: the public proof of a sweepstake's draw
 * (docs/sweepstakes-fairness.md). Before the draw, the commitment (SHA-256 of the secret seed); after
 * it, the seed, the winners' pseudonymous entry ids and the audit file anyone can re-run with
 * scripts/verify-draw.mjs. A signed-in participant also sees their own entry id.
 */
export function FairnessPage({ id }: { id: string }) {
  const { client } = useSite()
  const [state] = useLoad(() => client.transport.request<{ data: PublicFairness }>('GET', `/public/sweepstakes/${encodeURIComponent(id)}/fairness`), id)
  const f = state.status === 'ready' ? state.data.data : null
  return (
    <section aria-labelledby="fairness-title" class="fairness">
      <div class="page-band page-band--flat">
        <div class="container">
          <h1 id="fairness-title" class="page-band__title">
            {f ? `${f.reward.name}: draw fairness` : 'Sweepstakes draw fairness'}
          </h1>
        </div>
      </div>
      <div class="container content-page">
        {state.status === 'loading' && <Skeleton />}
        {state.status === 'error' && <p role="alert">Error: {errorMessage(state.error, 'the draw could not be loaded')}</p>}
        {f && (
          <>
            <p class="fairness__status" data-status={f.status}>
              {STATUS[f.status]}
            </p>
            <dl class="fairness__facts">
              {f.entrants !== null && (
                <div class="fairness__fact">
                  <dt>Entrants</dt>
                  <dd>{formatNumber(f.entrants)}</dd>
                </div>
              )}
              {f.total_tickets !== null && (
                <div class="fairness__fact">
                  <dt>Entries</dt>
                  <dd>{formatNumber(f.total_tickets)}</dd>
                </div>
              )}
              {f.winner_count !== null && (
                <div class="fairness__fact">
                  <dt>Winners to draw</dt>
                  <dd>{formatNumber(f.winner_count)}</dd>
                </div>
              )}
              {f.committed_at && (
                <div class="fairness__fact">
                  <dt>Committed</dt>
                  <dd>{when(f.committed_at)}</dd>
                </div>
              )}
              {f.drawn_at && (
                <div class="fairness__fact">
                  <dt>Drawn</dt>
                  <dd>{when(f.drawn_at)}</dd>
                </div>
              )}
              {f.commitment && <Hash id="fairness-commitment" label="Commitment: SHA-256 of the secret seed" value={f.commitment} />}
              {f.entries_digest && <Hash id="fairness-digest" label="Entries snapshot digest (SHA-256)" value={f.entries_digest} />}
              {f.seed && <Hash id="fairness-seed" label="Seed (revealed after the draw)" value={f.seed} />}
            </dl>
            {f.your_entry && (
              <p class="fairness__mine">
                Your entry id is <code>{f.your_entry.id}</code> with {formatNumber(f.your_entry.tickets)} {f.your_entry.tickets === 1 ? 'entry' : 'entries'}.
              </p>
            )}
            {f.status === 'drawn' && (
              <>
                <h2 class="fairness__heading">Winners</h2>
                {f.winners.length ? (
                  <ol class="fairness__winners">
                    {f.winners.map((w) => (
                      <li key={w.id}>
                        <code>{w.id}</code> ({formatNumber(w.tickets)} {w.tickets === 1 ? 'entry' : 'entries'})
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p>No winners were drawn.</p>
                )}
                {f.audit_url && (
                  <p>
                    <a class={buttonClass()} href={withStickyParams(f.audit_url, location.search)} download>
                      Download the audit file
                    </a>
                  </p>
                )}
              </>
            )}
            <h2 class="fairness__heading">How to check it</h2>
            <ol class="fairness__steps">
              <li>Before the draw, the program publishes the SHA-256 of a secret 32-byte seed and closes entries.</li>
              <li>
                Winners are drawn from the seed, weighted by entries, with the published algorithm ({f.algorithm}): HMAC-SHA256 of the seed picks a ticket, the
                ticket's owner wins, and their tickets leave the draw.
              </li>
              <li>
                After the draw, the seed is revealed. <code>printf %s SEED | xxd -r -p | sha256sum</code> must print the commitment, and{' '}
                <code>node scripts/verify-draw.mjs audit.json</code> (in the Tessera repository) re-runs the draw from the audit file.
              </li>
            </ol>
          </>
        )}
      </div>
    </section>
  )
}
