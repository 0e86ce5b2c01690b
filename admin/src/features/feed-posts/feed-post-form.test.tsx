// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FormDefinition } from '../../../../sdk/contract/console/forms'
import { renderWithProviders } from '../../testing/render'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))
const navigate = vi.hoisted(() => vi.fn())
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  useParams: () => ({ programId: 4 }),
  Link: ({ children, className }: { children: ReactNode; className?: string }) => <a className={className}>{children}</a>,
}))

const { FeedPostFormPage } = await import('./components/feed-post-form-page')

const PICKED = '/media/4/0123456789abcdef0123456789abcdef.mp4'
const definition: FormDefinition = {
  fields: [
    { name: 'post_type', label: 'Post type', type: 'select', required: true, options: ['gallery', 'image', 'video'].map((v) => ({ value: v, label: v })) },
    { name: 'media_path', label: 'Media path', type: 'string', required: true, min: 1, max: 2000 },
    { name: 'message', label: 'Message', type: 'textarea', required: false, max: 2000 },
  ],
  defaultValues: { post_type: 'video', message: 'Behind the roast' },
}
const clip = {
  id: 21,
  title: 'roast-clip',
  alt_text: '',
  content_type: 'video/mp4',
  dimension: null,
  width: null,
  height: null,
  byte_size: 2048,
  created_at: '2026-01-01T00:00:00.000Z',
  file: { url: PICKED, filename: 'roast.mp4' },
  public_url: PICKED,
}

type Call = { method: string; path: string; search: string; body: unknown }
let calls: Call[] = []
let writes: { status: number; body: unknown }[] = []

beforeAll(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">'
})
beforeEach(() => {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = init?.method ?? 'GET'
      calls.push({ method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const answer =
        method !== 'GET'
          ? writes.shift()!
          : url.pathname.endsWith('/program_attachments')
            ? { status: 200, body: { data: [clip], meta: { page: 1, per_page: 20, total: 1, total_pages: 1 } } }
            : { status: 200, body: definition }
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('dynamic feed post form: media from the media library', () => {
  it("picks media_path in the library (images and videos, no text box), toasts 'Error!!!' on a refusal, then saves", async () => {
    writes = [
      { status: 422, body: { success: false, errors: { message: 'Message must not be longer than 2000 characters' } } },
      { status: 201, body: { success: true, errors: {}, data: { id: 3 } } },
    ]
    renderWithProviders(<FeedPostFormPage mode="create" />)
    const field = await screen.findByRole('group', { name: 'Media path' })
    expect(screen.queryByRole('textbox', { name: 'Media path' })).toBeNull()

    // Required: nothing is sent without a file.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(within(field).getByRole('alert')).toBeTruthy())
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    fireEvent.click(within(field).getByRole('button', { name: 'Choose from library' }))
    const picker = await screen.findByRole('dialog', { name: 'Choose a file: Media path' })
    fireEvent.click(await within(picker).findByRole('button', { name: 'Select roast-clip' }))
    expect(calls.find((c) => c.path === '/admin/v2/programs/4/program_attachments')?.search).toContain('accept_video=true')
    await waitFor(() => expect(field.querySelector('video')?.getAttribute('src')).toBe(PICKED))

    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Error!!!', { description: 'Message must not be longer than 2000 characters' }))
    const posts = () => calls.filter((c) => c.method === 'POST')
    expect(posts()[0]).toMatchObject({ path: '/admin/v2/programs/4/dynamic_feed_posts', body: { post_type: 'video', media_path: PICKED, message: 'Behind the roast' } })

    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Success!', { description: 'Post was created successfully!' }))
    expect(posts()).toHaveLength(2)
    expect(navigate).toHaveBeenCalledWith({ to: '/programs/$programId/settings/dynamic-feed-posts', params: { programId: 4 } })
  })
})
