// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../testing/render'

// The table keeps its state in the router's search params.
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useSearch: () => ({}),
  useNavigate: () => vi.fn(),
}))
const api = vi.hoisted(() => ({ createNftCollection: vi.fn(), fetchChainLog: vi.fn() }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../components/ui/toast', () => ({ notify: toasts }))
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }))

const { ChainLogTable, CreateCollectionButton, canCreateCollection } = await import('./index')

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const achievement = { id: 7, selection: 'achievement', blockchain_enabled: true, nft_collection_transaction_create_url: null }

describe('Create NFT collection', () => {
  it('is offered only for an achievement with the integration on and no creation link yet', () => {
    expect(canCreateCollection(achievement)).toBe(true)
    expect(canCreateCollection({ ...achievement, selection: 'milestone' })).toBe(false)
    expect(canCreateCollection({ ...achievement, blockchain_enabled: false })).toBe(false)
    expect(canCreateCollection({ ...achievement, nft_collection_transaction_create_url: '/x' })).toBe(false)
    renderWithProviders(<CreateCollectionButton programId={1} reward={{ ...achievement, blockchain_enabled: false }} />)
    expect(screen.queryByRole('button', { name: 'Create NFT collection' })).toBeNull()
  })

  it("creates the collection and toasts 'NFT collection created'", async () => {
    api.createNftCollection.mockResolvedValue({ success: true, message: 'NFT collection created', data: { nft_collection: '0xabc', nft_collection_transaction_create_url: '/x' } })
    renderWithProviders(<CreateCollectionButton programId={1} reward={achievement} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create NFT collection' }))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('NFT collection created'))
    expect(api.createNftCollection).toHaveBeenCalledWith(1, 7)
  })

  it("says 'Failed to perform action' when the server refuses", async () => {
    api.createNftCollection.mockRejectedValue(new Error('The reward already has an NFT collection'))
    renderWithProviders(<CreateCollectionButton programId={1} reward={achievement} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create NFT collection' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalled())
    expect(toasts.error.mock.calls[0]![0]).toBe('Failed to perform action')
  })
})

describe('Blockchain Transactions tab', () => {
  it('lists the log: hash, kind, status, network and time', async () => {
    api.fetchChainLog.mockResolvedValue({
      rows: [
        { id: 2, seq: 2, tx_hash: 'a'.repeat(64), kind: 'mint', status: 'success', network: 'local', explorer_url: null, reward_id: 7, participant_id: 3, address: '0x1', created_at: '2026-01-01T00:00:00.000Z' },
        { id: 1, seq: 1, tx_hash: '0x' + 'b'.repeat(64), kind: 'create_collection', status: 'failed', network: 'testnet', explorer_url: 'https://explorer.aptoslabs.com/txn/0xbb?network=testnet', reward_id: 7, participant_id: null, address: null, created_at: '2026-01-01T00:00:00.000Z' },
      ],
      total: 2,
    })
    renderWithProviders(<ChainLogTable programId={1} owner={{ kind: 'reward', id: 7 }} />)
    const table = screen.getByRole('table', { name: 'Blockchain Transactions' })
    await within(table).findByText('Collectible minted')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Transaction hash', 'Kind', 'Status', 'Network', 'Time'])
    expect(within(table).getByText('Collection created')).toBeTruthy()
    expect(within(table).getByText('Failed')).toBeTruthy()
    expect(within(table).getByText('Simulated chain')).toBeTruthy()
    expect(within(table).getByRole('link').getAttribute('href')).toBe('https://explorer.aptoslabs.com/txn/0xbb?network=testnet')
    expect(api.fetchChainLog).toHaveBeenCalledWith(1, { kind: 'reward', id: 7 }, expect.anything(), expect.anything())
  })
})
