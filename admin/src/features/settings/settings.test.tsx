// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { RETENTION_KINDS, retentionField, retentionWriteSchema } from '../../../../sdk/contract/console/retention'
import { en } from '../../locales/en'
import { es } from '../../locales/es'
import { renderWithProviders } from '../../testing/render'
import type { ProgramSettings, RetentionSettings } from './api/settings'
import { GeneralForm } from './components/general-page'
import { EnrollmentForm } from './components/program-forms'
import { RetentionSettingsCard } from './components/retention-page'
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
    // The save ends with its toast (awaited here, not left to land in the next test).
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Program updated successfully.' }))
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
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Program updated successfully.' }))
  })
})

describe('data retention settings (issue 28)', () => {
  const defaults = { receipt_images_days: 90, ip_device_days: 30, api_request_log_days: 30, delivered_outbox_days: 7, expired_sessions_days: 30, import_files_days: 30 }
  const none = { receipt_images_days: null, ip_device_days: null, api_request_log_days: null, delivered_outbox_days: null, expired_sessions_days: null, import_files_days: null }
  const retention = (overrides: Partial<RetentionSettings['overrides']> = {}): RetentionSettings => {
    const all = { ...none, ...overrides }
    return { defaults, overrides: all, effective: { ...defaults, ...Object.fromEntries(Object.entries(all).filter(([, v]) => v !== null)) } }
  }
  /** GET answers the saved windows; PATCH answers `patch` (a form result, with its status). */
  function retentionFetch(saved: RetentionSettings, patch: { status: number; body: unknown }) {
    return vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input))
      const method = init?.method ?? 'GET'
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const answer = method === 'GET' ? { status: 200, body: { data: saved } } : patch
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
    })
  }
  const patches = () => calls.filter((c) => c.method === 'PATCH')
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
  const applies = (kind: string) => screen.getByTestId(`retention-applies-${kind}`).textContent
  /** The texts the input's aria-describedby points at (its error or hint, and what applies). */
  const described = (label: string) =>
    (input(label).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' | ')

  it('reads the windows: each override in its field, empty with the default for the others, and what applies', async () => {
    vi.stubGlobal('fetch', retentionFetch(retention({ ip_device_days: 14 }), { status: 200, body: {} }))
    renderWithProviders(<RetentionSettingsCard programId={4} />)
    await waitFor(() => expect(input('IP and device hashes').value).toBe('14'))
    expect(calls).toEqual([{ method: 'GET', path: '/admin/v2/programs/4/settings/retention', body: undefined }])

    // An override: its days in the field, and they apply.
    expect(applies('ip_device')).toBe('Applies: 14 days')
    expect(described('IP and device hashes')).toContain('Default: 30 days.')
    // The deployment's default: an empty field that says the default, which applies.
    const receipts = input('Receipt images')
    expect(receipts.value).toBe('')
    expect(receipts.placeholder).toBe('Default: 90')
    expect({ type: receipts.type, min: receipts.min, max: receipts.max }).toEqual({ type: 'number', min: '1', max: '3650' })
    expect(applies('receipt_images')).toBe('Applies: 90 days (default)')
    expect(described('Receipt images')).toContain('before its image is deleted. The receipt, its amounts and points stay. Default: 90 days.')
    expect(described('Receipt images')).toContain('Applies: 90 days (default)')
    expect(input('Delivered e-mails and webhook events').placeholder).toBe('Default: 7')
    // One field per kind, each labelled by its rule.
    expect(screen.getAllByRole('spinbutton')).toHaveLength(RETENTION_KINDS.length)
  })

  it('sends only the windows changed (a cleared one as null, the default again), then shows what the server saved', async () => {
    const after = retention({ receipt_images_days: 45 })
    vi.stubGlobal('fetch', retentionFetch(retention({ ip_device_days: 14, import_files_days: 60 }), { status: 200, body: { success: true, errors: {}, data: after } }))
    renderWithProviders(<RetentionSettingsCard programId={4} />)
    await waitFor(() => expect(input('IP and device hashes').value).toBe('14'))
    fireEvent.change(input('Receipt images'), { target: { value: '45' } })
    fireEvent.change(input('IP and device hashes'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]).toMatchObject({ path: '/admin/v2/programs/4/settings/retention' })
    // Import files (60) was not touched: left out, so the server keeps it.
    expect(patches()[0]!.body).toEqual({ receipt_images_days: 45, ip_device_days: null })
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Data retention updated successfully.' }))
    // The form follows the answer: what applies now, and each field as saved.
    await waitFor(() => expect(applies('receipt_images')).toBe('Applies: 45 days'))
    expect(applies('ip_device')).toBe('Applies: 30 days (default)')
    expect(applies('import_files')).toBe('Applies: 30 days (default)')
    expect(input('Receipt images').value).toBe('45')
    expect(input('IP and device hashes').value).toBe('')
    expect(input('Import files').value).toBe('')
  })

  it("refuses a window out of its bounds at its field before sending, and shows the server's refusal at the field it names", async () => {
    vi.stubGlobal('fetch', retentionFetch(retention(), { status: 422, body: { success: false, errors: { expired_sessions_days: 'Expired sessions and codes: the server said no' } } }))
    renderWithProviders(<RetentionSettingsCard programId={4} />)
    fireEvent.change(await screen.findByLabelText('Receipt images'), { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Receipt images must be a whole number of days from 1 to 3650, or empty for the default')).toBeTruthy()
    expect(input('Receipt images').getAttribute('aria-invalid')).toBe('true')
    expect(described('Receipt images')).toContain('Receipt images must be a whole number of days')
    expect(patches()).toHaveLength(0)

    fireEvent.change(input('Receipt images'), { target: { value: '45' } })
    fireEvent.change(input('Expired sessions and codes'), { target: { value: '20' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]!.body).toEqual({ receipt_images_days: 45, expired_sessions_days: 20 })
    expect(await screen.findByText('Expired sessions and codes: the server said no')).toBeTruthy()
    expect(input('Expired sessions and codes').getAttribute('aria-invalid')).toBe('true')
    expect(described('Expired sessions and codes')).toContain('Expired sessions and codes: the server said no')
    expect(input('Receipt images').getAttribute('aria-invalid')).toBe('false')
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Error!!!', { description: 'Expired sessions and codes: the server said no' }))
    expect(sonner.success).not.toHaveBeenCalled()
  })

  it("has the contract's refusal of each window in the catalogs, so it shows in Spanish too", () => {
    for (const kind of RETENTION_KINDS) {
      const refused = retentionWriteSchema.safeParse({ [retentionField(kind)]: 0 })
      expect(refused.success).toBe(false)
      const key = `settings.retention.invalid.${kind}` as keyof typeof en
      expect(refused.error!.issues[0]!.message).toBe(en[key])
      expect(es[key]).not.toBe(en[key])
    }
  })
})
