// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../testing/render'

// The tab reads its ids and table state from the router and its permissions from the program.
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useParams: () => ({ programId: 1, rewardId: 2 }),
  useSearch: () => ({}),
  useNavigate: () => vi.fn(),
  Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a>,
}))
const perms = vi.hoisted(() => ({ manage: true }))
vi.mock('../../../lib/use-program', () => ({
  useCurrentProgram: () => ({ program: { id: 1, name: 'Demo' }, permissions: [], can: (p: string) => p !== 'rewards:manage' || perms.manage }),
}))
const api = vi.hoisted(() => ({ fetchRewardTab: vi.fn(), refundRewardClaim: vi.fn(), rewardIntent: vi.fn() }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))
vi.mock('../api/rewards', async (original) => ({ ...(await original<typeof import('../api/rewards')>()), ...api }))

const { RewardSweepstakesTab, RewardUsersTab } = await import('./reward-tabs')

afterEach(cleanup)

describe('sweepstakes tab', () => {
  it('shows the draw panel and the entries, with the rewards and gender columns hidden until chosen', async () => {
    api.fetchRewardTab.mockResolvedValue({
      rows: [{ participant_id: 5, name: 'Ana Ruiz', email: 'ana@example.com', entries: 3, winner: false, rewards: 2, gender: 'female', updated_at: '2026-01-01T00:00:00.000Z' }],
      total: 1,
    })
    renderWithProviders(<RewardSweepstakesTab drawPanel={<section aria-label="Provably fair draw">panel</section>} />)
    expect(screen.getByRole('region', { name: 'Provably fair draw' })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Sweepstakes' })
    await within(table).findByText('Ana Ruiz')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(expect.arrayContaining(['Participant', 'Email', 'Entries', 'Winner']))
    expect(headers).not.toContain('Rewards')
    expect(headers).not.toContain('Gender')
    expect(within(table).queryByText('female')).toBeNull()
    expect(api.fetchRewardTab).toHaveBeenCalledWith(1, 2, 'sweepstake', expect.objectContaining({ page: 1 }), expect.anything())
    // The export is there for admins who manage rewards.
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/admin/v2/programs/1/rewards/2/sweepstake.csv')
    // The column chooser offers them.
    expect(screen.getByRole('button', { name: /columns/i })).toBeTruthy()
  })

  it('has no export without rewards manage', async () => {
    perms.manage = false
    api.fetchRewardTab.mockResolvedValue({ rows: [], total: 0 })
    renderWithProviders(<RewardSweepstakesTab />)
    await screen.findByText('No results found')
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull()
    perms.manage = true
  })
})

describe('users tab', () => {
  it('refunds a claim after asking, and offers no refund of a refunded one', async () => {
    api.fetchRewardTab.mockResolvedValue({
      rows: [
        { id: 41, participant_id: 5, name: 'Ana Ruiz', email: 'ana@example.com', status: 'claimed', points_spent: 30, coupon_code: 'CODE-1', created_at: '2026-01-01T00:00:00.000Z' },
        { id: 42, participant_id: 6, name: 'Bo Lee', email: 'bo@example.com', status: 'refunded', points_spent: 30, coupon_code: null, created_at: '2026-01-01T00:00:00.000Z' },
      ],
      total: 2,
    })
    api.refundRewardClaim.mockResolvedValue({ success: true, message: 'Claim refunded' })
    renderWithProviders(<RewardUsersTab />)
    await screen.findByText('CODE-1')
    expect(screen.queryByRole('button', { name: 'Refund the claim of Bo Lee' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Refund the claim of Ana Ruiz' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund this claim?' })
    expect(dialog.textContent).toContain('Ana Ruiz gets the 30 points spent back')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }))
    await waitFor(() => expect(api.refundRewardClaim).toHaveBeenCalledWith(1, 41))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Claim refunded'))
  })
})
