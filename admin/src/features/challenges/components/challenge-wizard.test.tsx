// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ChallengeFormValues, emptyChallengeForm } from '../../../../../sdk/contract/console/challenges'
import { I18nProvider } from '../../../lib/i18n'
import { createQueryClient } from '../../../lib/query-client'

const saved: ChallengeFormValues = { ...emptyChallengeForm, name: 'Minted quiz', status: 'active', points: 10, challenge_type: 'link', link_url: 'https://example.com' }
const api = vi.hoisted(() => ({ update: vi.fn(), create: vi.fn(), form: { status: 'success', data: undefined as unknown, refetch: () => {} } }))
vi.mock('../api/challenges', async (original) => ({
  ...(await original<typeof import('../api/challenges')>()),
  useChallengeForm: () => api.form,
  updateChallenge: api.update,
  createChallenge: api.create,
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('../../../components/ui/toast', () => ({ notify: toasts }))
const navigate = vi.hoisted(() => vi.fn())
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  useParams: () => ({ programId: 7, challengeId: 42 }),
  Link: ({ children, className }: { children: ReactNode; className?: string }) => <a className={className}>{children}</a>,
}))
vi.mock('../../../lib/use-program', () => ({ useCurrentProgram: () => ({ program: { id: 7, name: 'Demo' }, permissions: [], can: () => true }) }))

const { ChallengeWizard } = await import('./challenge-wizard')

const MINTED = 'This changes will be refleted in future minted NFTs.'

function wizard(minted: boolean, mode: 'create' | 'update' = 'update') {
  const address = minted ? '0xc011ec7' : null
  api.form.data = { fields: [], defaultValues: saved, profile_attributes: [], has_collection: minted, achievement_collection_address: address }
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider locale="en">
        <ChallengeWizard mode={mode} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}
const rename = (name: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } })
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

beforeEach(() => {
  api.update.mockReset().mockResolvedValue({ success: true, errors: {} })
  Object.values(toasts).forEach((f) => f.mockReset())
  navigate.mockReset()
})
afterEach(cleanup)

describe('challenge wizard, edit', () => {
  it("says 'No changes detected' and sends nothing when nothing changed", () => {
    wizard(false)
    save()
    expect(toasts.info).toHaveBeenCalledWith('No changes detected')
    expect(api.update).not.toHaveBeenCalled()
  })

  it('sends only the changed fields', async () => {
    wizard(false)
    rename('Renamed quiz')
    save()
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(7, 42, { name: 'Renamed quiz' }))
    expect(screen.queryByText(MINTED)).toBeNull()
    expect(toasts.success).toHaveBeenCalledWith('Success!', 'Challenge updated successfully.')
  })

  it('asks before saving a challenge already minted as a collectible, in the product words; Confirm saves', async () => {
    wizard(true)
    rename('Renamed minted')
    save()
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(MINTED).textContent).toBe(MINTED)
    expect(api.update).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(7, 42, { name: 'Renamed minted' }))
    expect(api.update).toHaveBeenCalledTimes(1)
  })

  it('Cancel in the minted confirmation sends nothing and keeps the edits', async () => {
    wizard(true)
    rename('Kept edit')
    save()
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText(MINTED)).toBeNull())
    expect(api.update).not.toHaveBeenCalled()
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Kept edit')
    // Saving again asks again.
    save()
    await screen.findByText(MINTED)
    expect(api.update).not.toHaveBeenCalled()
  })

  it("lists the step's problems on Save: 'Please fix the following errors:'", () => {
    wizard(false)
    rename('')
    save()
    const summary = screen.getAllByRole('alert').find((el) => el.textContent?.startsWith('Please fix the following errors:'))!
    expect(summary.textContent).toContain('Name is invalid or missing')
    // The field's own message sits under it.
    expect(screen.getByText('Name is required')).toBeTruthy()
    expect(api.update).not.toHaveBeenCalled()
  })
})

describe('challenge wizard, create', () => {
  it('never asks the minted confirmation on create', async () => {
    api.create.mockReset().mockResolvedValue({ success: true, errors: {}, data: { id: 99 } })
    wizard(true, 'create')
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull() // Save is on the last step
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    save()
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(MINTED)).toBeNull()
  })
})

describe('challenge wizard, quiz option images', () => {
  const PICKED = '/media/7/0123456789abcdef0123456789abcdef.png'
  const LUNGO = '/media/7/fedcba9876543210fedcba9876543210.jpg'
  const quiz: ChallengeFormValues = {
    ...saved,
    name: 'Cup quiz',
    challenge_type: 'collect',
    collect_type: 'quiz',
    pass_score: 100,
    questions: [
      {
        id: 5,
        title: 'Which cup is a ristretto?',
        additional_details: '',
        answer_type: 'image_radio_button',
        is_required: true,
        profile_attribute: '',
        options: [
          { id: 11, details: 'Ristretto', image_url: '', image_alt_text: '', correct: true },
          { id: 12, details: 'Lungo', image_url: LUNGO, image_alt_text: 'A lungo', correct: false },
        ],
      },
    ],
  }
  const attachment = (id: number, title: string, public_url: string) => ({
    id,
    title,
    alt_text: '',
    content_type: 'image/png',
    dimension: '40x40',
    width: 40,
    height: 40,
    byte_size: 100,
    created_at: '2026-01-01T00:00:00.000Z',
    file: { url: public_url, filename: `${title}.png` },
    public_url,
  })

  afterEach(() => vi.unstubAllGlobals())

  it('picks each option image from the media library (no URL box) and saves its /media path', async () => {
    const requested: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL) => {
        requested.push(new URL(String(input), 'http://localhost').pathname)
        const data = [attachment(3, 'ristretto-cup', PICKED), attachment(2, 'lungo-cup', LUNGO)]
        return new Response(JSON.stringify({ data, meta: { page: 1, per_page: 20, total: 2, total_pages: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    api.form.data = { fields: [], defaultValues: quiz, profile_attributes: [], has_collection: false, achievement_collection_address: null }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider locale="en">
          <ChallengeWizard mode="update" />
        </I18nProvider>
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    const first = screen.getByRole('group', { name: 'Question 1, Option 1: Option image' })
    const second = screen.getByRole('group', { name: 'Question 1, Option 2: Option image' })
    expect(second.querySelector('img')?.getAttribute('src')).toBe(LUNGO)
    expect(screen.queryByRole('textbox', { name: /Option image$/ })).toBeNull()

    fireEvent.click(within(first).getByRole('button', { name: 'Choose from library' }))
    const picker = await screen.findByRole('dialog', { name: 'Choose a file: Question 1, Option 1: Option image' })
    fireEvent.click(await within(picker).findByRole('button', { name: 'Select ristretto-cup' }))
    expect(requested).toContain('/admin/v2/programs/7/program_attachments')
    await waitFor(() => expect(first.querySelector('img')?.getAttribute('src')).toBe(PICKED))

    save()
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1))
    const sent = api.update.mock.calls[0]![2] as Partial<ChallengeFormValues>
    expect(sent.questions?.[0]?.options.map((o) => o.image_url)).toEqual([PICKED, LUNGO])
  })
})
