import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))

const { notify, TOAST_DELAY_MS } = await import('./toast')

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('notify', () => {
  it('waits the spec’s 300 ms before showing the toast', () => {
    expect(TOAST_DELAY_MS).toBe(300)
    notify.success('Success!', 'Program was created successfully!')
    vi.advanceTimersByTime(299)
    expect(sonner.success).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Program was created successfully!' })
  })

  it('joins a list of server errors into the description, one per line', () => {
    notify.error('Error!', ['Name is taken', 'Logo is too large'])
    vi.advanceTimersByTime(TOAST_DELAY_MS)
    expect(sonner.error).toHaveBeenCalledWith('Error!', { description: 'Name is taken\nLogo is too large' })
  })

  it('shows a title alone when there is no description', () => {
    notify.info('Saved')
    vi.advanceTimersByTime(TOAST_DELAY_MS)
    expect(sonner.info).toHaveBeenCalledWith('Saved', { description: undefined })
  })
})
