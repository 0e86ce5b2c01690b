// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EvergreenSetting } from '../../../../sdk/contract/console/evergreen'
import { I18nProvider } from '../../lib/i18n'
import { createQueryClient } from '../../lib/query-client'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className, ...rest }: { children: ReactNode; className?: string; 'aria-label'?: string }) => (
    <a className={className} aria-label={rest['aria-label']}>
      {children}
    </a>
  ),
}))
vi.mock('../../lib/use-program', () => ({ useCurrentProgram: () => ({ program: { id: 4, name: 'Ember & Oak' }, permissions: [], can: () => true }) }))

const { EvergreenListPage } = await import('./index')

const EMPTY = 'Contact Perk team to request this feature'
let settings: EvergreenSetting[] = []
let requested: string[] = []

beforeEach(() => {
  requested = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      requested.push(new URL(String(input), 'http://localhost').pathname)
      return new Response(JSON.stringify({ data: settings }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function page(locale: 'en' | 'es' = 'en') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider locale={locale}>
        <EvergreenListPage />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

describe('evergreen settings, empty state (spec sections 2 and 8)', () => {
  it("says 'Contact Perk team to request this feature' when the program has no evergreen settings", async () => {
    settings = []
    page()
    expect((await screen.findByText(EMPTY)).textContent).toBe(EMPTY)
    expect(screen.getByRole('heading', { name: 'Evergreen settings', level: 1 })).toBeTruthy()
    expect(screen.queryByTestId('evergreen-card')).toBeNull()
    expect(requested).toEqual(['/admin/v2/programs/4/evergreen_settings'])
  })

  it('in Spanish too', async () => {
    settings = []
    page('es')
    expect(await screen.findByText('Contacta al equipo de Perk para solicitar esta función')).toBeTruthy()
  })

  it('shows the settings instead when there are some, each with its active (green) or inactive (red) border', async () => {
    settings = [
      { id: 1, name: 'Monthly sweepstakes', description: 'A draw every month', field_value: { id: null, active: false } },
      { id: 2, name: 'Birthday points', description: '', field_value: { id: 8, active: true } },
    ]
    page()
    const cards = await screen.findAllByTestId('evergreen-card')
    expect(cards.map((c) => [c.textContent?.includes('Monthly') ? 'monthly' : 'birthday', c.className.includes('evergreen-active') ? 'green' : 'red'])).toEqual([
      ['monthly', 'red'],
      ['birthday', 'green'],
    ])
    expect(screen.queryByText(EMPTY)).toBeNull()
  })
})
