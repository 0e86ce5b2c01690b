// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConsoleReferral } from '../../../../sdk/contract/console/referrals'
import { renderWithProviders } from '../../testing/render'
import { referralForm, referralListQuery } from './api/referrals'

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useParams: () => ({ programId: 1, referralId: 9 }),
  useNavigate: () => vi.fn(),
  Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a>,
}))
const perms = vi.hoisted(() => ({ manage: true }))
vi.mock('../../lib/use-program', () => ({
  useCurrentProgram: () => ({ program: { id: 1, name: 'Demo' }, permissions: [], can: (p: string) => p !== 'users:manage' || perms.manage }),
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../components/ui/toast', () => ({ notify: toasts }))
const decide = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false, variables: undefined }))
vi.mock('./api/referrals', async (original) => ({ ...(await original<typeof import('./api/referrals')>()), useDecideReferral: () => decide }))

const { ReferralOverviewCard } = await import('./components/referral-page')

afterEach(cleanup)
beforeEach(() => {
  vi.clearAllMocks()
  perms.manage = true
})

const referral = (status: ConsoleReferral['status']): ConsoleReferral => ({
  id: 9,
  status,
  referrer_id: 1,
  referrer_name: 'Ana Maria',
  referrer_email: 'ana.maria@gmail.com',
  referred_participant_id: 2,
  referred_participant_name: 'Ana M',
  referred_participant_email: 'anamaria+friend@googlemail.com',
  points: 0,
  admin_comments: null,
  hold_reason: 'same_address',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
})

describe('referral review', () => {
  it('shows why it was held and approves with comments', () => {
    renderWithProviders(<ReferralOverviewCard referral={referral('pending')} />)
    expect(screen.getByText('Same e-mail as the referrer')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Comments'), { target: { value: 'checked by phone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(decide.mutate).toHaveBeenCalledWith({ status: 'approved', comments: 'checked by phone' }, expect.anything())
  })

  it("toasts 'Failed to update referral' with the server's message", async () => {
    decide.mutate.mockImplementation((_vars, opts: { onError: (e: Error) => void }) => opts.onError(new Error('This referral was already approved')))
    renderWithProviders(<ReferralOverviewCard referral={referral('pending')} />)
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to update referral', 'This referral was already approved'))
  })

  it('offers no decision once decided, nor without users manage', () => {
    renderWithProviders(<ReferralOverviewCard referral={referral('approved')} />)
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(screen.getByText('This referral was approved; it can no longer change.')).toBeTruthy()
    cleanup()
    perms.manage = false
    renderWithProviders(<ReferralOverviewCard referral={referral('pending')} />)
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
  })

  it('sends the decision as multipart referral[status] and referral[admin_comments], and the list filters', () => {
    const form = referralForm('rejected', '  throwaway ')
    expect([...form.entries()]).toEqual([
      ['referral[status]', 'rejected'],
      ['referral[admin_comments]', 'throwaway'],
    ])
    expect(referralListQuery({ page: 2, per_page: 20, sort: undefined, order: undefined, q: 'ana', filters: { status: 'pending' } })).toEqual({ page: 2, per_page: 20, q: 'ana', status: 'pending' })
    expect(referralListQuery({ page: 1, per_page: 20, sort: undefined, order: undefined, q: undefined, filters: { status: 'bogus' } })).toEqual({ page: 1, per_page: 20 })
  })
})
