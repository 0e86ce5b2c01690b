// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import type { ProgramSettings } from './api/settings'
import { GeneralForm } from './components/general-page'
import { EnrollmentForm } from './components/program-forms'
import { TiersForm } from './components/tiers-page'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))

type Call = { method: string; path: string; body: unknown }
let calls: Call[] = []

function fakeFetch(answer: { status: number; body: unknown }) {
  return vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
}

beforeAll(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">'
})
beforeEach(() => {
  calls = []
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

const tier = (n: number) => within(screen.getByRole('group', { name: `Tier ${n}` }))
const value = (n: number, label: string) => (tier(n).getByLabelText(label) as HTMLInputElement).value

describe('program tiers form (spec sections 4 and 9)', () => {
  it('starts a new tier at 1000 or the previous maximum + 1, steps 1000, keeps the first two, and saves the whole set', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { success: true, errors: {}, data: [] } }))
    renderWithProviders(<TiersForm programId={4} rows={[]} />)
    expect(screen.getByText('No tiers yet. Add the first one.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }))
    await waitFor(() => expect(value(1, 'Minimum points')).toBe('1000'))
    expect(value(1, 'Maximum points')).toBe('1999')
    fireEvent.change(tier(1).getByLabelText('Name'), { target: { value: 'Bronze' } })
    fireEvent.change(tier(1).getByLabelText('Maximum points'), { target: { value: '2499' } })

    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }))
    await waitFor(() => expect(value(2, 'Minimum points')).toBe('2500'))
    expect(value(2, 'Maximum points')).toBe('3499')
    fireEvent.change(tier(2).getByLabelText('Name'), { target: { value: 'Silver' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }))
    await waitFor(() => expect(value(3, 'Minimum points')).toBe('3500'))
    fireEvent.change(tier(3).getByLabelText('Name'), { target: { value: 'Gold' } })

    // The first two cannot be removed; the third can.
    expect(tier(1).queryByRole('button', { name: /Remove tier/ })).toBeNull()
    expect(tier(2).queryByRole('button', { name: /Remove tier/ })).toBeNull()
    expect(tier(3).getByRole('button', { name: 'Remove tier Gold' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/admin/v2/programs/4/program_tiers' })
    expect(calls[0]!.body).toEqual({
      tiers: [
        { id: null, name: 'Bronze', points_threshold_min: 1000, points_threshold_max: 2499 },
        { id: null, name: 'Silver', points_threshold_min: 2500, points_threshold_max: 3499 },
        { id: null, name: 'Gold', points_threshold_min: 3500, points_threshold_max: 4499 },
      ],
    })
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Program Tiers updated successfully.' }))
  })

  it('refuses a gap before sending, and shows the server refusal under its field with Error!!!', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 422, body: { success: false, errors: { 'tiers.0.name': 'Name has already been taken' } } }))
    renderWithProviders(
      <TiersForm
        programId={4}
        rows={[
          { id: 1, name: 'Bronze', points_threshold_min: 0, points_threshold_max: 999 },
          { id: 2, name: 'Silver', points_threshold_min: 1000, points_threshold_max: 1999 },
        ]}
      />,
    )
    await waitFor(() => expect(value(2, 'Minimum points')).toBe('1000'))
    fireEvent.change(tier(2).getByLabelText('Minimum points'), { target: { value: '1200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText("Minimum points must be 1000, right after the previous tier's maximum")).toBeTruthy()
    expect(calls).toHaveLength(0)

    fireEvent.change(tier(2).getByLabelText('Minimum points'), { target: { value: '1000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Name has already been taken')).toBeTruthy()
    expect(calls).toHaveLength(1)
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Error!!!', { description: 'Name has already been taken' }))
  })
})

const settings = (over: Partial<ProgramSettings> = {}): ProgramSettings => ({
  id: 4,
  name: 'Demo',
  subdomain: 'demo',
  features: { social_network_posts: false, donation_challenge: false, offers_reward: false, otp_login: true, receipts: false, dynamic_feed_posts: false, tiers: false },
  test_mode: false,
  term_points_as: 'points',
  term_rewards_as: 'rewards',
  earn_points_icon: null,
  current_rewards_icon: null,
  my_rewards_icon: null,
  prizes_title: null,
  my_account_title: null,
  seo: { title: null, description: null, image: null },
  override_enrollment: false,
  program_custom_signin_url: null,
  trusted_signin_networks: [],
  point_value: null,
  currency: null,
  ...over,
})

describe('enrollment settings: trusted networks (issue 25)', () => {
  const patches = () => calls.filter((c) => c.method === 'PATCH')
  const box = () => screen.getByLabelText('Trusted networks') as HTMLTextAreaElement

  it('shows the saved list one per line and sends the edited one as a list', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { success: true, errors: {}, data: settings({ trusted_signin_networks: ['203.0.113.0/24', '2001:db8:5::/48'] }) } }))
    renderWithProviders(<EnrollmentForm settings={settings({ trusted_signin_networks: ['203.0.113.0/24'] })} />)
    await waitFor(() => expect(box().value).toBe('203.0.113.0/24'))
    fireEvent.change(box(), { target: { value: '203.0.113.0/24\n 2001:db8:5::/48 \n' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]).toMatchObject({ path: '/admin/v2/programs/4/settings/enrollment' })
    expect(patches()[0]!.body).toEqual({ override_enrollment: false, program_custom_signin_url: null, trusted_signin_networks: ['203.0.113.0/24', '2001:db8:5::/48'] })
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Program updated successfully.' }))
  })

  it('names a bad entry under the field before sending, and shows the server refusal there too', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 422, body: { success: false, errors: { trusted_signin_networks: 'Trusted networks: at most 100 ranges (101 given)' } } }))
    renderWithProviders(<EnrollmentForm settings={settings()} />)
    fireEvent.change(box(), { target: { value: '203.0.113.0/24\n10.0.0.0/40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Trusted networks: "10.0.0.0/40" is not an address range (like 203.0.113.0/24 or 2001:db8::/32)')).toBeTruthy()
    expect(box().getAttribute('aria-invalid')).toBe('true')
    expect(patches()).toHaveLength(0)

    fireEvent.change(box(), { target: { value: '203.0.113.0/24' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Trusted networks: at most 100 ranges (101 given)')).toBeTruthy()
    expect(patches()).toHaveLength(1)
  })
})

describe('general settings: the point value (issue 27)', () => {
  const patches = () => calls.filter((c) => c.method === 'PATCH')

  it('sends the point value as typed, with its currency, and shows the saved one', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { success: true, errors: {}, data: settings({ point_value: 0.015, currency: 'USD' }) } }))
    renderWithProviders(<GeneralForm settings={settings({ point_value: 0.01, currency: 'EUR' })} />)
    const pointValue = (await screen.findByLabelText('Point value')) as HTMLInputElement
    await waitFor(() => expect(pointValue.value).toBe('0.01'))
    fireEvent.change(pointValue, { target: { value: '0.015' } })
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'usd' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]).toMatchObject({ path: '/admin/v2/programs/4/settings/general', body: { name: 'Demo', point_value: 0.015, currency: 'USD' } })
  })

  it('names the missing currency before sending, and clears both when both are emptied', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { success: true, errors: {}, data: settings() } }))
    renderWithProviders(<GeneralForm settings={settings()} />)
    fireEvent.change(await screen.findByLabelText('Point value'), { target: { value: '0.02' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Currency is required with a point value')).toBeTruthy()
    expect(patches()).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Point value'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]!.body).toEqual({ name: 'Demo', point_value: null, currency: null })
  })
})
