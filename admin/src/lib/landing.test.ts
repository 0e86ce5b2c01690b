import { describe, expect, it } from 'vitest'
import type { ConsoleBootstrap } from './bootstrap'
import { decideIndex, programLandingArea } from './landing'

const program = (id: number, name: string) => ({
  id,
  name,
  subdomain_url: name.toLowerCase(),
  public_key: name.toLowerCase(),
  features: {},
  i18n_enabled: false,
  test_mode: false,
  term_points_as: 'points',
  term_rewards_as: 'rewards',
})

const bootstrap = (
  programs: ReturnType<typeof program>[],
  permissions: Record<string, string[]>,
): ConsoleBootstrap => ({
  user: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', preferred_locale: 'en' },
  is_admin: false,
  organization: null,
  programs,
  user_permissions: permissions,
  organization_permissions: [],
  flash: [],
})

describe('decideIndex', () => {
  it('sends a signed-out visitor to the code sign-in', () => {
    expect(decideIndex({ user: null }, '1')).toEqual({ kind: 'sign-in' })
  })

  it('shows the no-programs screen when the user has none', () => {
    expect(decideIndex(bootstrap([], {}), null)).toEqual({ kind: 'no-programs' })
  })

  it('opens the dashboard for dashboard viewers', () => {
    const b = bootstrap([program(3, 'Demo')], { 3: ['dashboard:view', 'receipts:view'] })
    expect(decideIndex(b, null)).toMatchObject({ kind: 'redirect', programId: 3, area: { id: 'dashboard' } })
  })

  it('opens receipts for a receipts-only permission set', () => {
    const b = bootstrap([program(3, 'Demo')], { 3: ['receipts:view', 'receipts:update', 'receipts:manage'] })
    expect(decideIndex(b, null)).toMatchObject({
      kind: 'redirect',
      programId: 3,
      area: { id: 'receipts', to: '/programs/$programId/receipts' },
    })
  })

  it('follows lastSelectedProgram, with that program’s own permissions', () => {
    const b = bootstrap([program(3, 'Demo'), program(8, 'Links')], {
      3: ['dashboard:view'],
      8: ['receipts:view'],
    })
    expect(decideIndex(b, '8')).toMatchObject({ kind: 'redirect', programId: 8, area: { id: 'receipts' } })
    expect(decideIndex(b, '3')).toMatchObject({ kind: 'redirect', programId: 3, area: { id: 'dashboard' } })
    expect(decideIndex(b, '"8"')).toMatchObject({ programId: 8 })
  })

  it('uses the first program when the stored one is no longer the user’s', () => {
    const b = bootstrap([program(3, 'Demo'), program(8, 'Links')], {
      3: ['dashboard:view'],
      8: ['dashboard:view'],
    })
    expect(decideIndex(b, '99')).toMatchObject({ kind: 'redirect', programId: 3 })
  })

  it('is forbidden when the program grants no viewable area at all', () => {
    const b = bootstrap([program(3, 'Demo')], { 3: ['program:update'] })
    expect(decideIndex(b, null)).toEqual({ kind: 'forbidden', programId: 3 })
  })

  it('treats a program missing from user_permissions as no permissions', () => {
    expect(decideIndex(bootstrap([program(3, 'Demo')], {}), null)).toEqual({
      kind: 'forbidden',
      programId: 3,
    })
  })
})

describe('programLandingArea', () => {
  const landing = (permissions: string[]) => programLandingArea(permissions)?.id ?? null
  it('prefers dashboard, then receipts, then the first other viewable area', () => {
    expect(landing(['receipts:view', 'dashboard:view'])).toBe('dashboard')
    expect(landing(['users:view', 'receipts:view'])).toBe('receipts')
    expect(landing(['referrals:view', 'users:view'])).toBe('users')
  })
  it('needs a view permission: managing receipts alone opens nothing', () => {
    expect(landing(['receipts:manage'])).toBeNull()
    expect(landing([])).toBeNull()
  })
})
