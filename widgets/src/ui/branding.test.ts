import { describe, expect, it } from 'vitest'
import { brandingVariables, cssVariableName, fontStack, SYSTEM_FONT_STACK, widgetHostStyle } from '../../../sdk/contract/branding'
import { formatNumber, initials } from './format'

describe('brandingVariables', () => {
  it('turns every key into a CSS variable', () => {
    expect(brandingVariables({ 'perk-primary': '#5b4cf0', 'perk-footer-color': '#17153b', theme: 'light' })).toEqual({
      '--perk-primary': '#5b4cf0',
      '--perk-footer-color': '#17153b',
      '--theme': 'light',
    })
  })

  it('maps header_font and body_font to --header-font / --body-font, a curated font with its scaled local fallbacks, then the system stack', () => {
    const vars = brandingVariables({ header_font: 'Poppins', body_font: 'Georgia' })
    expect(vars['--header-font']).toBe(`"Poppins", "Poppins fallback Arial", "Poppins fallback Roboto", "Poppins fallback DejaVu", ${SYSTEM_FONT_STACK}`)
    expect(vars['--body-font']).toBe(`"Georgia", ${SYSTEM_FONT_STACK}`)
  })

  it('maps radius keywords to px', () => {
    expect(
      brandingVariables({
        'border-radius-button': 'full',
        'border-radius-input': 'medium',
        'border-radius-tiles': 'large',
        'border-radius-cards': 'small',
        'border-radius-badge': 'none',
        'border-radius-other': '12',
      }),
    ).toEqual({
      '--border-radius-button': '9999px',
      '--border-radius-input': '8px',
      '--border-radius-tiles': '16px',
      '--border-radius-cards': '4px',
      '--border-radius-badge': '0px',
      '--border-radius-other': '12px',
    })
  })

  it('drops empty and unsafe values and tolerates a missing style', () => {
    expect(brandingVariables({ 'perk-primary': '', 'perk-x': 'red;}body{display:none' })).toEqual({})
    expect(brandingVariables(null)).toEqual({})
  })

  it('normalises odd key names', () => {
    expect(cssVariableName('Perk Primary')).toBe('--perk-primary')
    expect(cssVariableName('  ')).toBeNull()
  })

  it('keeps font lists and strips quotes', () => {
    expect(fontStack("'Open Sans', Lato")).toBe(`"Open Sans", "Open Sans fallback Arial", "Open Sans fallback Roboto", "Open Sans fallback DejaVu", "Lato", ${SYSTEM_FONT_STACK}`)
    expect(fontStack('url(x)')).toBe(SYSTEM_FONT_STACK)
  })
})

describe('widgetHostStyle', () => {
  it("is the declarations a widget host takes: every variable, and a theme's colour scheme", () => {
    expect(widgetHostStyle({ 'perk-primary': '#5b4cf0', 'border-radius-button': 'full', theme: 'dark' })).toBe(
      '--perk-primary:#5b4cf0;--border-radius-button:9999px;--theme:dark;color-scheme:dark;',
    )
    expect(widgetHostStyle({ theme: 'sepia', 'perk-x': 'red;}body{display:none' })).toBe('--theme:sepia;')
    expect(widgetHostStyle(null)).toBe('')
  })
})

describe('format helpers', () => {
  it('formats numbers and builds initials', () => {
    expect(formatNumber(1250)).toBe('1,250')
    expect(initials('Jane  Doe')).toBe('JD')
    expect(initials('Cher')).toBe('C')
    expect(initials('')).toBe('?')
  })
})
