// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardAction, LatestUser } from '../../../../../sdk/contract/console/dashboard'
import { I18nProvider } from '../../../lib/i18n'
import { createQueryClient, programKey } from '../../../lib/query-client'
import { LATEST_USERS_DELAY_MS, LatestUsersBlock } from './latest-users-carousel'
import { LatestActionsBlock, TICKER_DELAY_MS } from './latest-actions'

const PROGRAM = 7

const user = (id: number): LatestUser => ({
  id,
  name: `User ${id}`,
  short_name: `User ${id}.`,
  censured_email: `u***@example.com`,
  avatar_url: null,
  details_url: `/admin/v2/programs/${PROGRAM}/users/${id}`,
  points: id * 10,
  status: 'active',
  city: 'Austin',
  country: 'US',
  created_at: '2026-11-01T10:00:00.000Z',
})

const action = (id: number): DashboardAction => ({
  id,
  action_type: 'challenge_completed',
  participant_id: id,
  name: `Person ${id}`,
  short_name: `Person ${id}.`,
  title: `Title ${id}`,
  points: 10,
  actionable_type: 'Challenge',
  actionable_id: 1,
  actionable_url: `/admin/v2/programs/${PROGRAM}/challenges/1`,
  details_url: `/admin/v2/programs/${PROGRAM}/users/${id}`,
  created_at: '2026-11-01T10:00:00.000Z',
  city: null,
  country: null,
})

/** The blocks with their query answers already in the cache, inside i18n, query and router providers. */
async function renderBlock(ui: ReactNode, data: { users?: LatestUser[]; actions?: DashboardAction[] }) {
  const queryClient = createQueryClient()
  if (data.users) queryClient.setQueryData(programKey(PROGRAM, 'dashboard', 'latest-users'), data.users)
  if (data.actions) queryClient.setQueryData(programKey(PROGRAM, 'dashboard', 'latest-actions'), data.actions)
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(
    <I18nProvider locale="en">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  await screen.findByRole('heading', { level: 2 })
}

const position = (region: HTMLElement) => region.querySelector('.carousel-position')!.textContent
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

beforeEach(() => {
  reducedMotion(false)
  // Only the intervals are fake: the router and React keep their own scheduling.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('Latest Users carousel', () => {
  it('advances every 4 s and loops from the last user to the first', async () => {
    await renderBlock(<LatestUsersBlock programId={PROGRAM} />, { users: [user(1), user(2), user(3)] })
    const region = screen.getByRole('region', { name: 'Latest Users' })
    expect(position(region)).toBe('1 of 3')
    advance(LATEST_USERS_DELAY_MS - 1)
    expect(position(region)).toBe('1 of 3')
    advance(1)
    expect(position(region)).toBe('2 of 3')
    advance(LATEST_USERS_DELAY_MS)
    expect(position(region)).toBe('3 of 3')
    advance(LATEST_USERS_DELAY_MS)
    expect(position(region)).toBe('1 of 3')
    // The current slide is the only one exposed.
    expect(region.querySelectorAll('[role="group"][aria-hidden="false"]')).toHaveLength(1)
  })

  it.each([
    ['a pointer', (el: HTMLElement) => fireEvent.pointerDown(el)],
    ['the keyboard', (el: HTMLElement) => fireEvent.keyDown(el, { key: 'ArrowRight' })],
    ['focus', (el: HTMLElement) => el.querySelector<HTMLElement>('[role="group"][aria-hidden="false"] a')!.focus()],
  ])('stops for good on interaction with %s', async (_, interact) => {
    await renderBlock(<LatestUsersBlock programId={PROGRAM} />, { users: [user(1), user(2), user(3)] })
    const region = screen.getByRole('region', { name: 'Latest Users' })
    advance(LATEST_USERS_DELAY_MS)
    expect(position(region)).toBe('2 of 3')
    act(() => interact(region))
    advance(LATEST_USERS_DELAY_MS * 5)
    expect(position(region)).toBe('2 of 3')
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
  })

  it('moves by hand, and the pause / play button stops and restarts it', async () => {
    await renderBlock(<LatestUsersBlock programId={PROGRAM} />, { users: [user(1), user(2), user(3)] })
    const region = screen.getByRole('region', { name: 'Latest Users' })
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(position(region)).toBe('3 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    advance(LATEST_USERS_DELAY_MS)
    expect(position(region)).toBe('1 of 3')
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Pause' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    advance(LATEST_USERS_DELAY_MS * 3)
    expect(position(region)).toBe('1 of 3')
  })

  it('does not move by itself when the system asks for reduced motion', async () => {
    reducedMotion(true)
    await renderBlock(<LatestUsersBlock programId={PROGRAM} />, { users: [user(1), user(2)] })
    const region = screen.getByRole('region', { name: 'Latest Users' })
    advance(LATEST_USERS_DELAY_MS * 3)
    expect(position(region)).toBe('1 of 2')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    advance(LATEST_USERS_DELAY_MS)
    expect(position(region)).toBe('2 of 2')
  })

  it("says 'No results found.' when there is nobody", async () => {
    await renderBlock(<LatestUsersBlock programId={PROGRAM} />, { users: [] })
    expect(screen.getByText('No results found.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Latest Users' })).toBeNull()
  })
})

describe('Latest Actions ticker', () => {
  it('plays every 3000 ms and loops', async () => {
    const actions = [1, 2, 3, 4, 5].map(action)
    await renderBlock(<LatestActionsBlock programId={PROGRAM} />, { actions })
    const item = () => screen.getByTestId('ticker-item').textContent
    expect(item()).toContain('Title 1')
    advance(TICKER_DELAY_MS - 1)
    expect(item()).toContain('Title 1')
    advance(1)
    expect(item()).toContain('Title 2')
    advance(TICKER_DELAY_MS * 3)
    expect(item()).toContain('Title 5')
    advance(TICKER_DELAY_MS)
    expect(item()).toContain('Title 1')
    // The table lists them all.
    expect(screen.getAllByRole('row')).toHaveLength(1 + actions.length)
  })

  it('is shown only with at least 5 actions', async () => {
    await renderBlock(<LatestActionsBlock programId={PROGRAM} />, { actions: [1, 2, 3, 4].map(action) })
    expect(screen.queryByTestId('ticker-item')).toBeNull()
    expect(screen.getAllByRole('row')).toHaveLength(5)
  })
})
