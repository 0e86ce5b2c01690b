// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../testing/render'

const api = vi.hoisted(() => ({ addCoupons: vi.fn(), fetchPossibleWinners: vi.fn(), rewardIntent: vi.fn() }))
vi.mock('../api/rewards', async (original) => ({ ...(await original<typeof import('../api/rewards')>()), ...api }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))

const { CouponAddForm, SWEEPSTAKE_HIDDEN_COLUMNS } = await import('./reward-tabs')
const { SyncWinnersButton } = await import('./sync-winners-dialog')
const { formValuesFrom, toLocalInput } = await import('./reward-form-page')
const { rewardListQuery } = await import('../api/rewards')

beforeEach(() => vi.clearAllMocks())
afterEach(cleanup)

describe('coupon add form', () => {
  it('refuses an empty list before calling the server', async () => {
    renderWithProviders(<CouponAddForm programId={1} rewardId={2} />)
    fireEvent.change(screen.getByLabelText('Coupon codes'), { target: { value: ' , ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add coupons' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Coupon codes are required')
    expect(api.addCoupons).not.toHaveBeenCalled()
  })

  it('sends the comma-separated list and shows every duplicate by name', async () => {
    api.addCoupons.mockResolvedValue({ success: true, message: '2 coupons added. Duplicates not added: A1', added: ['A1', 'B2'], duplicates: ['A1'] })
    renderWithProviders(<CouponAddForm programId={1} rewardId={2} />)
    fireEvent.change(screen.getByLabelText('Coupon codes'), { target: { value: 'A1,B2,A1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add coupons' }))
    await waitFor(() => expect(api.addCoupons).toHaveBeenCalledWith(1, 2, 'A1,B2,A1'))
    expect(await screen.findByText('Duplicates not added: A1')).toBeTruthy()
    expect(toasts.success).toHaveBeenCalledWith('Success!', '2 coupons added. Duplicates not added: A1')
  })
})

describe('sync winners', () => {
  it('shows the stock left and the eligible count, syncs the smaller and toasts Winners are being synced', async () => {
    api.fetchPossibleWinners.mockResolvedValue({ success: true, limit_left: 3, eligible_participants_count: 5 })
    api.rewardIntent.mockResolvedValue({ success: true, message: 'Winners are being synced' })
    renderWithProviders(<SyncWinnersButton programId={1} rewardId={9} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sync winners' }))
    expect((await screen.findByTestId('limit-left')).textContent).toBe('3')
    expect(screen.getByTestId('eligible-count').textContent).toBe('5')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send an e-mail to each winner' }))
    const buttons = screen.getAllByRole('button', { name: 'Sync winners' })
    fireEvent.click(buttons[buttons.length - 1]!)
    await waitFor(() => expect(api.rewardIntent).toHaveBeenCalledWith(1, 9, { intent: 'sync_winners', send_email: true }))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Winners are being synced'))
  })

  it('is disabled when nobody is eligible', async () => {
    api.fetchPossibleWinners.mockResolvedValue({ success: true, limit_left: 3, eligible_participants_count: 0 })
    renderWithProviders(<SyncWinnersButton programId={1} rewardId={9} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sync winners' }))
    expect(await screen.findByText('No inventory is left or no eligible participants exist.')).toBeTruthy()
    const buttons = screen.getAllByRole('button', { name: 'Sync winners' })
    expect((buttons[buttons.length - 1] as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('list query and form values', () => {
  it('sends the URL state and drops unknown sorts and filters', () => {
    expect(rewardListQuery({ page: 2, per_page: 20, sort: 'name', order: 'asc', q: 'cof', filters: { selection: 'redeem', status: 'bogus', tag: ' vip ' } })).toEqual({
      page: 2,
      per_page: 20,
      sort: 'name',
      order: 'asc',
      q: 'cof',
      selection: 'redeem',
      tag: 'vip',
    })
    expect(rewardListQuery({ page: 1, per_page: 20, sort: 'drop', order: 'asc', q: undefined, filters: {} })).toEqual({ page: 1, per_page: 20 })
  })

  it('fills a new form with the defaults and an edit with its values in local time', () => {
    const fresh = formValuesFrom({ selection: 'redeem' })
    expect(fresh).toMatchObject({ name: '', selection: 'redeem', limit: 1, featured: true, start: '' })
    const iso = '2026-03-04T05:06:00.000Z'
    const edit = formValuesFrom({ name: 'Mug', selection: 'achievement', achievement_rule: 'tag', achievement_tag: 'coffee', start: iso })
    expect(edit).toMatchObject({ name: 'Mug', achievement_rule: 'tag', achievement_tag: 'coffee', start: toLocalInput(iso) })
    expect(new Date(edit.start as string).toISOString()).toBe(iso)
  })

  it('hides the rewards and gender columns of the sweepstakes table by default', () => {
    expect(SWEEPSTAKE_HIDDEN_COLUMNS).toEqual(['rewards', 'gender'])
  })
})
