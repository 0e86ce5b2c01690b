// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FormDefinition } from '../../../../../sdk/contract/console/forms'
import { renderWithProviders } from '../../../testing/render'
import { ServerForm } from './server-form'
import { type ServerFormOptions, useServerForm } from './use-server-form'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))

const definition: FormDefinition = {
  fields: [
    { name: 'name', label: 'Name', type: 'string', required: true, min: 2, max: 30 },
    { name: 'email', label: 'Email', type: 'email', required: false },
    { name: 'points', label: 'Points', type: 'number', required: false },
    { name: 'staff', label: 'Staff', type: 'boolean', required: false },
  ],
  defaultValues: { name: 'Ada', email: '', points: 5, staff: true },
}

type Call = { method: string; path: string; body: unknown }
let calls: Call[] = []

/** A fake server: answers the definition on GET and `write` on POST/PUT. */
function fakeFetch(write: { status: number; body: unknown }) {
  return vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const answer = method === 'GET' ? { status: 200, body: definition } : write
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
}

function Harness(options: Partial<ServerFormOptions>) {
  const form = useServerForm({ path: '/admin/v2/users/new', submitPath: '/admin/v2/users', model: 'Admin', mode: 'create', ...options })
  return <ServerForm form={form} />
}

beforeAll(() => {
  // The SDK sends the page's CSRF token on writes.
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">'
})
beforeEach(() => {
  calls = []
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('useServerForm', () => {
  it('renders the definition, posts the values as JSON and toasts the spec’s success', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 201, body: { success: true, errors: [] } }))
    const onSuccess = vi.fn()
    renderWithProviders(<Harness onSuccess={onSuccess} />)

    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    expect(name.value).toBe('Ada')
    fireEvent.change(name, { target: { value: 'Grace Hopper' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /admin/v2/users/new', 'POST /admin/v2/users'])
    expect(calls[1]!.body).toEqual({ name: 'Grace Hopper', email: '', points: 5, staff: true })
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Admin was created successfully!' }))
  })

  it('puts the server’s field errors under their fields and toasts Error! with them', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 422, body: { success: false, errors: { name: 'Name has already been taken', base: 'Seats are full' } } }))
    const onSuccess = vi.fn()
    renderWithProviders(<Harness onSuccess={onSuccess} />)

    fireEvent.click(await screen.findByRole('button', { name: 'Create' }))

    expect(await screen.findByText('Name has already been taken')).toBeTruthy()
    expect(screen.getByText('Seats are full')).toBeTruthy()
    await waitFor(() =>
      expect(sonner.error).toHaveBeenCalledWith('Error!', { description: 'Name has already been taken\nSeats are full' }),
    )
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it("toasts the screen's own failure title: 'Error!!!' on part B's screens (admin-console-part-b.md section 8)", async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 422, body: { success: false, errors: { name: 'Name has already been taken' } } }))
    renderWithProviders(<Harness errorTitle="Error!!!" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }))
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Error!!!', { description: 'Name has already been taken' }))
    expect(sonner.error).not.toHaveBeenCalledWith('Error!', expect.anything())
  })

  it('PUTs in update mode and toasts the update message', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { success: true, errors: {} } }))
    renderWithProviders(<Harness path="/admin/v2/users/7/edit" submitPath="/admin/v2/users/7" mode="update" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Admin was updated successfully!' }))
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/admin/v2/users/7' })
  })

  it('checks the definition’s own rules before sending anything', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 201, body: { success: true, errors: [] } }))
    renderWithProviders(<Harness />)
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'A' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy()
    expect(screen.getByText('Email must be a valid e-mail address')).toBeTruthy()
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('shows the failure with a retry when the definition cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Boom' }), { status: 500 })))
    renderWithProviders(<Harness />)
    expect(await screen.findByText('Something went wrong!', undefined, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
