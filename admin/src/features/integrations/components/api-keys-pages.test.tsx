// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiKeyRow } from '../../../../../sdk/contract/console/integrations'
import { renderWithProviders } from '../../../testing/render'

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useSearch: () => ({}),
  useNavigate: () => vi.fn(),
  Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a>,
}))
vi.mock('../../../lib/use-program', () => ({
  useCurrentProgram: () => ({ program: { id: 3, name: 'Demo' }, permissions: [], can: () => true }),
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))
const server = vi.hoisted(() => ({ keys: [] as ApiKeyRow[], fetchApiKeys: vi.fn(), updateApiKeyRateLimit: vi.fn() }))
vi.mock('../api/integrations', async (original) => ({
  ...(await original<typeof import('../api/integrations')>()),
  fetchApiKeys: server.fetchApiKeys,
  updateApiKeyRateLimit: server.updateApiKeyRateLimit,
}))

const { ApiKeysPage } = await import('./api-keys-pages')

const key = (id: number, name: string, status: ApiKeyRow['status'], rate_limit = 100): ApiKeyRow => ({
  id,
  name,
  prefix: `tsk_abcd${id}xyz`,
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2027-01-01T23:59:59.999Z',
  last_used_at: null,
  revoked_at: status === 'revoked' ? '2026-02-01T00:00:00.000Z' : null,
  status,
  rate_limit,
})

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!
const rateField = () => within(screen.getByRole('dialog')).getByRole('spinbutton', { name: /requests per second/i }) as HTMLInputElement
const save = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }))

beforeEach(() => {
  vi.clearAllMocks()
  server.keys = [key(1, 'Nightly sync', 'active'), key(2, 'Old shop', 'revoked', 40)]
  server.fetchApiKeys.mockImplementation(async () => ({ rows: server.keys.map((k) => ({ ...k })), total: server.keys.length }))
})
afterEach(cleanup)

describe('API keys list: editing a rate limit', () => {
  it('edits an active key only; checks the field like the new-key form; saves, toasts and shows the new rate in the list', async () => {
    renderWithProviders(<ApiKeysPage />)
    const row = await rowOf('Nightly sync')
    expect(within(row).getByText('100/s')).toBeTruthy()
    // A revoked key offers no edit.
    expect(within(await rowOf('Old shop')).queryByRole('button', { name: /rate limit/i })).toBeNull()

    fireEvent.click(within(row).getByRole('button', { name: 'Edit the rate limit of Nightly sync' }))
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'Rate limit of Nightly sync' })).toBeTruthy()
    expect(rateField().value).toBe('100')

    // Out of range: refused in the browser with the contract's message, nothing sent.
    fireEvent.change(rateField(), { target: { value: '0' } })
    save()
    expect(await within(screen.getByRole('dialog')).findByText('Rate limit must be at least 1')).toBeTruthy()
    expect(server.updateApiKeyRateLimit).not.toHaveBeenCalled()

    server.updateApiKeyRateLimit.mockImplementation(async (_program: number, id: number, body: { rate_limit: number }) => {
      server.keys = server.keys.map((k) => (k.id === id ? { ...k, rate_limit: body.rate_limit } : k))
      return { success: true, errors: {}, data: server.keys.find((k) => k.id === id) }
    })
    fireEvent.change(rateField(), { target: { value: '20' } })
    save()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.updateApiKeyRateLimit).toHaveBeenCalledWith(3, 1, { rate_limit: 20 })
    expect(toasts.success).toHaveBeenCalledWith('Rate limit saved', 'Nightly sync may now make 20 requests a second.')
    expect(await within(await rowOf('Nightly sync')).findByText('20/s')).toBeTruthy()
  })

  it("keeps the dialog open with the server's reason when the key was revoked meanwhile", async () => {
    server.updateApiKeyRateLimit.mockResolvedValue({ success: false, errors: { key_id: 'This API key is revoked: its rate limit can no longer be changed' } })
    renderWithProviders(<ApiKeysPage />)
    fireEvent.click(within(await rowOf('Nightly sync')).getByRole('button', { name: 'Edit the rate limit of Nightly sync' }))
    fireEvent.change(rateField(), { target: { value: '50' } })
    save()
    expect(await within(screen.getByRole('dialog')).findByText('This API key is revoked: its rate limit can no longer be changed')).toBeTruthy()
    expect(toasts.error).toHaveBeenCalled()
    expect(toasts.success).not.toHaveBeenCalled()
  })
})
