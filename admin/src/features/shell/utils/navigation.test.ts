import { describe, expect, it } from 'vitest'
import { filterPrograms, initials, sectionOf, settingsLink, settingsSections, settingsSubnav, visibleNavItems, visibleSettingsEntries } from './navigation'

const ids = (permissions: string[]) => visibleNavItems(permissions).map((item) => item.id)

describe('visibleNavItems', () => {
  it('shows every area that has a route to a user with every view permission, in the spec order', () => {
    const all = ['dashboard:view', 'users:view', 'challenges:view', 'rewards:view', 'receipts:view', 'referrals:view']
    expect(ids(all)).toEqual(['dashboard', 'users', 'challenges', 'rewards', 'receipts', 'referrals'])
  })

  it('needs dashboard:view for Dashboard and users:view for Participants', () => {
    expect(ids(['dashboard:view'])).toEqual(['dashboard'])
    expect(ids(['users:view'])).toEqual(['users'])
    expect(visibleNavItems(['users:view'])[0]).toMatchObject({ label: 'nav.users', to: '/programs/$programId/users' })
  })

  it('shows only Receipts to a receipts reviewer', () => {
    expect(ids(['receipts:view', 'receipts:update', 'receipts:manage'])).toEqual(['receipts'])
  })

  it('needs the view action itself: other actions on a resource do not show its tab', () => {
    expect(ids(['users:manage', 'rewards:create', 'program:update'])).toEqual([])
  })

  it('shows the manager of the demo seed everything but nothing unknown', () => {
    const manager = [
      'dashboard:view',
      'users:view',
      'users:manage',
      'challenges:view',
      'rewards:view',
      'referrals:view',
      'program:update',
      'receipts:view',
    ]
    expect(ids(manager)).toEqual(['dashboard', 'users', 'challenges', 'rewards', 'receipts', 'referrals'])
  })

  it('denies unknown and malformed permissions', () => {
    expect(ids([])).toEqual([])
    expect(ids(['dashboard', 'dashboard:View', 'view:dashboard', '*'])).toEqual([])
  })

  it('keeps each tab tied to its own permission', () => {
    expect(visibleNavItems(['receipts:view']).map((i) => [i.id, i.permission, i.label])).toEqual([
      ['receipts', 'receipts:view', 'nav.receipts'],
    ])
  })
})

describe('visibleSettingsEntries', () => {
  const entries = (program: string[], organization: string[]) =>
    visibleSettingsEntries(program, organization).map((e) => e.id)

  it('shows nothing without program manage (spec section 6)', () => {
    expect(entries(['program:update', 'dashboard:view'], ['organization:view', 'super_admin:view'])).toEqual([])
  })

  it('shows each entry the user may open once program manage holds', () => {
    // Organization entries by the organization's permissions (program entries follow the program's).
    const organizationEntries = (program: string[], organization: string[]) =>
      visibleSettingsEntries(program, organization).filter((e) => e.scope === 'organization').map((e) => e.id)
    expect(organizationEntries(['program:manage'], ['organization:view'])).toEqual(['programs', 'admins'])
    expect(organizationEntries(['program:manage'], ['organization:view', 'super_admin:view'])).toEqual(['programs', 'admins', 'features'])
    expect(organizationEntries(['program:manage'], [])).toEqual([])
  })

  it("lists the program's tag settings by the program's own permissions, linked with its id", () => {
    expect(entries(['program:manage', 'program:update'], [])).toEqual(expect.arrayContaining(['content-tags', 'tags']))
    expect(entries(['program:update'], ['organization:view'])).toEqual([])
    const tags = visibleSettingsEntries(['program:manage', 'program:update'], []).find((e) => e.id === 'content-tags')!
    expect(settingsLink(tags, 7)).toEqual({ to: '/programs/$programId/settings/content-tags', params: { programId: 7 } })
  })
})

describe('filterPrograms', () => {
  const programs = [
    { id: 1, name: 'Tessera Demo', subdomain_url: 'demo' },
    { id: 2, name: 'Café Rewards', subdomain_url: 'cafe' },
    { id: 3, name: 'Links', subdomain_url: 'links' },
  ]
  it('returns every program for an empty query', () => {
    expect(filterPrograms(programs, '  ')).toHaveLength(3)
  })
  it('matches names and subdomains ignoring case and accents', () => {
    expect(filterPrograms(programs, 'cafe').map((p) => p.id)).toEqual([2])
    expect(filterPrograms(programs, 'DEMO').map((p) => p.id)).toEqual([1])
    expect(filterPrograms(programs, 'lin').map((p) => p.id)).toEqual([3])
    expect(filterPrograms(programs, 'nothing')).toEqual([])
  })
})

describe('initials', () => {
  it('takes the first letters of two words, or two letters of one', () => {
    expect(initials('Tessera Demo')).toBe('TD')
    expect(initials('rita')).toBe('RI')
    expect(initials('  ')).toBe('?')
  })
})

describe('settingsSubnav (program settings sub-navigation)', () => {
  const ids = (permissions: string[]) => Object.fromEntries(settingsSubnav(permissions).map((g) => [g.section, g.entries.map((e) => e.id)]))

  it('lists program settings by their own permissions, grouped program / layout / branding / integrations', () => {
    const updater = ids(['program:update'])
    expect(updater.program).toEqual(expect.arrayContaining(['general', 'labels', 'seo']))
    expect(updater.program).not.toContain('enrollment')
    expect(updater.program).not.toContain('data-retention')
    expect(updater.program).not.toContain('profile-attributes')
    expect(updater.program).not.toContain('program-tiers')
    expect(ids(['program:manage', 'program:update']).program).toEqual(expect.arrayContaining(['enrollment', 'data-retention', 'profile-attributes']))
    // Data retention (issue 28) sits right after enrollment, linked to its screen.
    const manager = ids(['program:manage', 'program:update']).program!
    expect(manager.indexOf('data-retention')).toBe(manager.indexOf('enrollment') + 1)
    const retention = visibleSettingsEntries(['program:manage'], []).find((e) => e.id === 'data-retention')!
    expect(settingsLink(retention, 7)).toEqual({ to: '/programs/$programId/settings/data-retention', params: { programId: 7 } })
    expect(ids(['program:update', 'tiers:manage']).program).toContain('program-tiers')
    expect(settingsSubnav([])).toEqual([])
    expect(settingsSubnav(['program:update']).map((g) => g.section)).toEqual(settingsSections.filter((s) => s in updater))
  })

  it('places an entry by its section, else by the path', () => {
    expect(sectionOf({ to: '/programs/$programId/settings/general', section: 'program' })).toBe('program')
    expect(sectionOf({ to: '/programs/$programId/settings/layout/carousels' })).toBe('layout')
    expect(sectionOf({ to: '/programs/$programId/settings/branding' })).toBe('branding')
    expect(sectionOf({ to: '/programs/$programId/settings/integrations/webhooks' })).toBe('integrations')
    expect(sectionOf({ to: '/programs/$programId/settings/content-tags' })).toBe('program')
  })
})
