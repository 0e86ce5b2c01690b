// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, type RouteComponent, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Branding, DEFAULT_BRAND_STYLE } from '../../../../sdk/contract/console/branding'
import type { ConsoleBootstrap } from '../../lib/bootstrap'
import { I18nProvider } from '../../lib/i18n'
import { createQueryClient } from '../../lib/query-client'
import { seedBootstrap } from '../../lib/use-bootstrap'
import { AssetsSection, BordersSection, BrandingPage, ColorsSection, CssSection, FontsSection, ThemeSection } from './index'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }))
// The framed participant site is not under test (happy-dom loads no frames).
vi.mock('./components/branding-preview', () => ({ BrandingPreviewPanel: () => null }))

const PROGRAM = 3

/** The seed's branding before the fix: every asset but the overlay image. */
const withoutOverlay: Branding = {
  element_css_style: { ...DEFAULT_BRAND_STYLE, 'perk-primary': '#5b4cf0' },
  favicon_file: '/favicon.svg',
  header_logo: '/brand/logo.svg',
  footer_logo: '/brand/logo.svg',
  overlay_image: null,
  header_background_image: '/brand/hero.svg',
  badge_background_image: null,
  header_text: 'Earn rewards for being you',
  header_description: 'Complete challenges, collect points and claim rewards.',
  css: '',
}

type Call = { method: string; path: string; body: unknown }
let calls: Call[] = []

/** The worker's answers: the saved branding, no fonts, an empty preview, and `put` for the save. */
function fakeServer(saved: Branding, put: { status: number; body: unknown }) {
  return vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const base = `/admin/v2/programs/${PROGRAM}`
    const answer =
      method === 'PUT'
        ? put
        : url.pathname === `${base}/template_details`
          ? { status: 200, body: { data: saved, preview_url: 'about:blank' } }
          : url.pathname === `${base}/template_details/preview`
            ? { status: 200, body: { css: '', css_removed: [], email: { subject: 'Sign in', html: '' } } }
            : { status: 200, body: { data: [] } }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
}

const bootstrap: ConsoleBootstrap = {
  user: { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@tessera.dev', preferred_locale: 'en' },
  programs: [{ id: PROGRAM, name: 'Tessera Demo', subdomain_url: 'demo', public_key: 'demo', features: {}, i18n_enabled: false, test_mode: false, term_points_as: 'points', term_rewards_as: 'rewards' }],
  user_permissions: { [PROGRAM]: ['program:update'] },
  organization_permissions: [],
}

/** The branding screen under the console's own paths, opened on its Colors section. */
async function openBranding() {
  const root = createRootRoute()
  const program = createRoute({
    getParentRoute: () => root,
    path: 'programs/$programId',
    params: { parse: (raw: { programId: string }) => ({ programId: Number(raw.programId) }), stringify: (p: { programId: number }) => ({ programId: String(p.programId) }) },
  })
  const branding = createRoute({ getParentRoute: () => program, path: 'settings/branding', component: BrandingPage })
  const tab = (path: string, component: RouteComponent) => createRoute({ getParentRoute: () => branding, path, component })
  const routeTree = root.addChildren([
    program.addChildren([
      branding.addChildren([
        tab('colors', ColorsSection),
        tab('theme', ThemeSection),
        tab('assets', AssetsSection),
        tab('fonts', FontsSection),
        tab('borders', BordersSection),
        tab('css', CssSection),
      ]),
    ]),
  ])
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [`/programs/${PROGRAM}/settings/branding/colors`] }) })
  const queryClient = createQueryClient()
  seedBootstrap(queryClient, bootstrap)
  await router.load()
  render(
    <I18nProvider locale="en">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  await screen.findByRole('region', { name: 'Colors' })
  return router
}

/** Changes the primary colour on the Colors section and presses Save. */
async function changePrimaryAndSave() {
  fireEvent.change(screen.getByLabelText('Primary'), { target: { value: '#aa0033' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
}

/** The Assets section is shown, with the overlay image's error, and its choose button has the focus. */
async function expectOverlayFocused(router: Awaited<ReturnType<typeof openBranding>>, message: string) {
  const assets = await screen.findByRole('region', { name: 'Assets' })
  expect(router.state.location.pathname).toBe(`/programs/${PROGRAM}/settings/branding/assets`)
  expect(screen.getByRole('tab', { name: 'Assets' }).getAttribute('aria-selected')).toBe('true')
  expect(screen.queryByRole('region', { name: 'Colors' })).toBeNull()
  const overlay = within(assets).getByRole('group', { name: /Overlay image/ })
  expect(within(overlay).getByText(message)).toBeTruthy()
  const choose = within(overlay).getByRole('button', { name: /^(Choose from library|Change)$/ })
  await waitFor(() => expect(document.activeElement).toBe(choose))
  expect(choose.getAttribute('aria-invalid')).toBe('true')
}

beforeAll(() => {
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

describe('branding: a failed save takes the admin to the field', () => {
  it('a program without an overlay image: saving a colour opens Assets, focuses the overlay image and names it in the toast', async () => {
    vi.stubGlobal('fetch', fakeServer(withoutOverlay, { status: 200, body: {} }))
    const router = await openBranding()
    await changePrimaryAndSave()

    await expectOverlayFocused(router, 'Overlay image is required')
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith('An error occurred.', { description: 'Assets: Overlay image is required' }))
    // The form's own rules caught it: nothing was sent.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
  })

  it("the server's 422 naming overlay_image: the same, and the first section's field wins", async () => {
    const saved = { ...withoutOverlay, overlay_image: '/media/3/overlay.png' }
    const errors = { 'element_css_style.header_font': 'Header font must be a font family name', overlay_image: 'Overlay image is required' }
    vi.stubGlobal('fetch', fakeServer(saved, { status: 422, body: { success: false, errors } }))
    const router = await openBranding()
    await changePrimaryAndSave()

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/admin/v2/programs/${PROGRAM}/template_details`, body: { element_css_style: { 'perk-primary': '#aa0033' } } })
    await expectOverlayFocused(router, 'Overlay image is required')
    await waitFor(() =>
      expect(sonner.error).toHaveBeenCalledWith('An error occurred.', {
        description: 'Assets: Overlay image is required\nFonts: Header font must be a font family name',
      }),
    )
  })
})
