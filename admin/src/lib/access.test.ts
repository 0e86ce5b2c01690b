import { describe, expect, it } from 'vitest'
import { routeAccess } from './access'
import type { ConsoleBootstrap } from './bootstrap'

const program = (id: number) => ({
  id,
  name: `P${id}`,
  subdomain_url: `p${id}`,
  public_key: `p${id}`,
  features: {},
  i18n_enabled: false,
  test_mode: false,
  term_points_as: 'points',
  term_rewards_as: 'rewards',
})

const bootstrap: ConsoleBootstrap = {
  user: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', preferred_locale: 'en' },
  programs: [program(3), program(8)],
  user_permissions: { 3: ['dashboard:view', 'users:view'], 8: ['receipts:view'] },
  organization_permissions: ['organization:view'],
}

describe('routeAccess', () => {
  it('allows a program route when every matched permission holds on that program', () => {
    expect(routeAccess(bootstrap, 3, [undefined, {}, { permission: 'dashboard:view' }])).toMatchObject({
      allowed: true,
      program: { id: 3 },
    })
  })

  it('denies when any matched route needs a permission the program does not grant', () => {
    expect(routeAccess(bootstrap, 8, [{ permission: 'dashboard:view' }]).allowed).toBe(false)
    expect(routeAccess(bootstrap, 3, [{ permission: 'users:view' }, { permission: 'users:manage' }]).allowed).toBe(false)
  })

  it('denies a program that is not one of the user’s, whatever the route asks', () => {
    expect(routeAccess(bootstrap, 99, [])).toEqual({ allowed: false, program: null })
  })

  it('checks organization routes against the organization permissions', () => {
    expect(routeAccess(bootstrap, undefined, [{ permission: 'organization:view' }]).allowed).toBe(true)
    expect(routeAccess(bootstrap, undefined, [{ permission: 'organization:view' }, { permission: 'super_admin:view' }]).allowed).toBe(false)
  })

  it('lets routes without a permission through (not found, the index)', () => {
    expect(routeAccess(bootstrap, undefined, [undefined, {}]).allowed).toBe(true)
  })
})
