// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InviteAdminForm } from '../../../../../sdk/contract/console/organization'
import { I18nProvider } from '../../../lib/i18n'
import { grantsFromKeys } from '../api/invite-admin'
import { PermissionPicker } from './permission-picker'

const api = vi.hoisted(() => ({ inviteAdmin: vi.fn(), definition: undefined as unknown }))
vi.mock('../api/invite-admin', async (original) => ({
  ...(await original<typeof import('../api/invite-admin')>()),
  useInviteAdminForm: () => ({ status: 'success', data: api.definition, refetch: vi.fn() }),
  inviteAdmin: api.inviteAdmin,
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))

const { InviteAdminDialog } = await import('./invite-admin-dialog')

const FEATURES = { social_network_posts: true, donation_challenge: true, offers_reward: true, otp_login: true, receipts: true, dynamic_feed_posts: true, tiers: false }
const definition: InviteAdminForm = {
  fields: [
    { name: 'first_name', label: 'First name', type: 'string', required: true, min: 1, max: 50 },
    { name: 'last_name', label: 'Last name', type: 'string', required: true, min: 1, max: 50 },
    { name: 'email', label: 'Email', type: 'email', required: true, max: 254 },
    { name: 'preferred_locale', label: 'Language', type: 'select', required: false, options: [{ value: 'en', label: 'English' }, { value: 'es', label: 'Español' }] },
    { name: 'organization_admin', label: 'Organization admin', type: 'boolean', required: false },
  ],
  defaultValues: { first_name: '', last_name: '', email: '', preferred_locale: 'en', organization_admin: false },
  permission_choices: {
    programs: [{ id: 7, name: 'Demo', features: FEATURES }],
    permissions: [
      { resource: 'users', action: 'view', feature: null },
      { resource: 'users', action: 'manage', feature: null },
      { resource: 'receipts', action: 'view', feature: 'receipts' },
      { resource: 'receipts', action: 'update', feature: 'receipts' },
      { resource: 'receipts', action: 'manage', feature: 'receipts' },
      { resource: 'tiers', action: 'manage', feature: 'tiers' },
    ],
  },
}

const wrap = (ui: React.ReactNode) => render(<I18nProvider locale="en">{ui}</I18nProvider>)
const box = (name: string) => screen.getByRole('checkbox', { name })

function Picker({ onChange }: { onChange: (keys: Set<string>) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set())
  return (
    <PermissionPicker
      choices={definition.permission_choices}
      selected={selected}
      onChange={(next) => {
        setSelected(next)
        onChange(next)
      }}
    />
  )
}

beforeEach(() => {
  api.definition = definition
  api.inviteAdmin.mockReset()
  Object.values(toasts).forEach((f) => f.mockReset())
})
afterEach(cleanup)

describe('permission picker', () => {
  it('grants exactly what is ticked; manage holds the other actions without granting them', () => {
    const changes: Set<string>[] = []
    wrap(<Picker onChange={(keys) => changes.push(keys)} />)
    fireEvent.click(box('Receipts: View'))
    fireEvent.click(box('Participants: View'))
    fireEvent.click(box('Receipts: Manage'))
    const last = changes.at(-1)!
    expect(grantsFromKeys(last)).toEqual([
      { program_id: 7, resource: 'users', action: 'view' },
      { program_id: 7, resource: 'receipts', action: 'manage' },
    ])
    expect(box('Receipts: View').getAttribute('aria-checked')).toBe('true')
    expect(box('Receipts: View').hasAttribute('disabled')).toBe(true)
    expect(box('Participants: Manage').getAttribute('aria-checked')).toBe('false')
    // A resource whose program feature is off says so (its grants only count once it is on).
    expect(screen.getByRole('row', { name: /Tiers/ }).textContent).toContain('Feature off')
  })
})

describe('invite admin panel', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

  it('sends the fields and the grants, then toasts Done! and hands over', async () => {
    api.inviteAdmin.mockResolvedValue({ success: true, errors: {} })
    const onInvited = vi.fn()
    wrap(<InviteAdminDialog open onOpenChange={() => {}} onInvited={onInvited} />)
    fill('First name', 'Nina')
    fill('Last name', 'New')
    fill('Email', 'nina@example.com')
    fireEvent.click(box('Participants: Manage'))
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(onInvited).toHaveBeenCalled())
    expect(api.inviteAdmin).toHaveBeenCalledWith({
      first_name: 'Nina',
      last_name: 'New',
      email: 'nina@example.com',
      preferred_locale: 'en',
      organization_admin: false,
      permissions: [{ program_id: 7, resource: 'users', action: 'manage' }],
    })
    expect(toasts.success).toHaveBeenCalledWith('Done!', 'The admin has been invited.')
  })

  it('shows the server errors under their fields and in the failure toast', async () => {
    api.inviteAdmin.mockResolvedValue({ success: false, errors: { email: 'An admin with this email already exists', permissions: 'must name programs of your organization' } })
    const onInvited = vi.fn()
    wrap(<InviteAdminDialog open onOpenChange={() => {}} onInvited={onInvited} />)
    fill('First name', 'Max')
    fill('Last name', 'M')
    fill('Email', 'manager@tessera.dev')
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalled())
    expect(toasts.error).toHaveBeenCalledWith('An error occurred.', ['An admin with this email already exists', 'must name programs of your organization'])
    expect(await screen.findByText('An admin with this email already exists')).toBeTruthy()
    expect(screen.getByText('Permissions: must name programs of your organization')).toBeTruthy()
    expect(onInvited).not.toHaveBeenCalled()
  })

  it('checks required fields before sending anything', async () => {
    wrap(<InviteAdminDialog open onOpenChange={() => {}} onInvited={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('First name is required')).toBeTruthy()
    expect(api.inviteAdmin).not.toHaveBeenCalled()
  })
})
