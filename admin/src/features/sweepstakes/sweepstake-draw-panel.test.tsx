// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConsoleFairDraw } from '../../../../sdk/contract/fairness'
import { I18nProvider } from '../../lib/i18n'
import { renderWithProviders } from '../../testing/render'

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }))
vi.mock('../../lib/api-client', () => ({ api }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../components/ui/toast', () => ({ notify: toasts }))

const { FairDrawPanel } = await import('./sweepstake-draw-panel')

const HASH = 'a'.repeat(64)
const SEED = 'b'.repeat(64)
const base: ConsoleFairDraw = {
  reward: { id: 5, name: 'Trip', limit: 2, claims: 0 },
  status: 'open',
  algorithm: 'v1',
  commitment: null,
  committed_at: null,
  entries_digest: null,
  winner_count: null,
  entrants: null,
  total_tickets: null,
  seed: null,
  drawn_at: null,
  open_entrants: 3,
  open_tickets: 7,
  winners: [],
  fairness_url: 'http://localhost/sweepstakes/5/fairness',
  audit_url: null,
}
const committed: ConsoleFairDraw = { ...base, status: 'committed', commitment: HASH, committed_at: '2026-01-01T00:00:00.000Z', entries_digest: 'c'.repeat(64), winner_count: 2, entrants: 3, total_tickets: 7 }
const drawn: ConsoleFairDraw = {
  ...committed,
  status: 'drawn',
  seed: SEED,
  drawn_at: '2026-01-02T00:00:00.000Z',
  winners: [{ id: 'e1e1e1e1e1e1e1e1e1e1', tickets: 3, participant_id: 9, name: 'Ada L', email: 'ada@example.com', awarded: true }],
  audit_url: '/admin/v2/programs/1/rewards/5/fair_draw/audit.json',
}

const confirmIn = async (name: string) => {
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(within(dialog).getByRole('button', { name }))
}

describe('SweepstakeDrawPanel', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(cleanup)

  it('goes open -> Generate entries -> committed (hash, entries closed) -> Draw winners -> drawn (seed, winners, audit download)', async () => {
    api.get.mockResolvedValueOnce({ data: base })
    renderWithProviders(<FairDrawPanel programId={1} rewardId={5} canManage />)
    expect(await screen.findByText('Entries open')).toBeTruthy()
    expect(screen.queryByText('Download audit file')).toBeNull()

    api.post.mockResolvedValueOnce({ success: true, message: 'Entries generated', data: committed })
    api.get.mockResolvedValue({ data: committed })
    fireEvent.click(screen.getByRole('button', { name: 'Generate entries' }))
    await confirmIn('Generate entries')
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/v2/programs/1/rewards/5/fair_draw/commit'))
    expect(await screen.findByText('Seed committed, entries closed')).toBeTruthy()
    expect(screen.getByText(HASH)).toBeTruthy()
    expect(screen.queryByText(SEED)).toBeNull()

    api.post.mockResolvedValueOnce({ success: true, message: 'Winner assigned', data: drawn })
    api.get.mockResolvedValue({ data: drawn })
    fireEvent.click(screen.getByRole('button', { name: 'Draw winners' }))
    await confirmIn('Draw winners')
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/v2/programs/1/rewards/5/fair_draw/draw'))
    expect(await screen.findByText(SEED)).toBeTruthy()
    expect(screen.getByText('Ada L')).toBeTruthy()
    expect(screen.getByText('e1e1e1e1e1e1e1e1e1e1')).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Download audit file' })
    expect(link.getAttribute('href')).toBe('/admin/v2/programs/1/rewards/5/fair_draw/audit.json')
    expect(toasts.success).toHaveBeenCalledWith('Winner assigned')
  })

  it("toasts 'Failed to perform action' on an empty result and on a refusal", async () => {
    api.get.mockResolvedValue({ data: committed })
    renderWithProviders(<FairDrawPanel programId={1} rewardId={5} canManage />)
    api.post.mockResolvedValueOnce({ success: false, message: 'Failed to perform action', data: { ...drawn, winners: [] } })
    fireEvent.click(await screen.findByRole('button', { name: 'Draw winners' }))
    await confirmIn('Draw winners')
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to perform action', 'Failed to perform action'))
    expect(toasts.success).not.toHaveBeenCalled()
  })

  it('shows no commit or draw button to admins without rewards manage', async () => {
    api.get.mockResolvedValue({ data: committed })
    renderWithProviders(<FairDrawPanel programId={1} rewardId={5} canManage={false} />)
    expect(await screen.findByText(HASH)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Draw winners' })).toBeNull()
  })

  it('speaks Spanish, with the same keys as English', async () => {
    api.get.mockResolvedValue({ data: base })
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider locale="es">
          <FairDrawPanel programId={1} rewardId={5} canManage />
        </I18nProvider>
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Participaciones abiertas')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Generar participaciones' })).toBeTruthy()
  })
})
