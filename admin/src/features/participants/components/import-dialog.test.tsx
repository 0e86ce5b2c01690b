// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ValidationError } from '../../../../../sdk/src/errors'
import { I18nProvider } from '../../../lib/i18n'
import { listQuery } from '../api/participants-list'

const api = vi.hoisted(() => ({ uploadImport: vi.fn() }))
vi.mock('../api/participants-import', async (original) => ({
  ...(await original<typeof import('../api/participants-import')>()),
  uploadImport: api.uploadImport,
  importTemplateUrl: () => '/template.csv',
}))
vi.mock('./import-progress', () => ({ ImportProgress: ({ jobId }: { jobId: number }) => <p>progress of job {jobId}</p> }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))

const { ImportDialog } = await import('./import-dialog')

function renderDialog(locale: 'en' | 'es' = 'en') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider locale={locale}>
        <ImportDialog programId={7} open onOpenChange={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const chooseFile = (name: string, text: string) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  const file = new File([text], name, { type: 'text/csv' })
  // happy-dom's input.files cannot be set from a test: give it a one-file list.
  Object.defineProperty(input, 'files', { value: Object.assign([file], { item: (i: number) => [file][i] ?? null }) as unknown as FileList, configurable: true })
  fireEvent.change(input)
  return file
}

describe('Import User Data dialog', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(cleanup)

  it('asks for a file, then uploads it with the spec defaults replace, replace, replace, replace, ignore', async () => {
    api.uploadImport.mockResolvedValue({ success: true, data: { id: 42, total_rows: 2 } })
    renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByText('Please choose a CSV file')).toBeTruthy()
    expect(api.uploadImport).not.toHaveBeenCalled()
    const file = chooseFile('members.csv', 'email\na@example.com\n')
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(api.uploadImport).toHaveBeenCalledWith(7, file, { email: 'replace', points: 'replace', tags: 'replace', naming: 'replace', metric: 'ignore' }))
    expect(await screen.findByText('progress of job 42')).toBeTruthy()
  })

  it("shows the server's csv_file refusal under the field, in Spanish too", async () => {
    api.uploadImport.mockRejectedValue(new ValidationError('csv_file: is not a CSV file: it holds binary data', 422, 'validation_failed', { csv_file: 'is not a CSV file: it holds binary data' }, 'r', {}))
    renderDialog('es')
    chooseFile('photo.csv', '\u0000')
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }))
    expect(await screen.findByText('is not a CSV file: it holds binary data')).toBeTruthy()
    expect(toasts.error).toHaveBeenCalled()
  })
})

describe('participants table query', () => {
  it('sends the URL state the endpoint reads and drops unknown sorts and statuses', () => {
    expect(listQuery({ page: 2, per_page: 50, sort: 'points', order: 'desc', q: 'ana', filters: { status: 'active', tag: ' vip ' } })).toEqual({
      page: 2,
      per_page: 50,
      sort: 'points',
      order: 'desc',
      q: 'ana',
      status: 'active',
      tag: 'vip',
    })
    expect(listQuery({ page: 1, per_page: 20, sort: 'password', order: 'asc', q: undefined, filters: { status: 'gone' } })).toEqual({ page: 1, per_page: 20 })
  })
})
