// @vitest-environment happy-dom
import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsoleBootstrap } from '../lib/bootstrap'
import { LAST_SELECTED_PROGRAM_KEY } from '../lib/programs'
import { createQueryClient } from '../lib/query-client'
import { seedBootstrap } from '../lib/use-bootstrap'
import { createAppRouter } from './router'

const program = (id: number) => ({
  id,
  name: `Program ${id}`,
  subdomain_url: `p${id}`,
  public_key: `p${id}`,
  features: {},
  i18n_enabled: false,
  test_mode: false,
  term_points_as: 'points',
  term_rewards_as: 'rewards',
})

const signedIn = (programs: number[], permissions: Record<number, string[]>, organization: string[] = []): ConsoleBootstrap => ({
  user: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', preferred_locale: 'en' },
  programs: programs.map(program),
  user_permissions: Object.fromEntries(Object.entries(permissions)),
  organization_permissions: organization,
})

/** Resolves a URL through the real route tree: redirects, param parsing and search validation. */
async function visit(url: string, bootstrap: ConsoleBootstrap) {
  const queryClient = createQueryClient()
  seedBootstrap(queryClient, bootstrap)
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  const leaf = router.state.matches.at(-1)
  // history has the real URL (with the /admin/v2 basepath); a match's search is the validated one.
  return { path: router.history.location.pathname, search: leaf?.search, leaf: leaf?.routeId, context: leaf?.context }
}

afterEach(() => localStorage.clear())

describe('landing redirects (spec section 2)', () => {
  it('sends a signed-out visitor to the code sign-in, from any console page', async () => {
    expect((await visit('/admin/v2', { user: null })).path).toBe('/admin/v2/login')
    expect((await visit('/admin/v2/programs/3/users', { user: null })).path).toBe('/admin/v2/login')
  })

  it('sends a signed-in user away from the sign-in pages to the landing page', async () => {
    const b = signedIn([3], { 3: ['dashboard:view'] })
    expect((await visit('/admin/v2/login', b)).path).toBe('/admin/v2/programs/3/dashboard')
    expect((await visit('/admin/v2/auth/sign_in', b)).path).toBe('/admin/v2/programs/3/dashboard')
  })

  it('opens the dashboard of the first program for dashboard viewers', async () => {
    const b = signedIn([3, 8], { 3: ['dashboard:view', 'receipts:view'], 8: ['dashboard:view'] })
    expect((await visit('/admin/v2', b)).path).toBe('/admin/v2/programs/3/dashboard')
  })

  it('opens receipts for a receipts-only permission set', async () => {
    const b = signedIn([3], { 3: ['receipts:view', 'receipts:update', 'receipts:manage'] })
    expect((await visit('/admin/v2', b)).path).toBe('/admin/v2/programs/3/receipts')
  })

  it('picks the program stored under lastSelectedProgram', async () => {
    localStorage.setItem(LAST_SELECTED_PROGRAM_KEY, '8')
    const b = signedIn([3, 8], { 3: ['dashboard:view'], 8: ['receipts:view'] })
    expect((await visit('/admin/v2', b)).path).toBe('/admin/v2/programs/8/receipts')
  })

  it('shows the no-programs screen when the user has none', async () => {
    const result = await visit('/admin/v2', signedIn([], {}))
    expect(result.path).toBe('/admin/v2')
    expect(result.context).toMatchObject({ decision: { kind: 'no-programs' } })
  })

  it('sends programs/{id} to that program’s landing area', async () => {
    const b = signedIn([3, 8], { 3: ['dashboard:view'], 8: ['receipts:view'] })
    expect((await visit('/admin/v2/programs/3', b)).path).toBe('/admin/v2/programs/3/dashboard')
    expect((await visit('/admin/v2/programs/8', b)).path).toBe('/admin/v2/programs/8/receipts')
  })

  it('opens organization on its programs list', async () => {
    const b = signedIn([3], { 3: [] }, ['organization:view'])
    expect((await visit('/admin/v2/organization', b)).path).toBe('/admin/v2/organization/programs')
  })
})

describe('route matching', () => {
  const b = signedIn([3], { 3: ['dashboard:view', 'users:view'] })

  it('matches numeric ids only; anything else is the not-found page', async () => {
    expect((await visit('/admin/v2/programs/3/users/42/rewards', b)).leaf).toBe('/console/programs/$programId/users/$userId/rewards')
    expect((await visit('/admin/v2/programs/abc/dashboard', b)).leaf).toBe('/console/$')
    expect((await visit('/admin/v2/nothing/here', b)).leaf).toBe('/console/$')
  })

  it('validates a table’s search params, dropping what is invalid', async () => {
    const { search } = await visit('/admin/v2/programs/3/users?page=2&per_page=999&order=sideways&q=ada', b)
    expect(search).toEqual({ page: 2, q: 'ada' })
  })
})
