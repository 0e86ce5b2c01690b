// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { RichTextEditor } from './components/rich-text-editor'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))

const PUBLIC_URL = '/media/4/0123456789abcdef0123456789abcdef.png'
const latte = {
  id: 9,
  title: 'latte-swatch',
  alt_text: 'Latte art in a white cup',
  content_type: 'image/png',
  dimension: '240x160',
  width: 240,
  height: 160,
  byte_size: 1024,
  created_at: '2026-01-01T00:00:00.000Z',
  file: { url: PUBLIC_URL, filename: 'latte.png' },
  public_url: PUBLIC_URL,
}

let paths: string[] = []
function stubLibrary() {
  paths = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost')
      paths.push(`${url.pathname}${url.search}`)
      return new Response(JSON.stringify({ data: [latte], meta: { page: 1, per_page: 20, total: 1, total_pages: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Harness() {
  const [html, setHtml] = useState('<p>House rules</p>')
  return (
    <>
      <RichTextEditor programId={4} label="Content" value={html} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </>
  )
}

describe('program page editor: Insert image from the media library', () => {
  it('opens the picker, takes the picked file with its library alt text (editable), and inserts it', async () => {
    stubLibrary()
    renderWithProviders(<Harness />)
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }))

    // Step 1: the media library picker (pick, or upload into the library).
    const picker = await screen.findByRole('dialog', { name: 'Insert an image: choose a file' })
    expect(within(picker).getByRole('button', { name: 'Upload a file' })).toBeTruthy()
    fireEvent.click(await within(picker).findByRole('button', { name: 'Select latte-swatch' }))
    expect(paths.some((p) => p.startsWith('/admin/v2/programs/4/program_attachments?') && p.includes('accept_video=false'))).toBe(true)

    // Step 2: the chosen file and its alt text, prefilled from the library.
    const details = await screen.findByRole('dialog', { name: 'Insert an image' })
    await waitFor(() => expect((within(details).getByLabelText('Alternative text') as HTMLInputElement).value).toBe('Latte art in a white cup'))
    expect(within(details).getByRole('img', { name: 'Chosen image' }).getAttribute('src')).toBe(PUBLIC_URL)
    fireEvent.change(within(details).getByLabelText('Alternative text'), { target: { value: 'Latte art' } })
    fireEvent.click(within(details).getByRole('button', { name: 'Insert' }))

    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain(`<img src="${PUBLIC_URL}" alt="Latte art">`))
    expect(screen.getByTestId('html').textContent).toContain('<p>House rules</p>')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Choose another image goes back to the picker; Cancel inserts nothing', async () => {
    stubLibrary()
    renderWithProviders(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Select latte-swatch' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another image' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Select latte-swatch' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('html').textContent).toBe('<p>House rules</p>')
  })
})
