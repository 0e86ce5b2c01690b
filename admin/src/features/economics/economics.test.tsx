// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EconomicsReport } from '../../../../sdk/contract/console/economics'
import type { ConsoleBootstrap } from '../../lib/bootstrap'
import { I18nProvider } from '../../lib/i18n'
import { createQueryClient } from '../../lib/query-client'
import { seedBootstrap } from '../../lib/use-bootstrap'
import { earnBurnChartRows, sourcesOf } from './components/earn-burn'
import { shadeOf } from './components/retention-grid'
import { EconomicsPage } from './index'
import { economicsSearchSchema, monthsOf, periodOfSearch, periodProblem, presetOf, presetPeriod } from './period'

const PROGRAM = 4
// 2026-05-20, 15:00 UTC.
const NOW = Date.UTC(2026, 4, 20, 15)

const bootstrap = (permissions: string[]): ConsoleBootstrap => ({
  user: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@tessera.dev', preferred_locale: 'en' },
  programs: [{ id: PROGRAM, name: 'Ember & Oak', subdomain_url: 'https://demo.example', public_key: 'demo', features: {}, i18n_enabled: false, test_mode: false, term_points_as: 'points', term_rewards_as: 'rewards' }],
  user_permissions: { [String(PROGRAM)]: permissions },
  organization_permissions: [],
})

const row = (source: string, challenge_type: string | null, earned: number, spent: number, deducted = 0, expired = 0) => ({
  source,
  challenge_type,
  earned,
  spent,
  deducted,
  expired,
  net: earned - spent - deducted - expired,
})

const report = (over: Partial<EconomicsReport> = {}): EconomicsReport => ({
  period: { from: '2026-01-01', to: '2026-03-31' },
  summary: {
    ok: true,
    data: {
      point_value: 0.01,
      currency: 'USD',
      points_outstanding: 123_450,
      liability: 1234.5,
      redemption_rate: 0.25,
      breakage_rate: 0.125,
      all_time: { earned: 8000, spent: 2000, expired: 1000, redemption_rate: 0.25, breakage_rate: 0.125 },
      period: { from: '2026-01-01', to: '2026-03-31', earned: 4000, spent: 1600, expired: 0, redemption_rate: 0.4, breakage_rate: 0 },
    },
  },
  earn_burn: {
    ok: true,
    data: {
      period: { from: '2026-01-01', to: '2026-03-31' },
      sources: [row('challenge', 'video', 3000, 0), row('reward', null, 0, 1600)],
      months: [{ month: '2026-02', sources: [row('challenge', 'video', 3000, 0), row('reward', null, 0, 1600)] }],
    },
  },
  forecast: {
    ok: true,
    data: {
      expiry_rule: { active: true, months_after_earning: 12 },
      point_value: 0.01,
      currency: 'USD',
      overdue_points: 0,
      expected_breakage_rate: 0.5,
      months: [
        { month: '2026-05', points_expiring: 400, value: 4, expected_breakage: 200, expected_breakage_value: 2 },
        { month: '2026-06', points_expiring: 0, value: 0, expected_breakage: 0, expected_breakage_value: 0 },
      ],
      total_points_expiring: 400,
      total_expected_breakage: 200,
    },
  },
  participation: {
    ok: true,
    data: { months: [{ month: '2026-01', active: 3, members: 12, participation_rate: 0.25 }] },
  },
  retention: {
    ok: true,
    data: {
      cohorts: [
        {
          cohort: '2026-01',
          size: 4,
          months: [
            { offset: 0, month: '2026-01', active: 4, rate: 1 },
            { offset: 1, month: '2026-02', active: 2, rate: 0.5 },
          ],
        },
        { cohort: '2026-02', size: 0, months: [{ offset: 0, month: '2026-02', active: 0, rate: null }] },
      ],
    },
  },
  tiers: {
    ok: true,
    data: {
      tiers: [
        { tier_id: null, name: 'No tier', points_threshold_min: null, points_threshold_max: null, members: 9, moves_up: 0, moves_down: 1 },
        { tier_id: 1, name: 'Gold', points_threshold_min: 1000, points_threshold_max: null, members: 3, moves_up: 2, moves_down: 0 },
      ],
      months: [{ month: '2026-02', moves_up: 2, moves_down: 1 }],
    },
  },
  ...over,
})

type Answer = { status: number; body: unknown }
let requests: URL[] = []
let answer: (url: URL) => Answer

beforeAll(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">'
})
beforeEach(() => {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost')
      requests.push(url)
      const { status, body } = answer(url)
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The page under the console's own path, at `search`, signed in with `permissions` on the program. */
async function openEconomics(search: string, permissions = ['dashboard:view', 'program:update']) {
  const root = createRootRoute()
  const program = createRoute({
    getParentRoute: () => root,
    path: 'programs/$programId',
    params: { parse: (raw: { programId: string }) => ({ programId: Number(raw.programId) }), stringify: (p: { programId: number }) => ({ programId: String(p.programId) }) },
  })
  const economics = createRoute({ getParentRoute: () => program, path: 'dashboard/economics', validateSearch: economicsSearchSchema, component: EconomicsPage })
  const general = createRoute({ getParentRoute: () => program, path: 'settings/general', component: () => <h1>General</h1> })
  const router = createRouter({
    routeTree: root.addChildren([program.addChildren([economics, general])]),
    history: createMemoryHistory({ initialEntries: [`/programs/${PROGRAM}/dashboard/economics${search}`] }),
  })
  const queryClient = createQueryClient()
  seedBootstrap(queryClient, bootstrap(permissions))
  await router.load()
  render(
    <I18nProvider locale="en">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return router
}

const block = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('section')!

describe('economics period (URL ?from&to, UTC days)', () => {
  it('computes the presets, the server default and the hand-typed checks', () => {
    expect(presetPeriod('last_12_months', NOW)).toEqual({ from: '2025-06-01', to: '2026-05-20' })
    expect(presetPeriod('last_3_months', NOW)).toEqual({ from: '2026-03-01', to: '2026-05-20' })
    expect(presetPeriod('this_year', NOW)).toEqual({ from: '2026-01-01', to: '2026-05-20' })
    expect(presetPeriod('last_year', NOW)).toEqual({ from: '2025-01-01', to: '2025-12-31' })
    // No period in the URL is the server's default, which is the Last 12 months preset.
    expect(periodOfSearch({}, NOW)).toEqual(presetPeriod('last_12_months', NOW))
    expect(periodOfSearch({ to: '2025-03-10' }, NOW)).toEqual({ from: '2024-04-01', to: '2025-03-10' })
    expect(presetOf({ from: '2026-01-01', to: '2026-05-20' }, NOW)).toBe('this_year')
    expect(presetOf({ from: '2026-01-02', to: '2026-05-20' }, NOW)).toBe('custom')
    expect(periodProblem({ from: '2026-01-01', to: '2026-02-01' })).toBeNull()
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-01' })).toBe('order')
    expect(periodProblem({ from: '', to: '2026-01-01' })).toBe('missing')
    expect(periodProblem({ from: '2010-01-01', to: '2026-01-01' })).toBe('tooLong')
    // An unreadable day in the URL is dropped, not an error page.
    expect(economicsSearchSchema.parse({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: undefined, to: '2026-03-01' })
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
  })

  it('stacks earn above and burn below the line per month, challenge types added into their source, empty months at zero', () => {
    const data = {
      period: { from: '2026-01-01', to: '2026-02-28' },
      sources: [],
      months: [{ month: '2026-02', sources: [row('challenge', 'video', 30, 0), row('challenge', 'survey', 20, 0), row('reward', null, 0, 40, 0, 5), row('partner_x', null, 7, 0)] }],
    }
    const sources = sourcesOf(data)
    expect(sources).toEqual(['challenge', 'reward', 'partner_x'])
    expect(earnBurnChartRows(data, data.period, sources)).toEqual([
      { month: '2026-01', 'earned:challenge': 0, 'burned:challenge': 0, 'earned:reward': 0, 'burned:reward': 0, 'earned:partner_x': 0, 'burned:partner_x': 0 },
      { month: '2026-02', 'earned:challenge': 50, 'burned:challenge': 0, 'earned:reward': 0, 'burned:reward': -45, 'earned:partner_x': 7, 'burned:partner_x': 0 },
    ])
    expect([null, 0, 0.01, 0.2, 0.21, 0.5, 1].map(shadeOf)).toEqual([0, 0, 1, 1, 2, 3, 5])
  })
})

describe('Dashboard > Economics', () => {
  it("asks for the URL's period, shows the cards, tables and cohort grid, and one failed block alone with its message and a retry of that block", async () => {
    answer = (url) =>
      url.pathname.endsWith('/economics/earn_burn')
        ? { status: 200, body: { data: (report().earn_burn as { data: unknown }).data } }
        : { status: 200, body: { data: report({ earn_burn: { ok: false, error: { code: 'internal', message: 'Earn and burn is unavailable right now' } } }) } }
    await openEconomics('?from=2026-01-01&to=2026-03-31')

    const liability = await screen.findByRole('heading', { level: 3, name: 'Liability' })
    expect(requests.map((u) => `${u.pathname}${u.search}`)).toEqual([`/admin/v2/programs/${PROGRAM}/economics?from=2026-01-01&to=2026-03-31`])
    const card = liability.closest('article')!
    expect(within(card).getByText('$1,234.50')).toBeTruthy()
    expect(within(card).getByText('123,450 points outstanding at $0.01 a point')).toBeTruthy()
    const redemption = screen.getByRole('heading', { level: 3, name: 'Redemption rate' }).closest('article')!
    expect(redemption.textContent).toContain('25%')
    expect(within(redemption).getByText('This period: 40%')).toBeTruthy()
    const breakage = screen.getByRole('heading', { level: 3, name: 'Breakage rate' }).closest('article')!
    expect(breakage.textContent).toContain('12.5%')
    expect(within(breakage).getByText('This period: 0%')).toBeTruthy()

    // Earn and burn failed alone: its message and Retry, no CSV link; the others show.
    const earnBurn = block('Earn and burn by source')
    expect(within(earnBurn).getByRole('alert').textContent).toContain('Earn and burn is unavailable right now')
    expect(within(earnBurn).queryByRole('link')).toBeNull()

    // The forecast's table, with its values in the currency.
    const forecast = screen.getByRole('table', { name: 'Liability forecast by month' })
    const may = within(forecast).getByRole('row', { name: /May 2026/ })
    expect(within(may).getAllByRole('cell').map((c) => c.textContent)).toEqual(['400', '$4.00', '200', '$2.00'])
    expect(screen.getByText('Due to expire in the next 12 months: 400 points, worth $4.00.')).toBeTruthy()

    // The cohort grid: a table with column and row headers, the shares as text, shaded.
    const grid = screen.getByRole('table', { name: 'Retention cohorts' })
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Join month', 'Members', 'Month 0', 'Month 1'])
    const january = within(grid).getByRole('row', { name: /January 2026/ })
    expect(within(january).getByRole('rowheader').textContent).toBe('January 2026')
    const cells = within(january).getAllByRole('cell')
    expect(cells.map((c) => c.textContent)).toEqual(['4', '100%', '50%'])
    expect(cells[1]!.className).toContain('economics-shade-5')
    expect(cells[2]!.className).toContain('economics-shade-3')
    expect(cells[2]!.getAttribute('title')).toBe('2 of 4 active in February 2026')
    const february = within(grid).getByRole('row', { name: /February 2026/ })
    expect(within(february).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0', '—', ''])

    // Participation and tiers.
    const participation = within(screen.getByRole('table', { name: 'Participation by month' })).getByRole('row', { name: /January 2026/ })
    expect(within(participation).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '12', '25%'])
    const gold = within(screen.getByRole('table', { name: 'Members per tier' })).getByRole('row', { name: /Gold/ })
    expect(within(gold).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1,000 or more', '3', '2', '0'])

    // Each table's Export CSV link: its block's .csv route, for the period shown.
    const csv = screen.getAllByRole('link', { name: /^Export CSV/ }).map((a) => a.getAttribute('href'))
    expect(csv).toEqual(
      ['summary', 'forecast', 'retention', 'participation', 'tiers'].map((b) => `/admin/v2/programs/${PROGRAM}/economics/${b}.csv?from=2026-01-01&to=2026-03-31`),
    )
    expect(screen.getByRole('link', { name: 'Export CSV of retention by join month' })).toBeTruthy()

    // Retry asks for that block alone; it then shows its table, and the others were not asked again.
    fireEvent.click(within(earnBurn).getByRole('button', { name: 'Retry' }))
    const table = await screen.findByRole('table', { name: 'Earn and burn by source for the period' })
    expect(requests.map((u) => `${u.pathname}${u.search}`).slice(1)).toEqual([`/admin/v2/programs/${PROGRAM}/economics/earn_burn?from=2026-01-01&to=2026-03-31`])
    const video = within(table).getByRole('row', { name: /Challenges/ })
    expect(within(video).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Video', '3,000', '0', '0', '0', '3,000'])
    const total = within(table).getByRole('row', { name: /Total/ })
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '3,000', '1,600', '0', '0', '1,400'])
  })

  it('shows the points and a link to Settings > General without a point value; a failed request fails every block on its own', async () => {
    const unvalued = report()
    if (unvalued.summary.ok) Object.assign(unvalued.summary.data, { point_value: null, currency: null, liability: null })
    answer = () => ({ status: 200, body: { data: unvalued } })
    await openEconomics('')
    const card = (await screen.findByRole('heading', { level: 3, name: 'Liability' })).closest('article')!
    expect(within(card).getByText('123,450 points outstanding')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Set a point value in Settings > General' }).getAttribute('href')).toBe(`/programs/${PROGRAM}/settings/general`)
    // No period in the URL: the server's default is asked for, and the links export what it answered.
    expect(requests[0]!.search).toBe('')
    expect(screen.getAllByRole('link', { name: /^Export CSV/ })[0]!.getAttribute('href')).toContain('summary.csv?from=2026-01-01&to=2026-03-31')
    cleanup()

    requests = []
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'Internal error' } } })
    await openEconomics('?from=2026-01-01&to=2026-03-31', ['dashboard:view'])
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(6), { timeout: 5000 })
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(6)
  })

  it('reflects a period typed by hand in the URL, and refuses one that ends before it starts', async () => {
    answer = () => ({ status: 200, body: { data: report() } })
    const router = await openEconomics('?from=2026-01-01&to=2026-03-31')
    await screen.findByRole('heading', { level: 3, name: 'Liability' })
    const form = screen.getByRole('form', { name: 'Report period' })
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-04-01' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(within(form).getByRole('alert').textContent).toBe('The end date must be on or after the start date.')
    expect(router.state.location.search).toEqual({ from: '2026-01-01', to: '2026-03-31' })

    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2025-07-01' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ from: '2025-07-01', to: '2026-03-31' }))
    await waitFor(() => expect(requests.at(-1)!.search).toBe('?from=2025-07-01&to=2026-03-31'))
  })
})
