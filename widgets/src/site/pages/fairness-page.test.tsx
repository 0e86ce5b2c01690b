// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicFairness } from '../../../../sdk/contract/fairness'
import { renderInSite, type Rendered } from '../../widgets/shared/test-harness'
import { matchRoute } from '../routes'
import { FairnessPage } from './fairness-page'

const HASH = 'ab'.repeat(32)
const SEED = 'cd'.repeat(32)
const committed: PublicFairness = {
  reward: { id: 7, name: 'Espresso machine' },
  status: 'committed',
  algorithm: 'v1',
  commitment: HASH,
  committed_at: '2026-01-01T00:00:00.000Z',
  entries_digest: 'ef'.repeat(32),
  winner_count: 1,
  entrants: 2,
  total_tickets: 3,
  seed: null,
  drawn_at: null,
  winners: [],
  audit_url: null,
  your_entry: { id: '0123456789abcdef0123', tickets: 2 },
}

let view: Rendered | null = null
afterEach(() => {
  view?.unmount()
  view = null
})

describe('/sweepstakes/{id}/fairness', () => {
  it('is a route of the site', () => {
    expect(matchRoute('/sweepstakes/7/fairness', [])).toEqual({ name: 'fairness', id: '7' })
    expect(matchRoute('/sweepstakes/x/fairness', [])).toEqual({ name: 'not-found' })
  })

  it('shows the commitment before the draw and the seed, winners and audit file after it', async () => {
    const request = vi.fn(async () => ({ data: committed }))
    view = await renderInSite(<FairnessPage id="7" />, { client: { transport: { request } } })
    await vi.waitFor(() => expect(view!.container.textContent).toContain(HASH))
    expect(request).toHaveBeenCalledWith('GET', '/public/sweepstakes/7/fairness')
    expect(view.container.textContent).toContain('Entries are closed')
    expect(view.container.textContent).toContain('Your entry id is 0123456789abcdef0123')
    expect(view.container.textContent).not.toContain(SEED)
    view.unmount()

    const drawn: PublicFairness = { ...committed, status: 'drawn', seed: SEED, drawn_at: '2026-01-02T00:00:00.000Z', winners: [{ id: '0123456789abcdef0123', tickets: 2 }], audit_url: '/public/sweepstakes/7/audit.json' }
    view = await renderInSite(<FairnessPage id="7" />, { client: { transport: { request: async () => ({ data: drawn }) } } })
    await vi.waitFor(() => expect(view!.container.textContent).toContain(SEED))
    expect(view.container.textContent).toContain(HASH)
    expect(view.container.querySelector('ol.fairness__winners')?.textContent).toContain('0123456789abcdef0123')
    expect(view.container.querySelector<HTMLAnchorElement>('a[download]')?.getAttribute('href')).toBe('/public/sweepstakes/7/audit.json')
  })
})
