// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { BRANDING_PREVIEW_MESSAGE, BRANDING_PREVIEW_READY, readBrandingPreview } from '../../../sdk/contract/branding-preview'
import type { PublicProgram } from '../../../sdk/contract/program'
import { listenForBrandingPreview, previewProgram } from './branding-preview'

const saved = {
  name: 'Demo',
  public_key: 'demo',
  custom_css: '.saved{color:red}',
  program_template_detail: {
    header_text: 'Saved hero',
    header_description: 'Saved description',
    header_background_image: '/brand/hero.svg',
    header_logo: '/brand/logo.svg',
    footer_logo: null,
    favicon_file: '/favicon.svg',
    element_css_style: { 'perk-primary': '#5b4cf0', 'perk-legacy': '#111111' },
  },
} as unknown as PublicProgram

const draft = (extra: Record<string, unknown> = {}) => ({
  type: BRANDING_PREVIEW_MESSAGE,
  element_css_style: { 'perk-primary': '#0b6e4f' },
  header_logo: '/media/1/logo.png',
  footer_logo: null,
  favicon_file: '/media/1/favicon.png',
  header_background_image: '/media/1/hero.png',
  header_text: 'Draft hero',
  header_description: null,
  css: '.hero{outline:1px solid #000}',
  ...extra,
})

describe('branding preview on the site', () => {
  it('reads only well-formed preview messages', () => {
    expect(readBrandingPreview({ type: 'other' })).toBeNull()
    expect(readBrandingPreview(null)).toBeNull()
    expect(readBrandingPreview({ type: BRANDING_PREVIEW_MESSAGE })).toBeNull()
    expect(readBrandingPreview(draft({ header_logo: 42 }))?.header_logo).toBeNull()
  })

  it('draws the program with the draft theme, keeping what the draft leaves out', () => {
    const shown = previewProgram(saved, readBrandingPreview(draft())!)
    expect(shown.program_template_detail).toMatchObject({ header_logo: '/media/1/logo.png', header_text: 'Draft hero', header_description: 'Saved description' })
    expect(shown.program_template_detail.element_css_style).toEqual({ 'perk-primary': '#0b6e4f' })
    expect(shown.custom_css).toBe('.hero{outline:1px solid #000}')
  })

  it('never applies CSS the server would not have let through', () => {
    for (const css of ['@import url(https://evil.example);', 'a{background:url(https://evil.example/a.png)}', '</style><script>alert(1)</script>', 'a{width:expression(alert(1))}', 'a{b\\65havior:url(/x)}']) {
      expect(previewProgram(saved, readBrandingPreview(draft({ css }))!).custom_css, css).toBe('')
    }
  })

  it('applies messages from its parent frame only, and says when it is ready', () => {
    const parent = { postMessage: vi.fn() }
    const listeners: ((e: MessageEvent) => void)[] = []
    const win = {
      parent,
      document,
      addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.push(fn),
      removeEventListener: vi.fn(),
    } as unknown as Window
    const show = vi.fn()
    // The saved branding the page came with (the server's :root rule) gives way to the first draft.
    const pageBranding = Object.assign(document.createElement('style'), { id: 'tessera-branding', textContent: ':root{--perk-primary:#5b4cf0;}' })
    document.head.append(pageBranding)
    listenForBrandingPreview(saved, show, win)
    expect(parent.postMessage).toHaveBeenCalledWith({ type: BRANDING_PREVIEW_READY }, '*')

    listeners[0]!({ source: {}, data: draft() } as unknown as MessageEvent)
    expect(show).not.toHaveBeenCalled()
    expect(pageBranding.isConnected).toBe(true)
    listeners[0]!({ source: parent, data: draft() } as unknown as MessageEvent)
    expect(show).toHaveBeenCalledTimes(1)
    expect(document.documentElement.style.getPropertyValue('--perk-primary')).toBe('#0b6e4f')
    expect(document.getElementById('tessera-branding')).toBeNull()
    expect(document.getElementById('tessera-program-css')?.textContent).toBe('.hero{outline:1px solid #000}')
  })
})
