import { describe, expect, it } from 'vitest'
import { brandingWriteSchema, type Branding } from '../../../../sdk/contract/console/branding'
import { DEFAULT_STYLE, formValuesOf, isUnchanged, writeOf } from './form-values'

const saved: Branding = {
  element_css_style: { 'perk-primary': '#5B4CF0', 'perk-legacy': 'x' },
  favicon_file: '/favicon.svg',
  header_logo: '/brand/logo.svg',
  footer_logo: '/brand/logo.svg',
  overlay_image: '/brand/hero.svg',
  header_background_image: '/brand/hero.svg',
  badge_background_image: null,
  header_text: 'Hero',
  header_description: 'Description',
  css: '',
}

describe('branding form values', () => {
  it('fills every edited key, the saved value first, then the default look', () => {
    const values = formValuesOf(saved)
    expect(values.element_css_style['perk-primary']).toBe('#5B4CF0')
    expect(values.element_css_style['perk-footer-color']).toBe(DEFAULT_STYLE['perk-footer-color'])
    expect(values.element_css_style['border-radius-button']).toBe('full')
    expect(values.element_css_style).not.toHaveProperty('perk-legacy')
    // What the form starts from is a valid save.
    expect(brandingWriteSchema.safeParse(writeOf(values)).success).toBe(true)
  })

  it("sees no change in case, surrounding spaces or an empty badge ('No changes detected.')", () => {
    const initial = formValuesOf(saved)
    const same = { ...initial, element_css_style: { ...initial.element_css_style, 'perk-primary': ' #5b4cf0 ' }, header_text: 'Hero  ', badge_background_image: '' }
    expect(isUnchanged(same as never, initial)).toBe(true)
    expect(isUnchanged({ ...initial, element_css_style: { ...initial.element_css_style, 'perk-primary': '#0b6e4f' } }, initial)).toBe(false)
    expect(isUnchanged({ ...initial, css: '.a{}' }, initial)).toBe(false)
  })

  it('an unbranded program still needs its images and hero texts', () => {
    const empty = formValuesOf({ ...saved, element_css_style: {}, favicon_file: null, header_logo: null, header_text: null })
    const result = brandingWriteSchema.safeParse(writeOf(empty))
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['favicon_file', 'header_logo', 'header_text']))
  })
})
