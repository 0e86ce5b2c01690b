import { describe, expect, it } from 'vitest'
import { brandingWriteSchema, elementCssStyleWriteSchema } from '../../../../sdk/contract/console/branding'
import { sectionOfField } from './sections'

describe('branding sections', () => {
  it('places every field the save can refuse in a section, so a failed save can take the admin there', () => {
    const fields = [
      ...Object.keys(brandingWriteSchema.shape).filter((k) => k !== 'element_css_style'),
      ...Object.keys(elementCssStyleWriteSchema.shape).map((k) => `element_css_style.${k}`),
    ]
    expect(fields.filter((f) => !sectionOfField(f))).toEqual([])
    expect(sectionOfField('overlay_image')).toBe('assets')
    expect(sectionOfField('header_description')).toBe('assets')
    expect(sectionOfField('element_css_style.perk-primary')).toBe('colors')
    expect(sectionOfField('element_css_style.border-radius-tiles')).toBe('borders')
    expect(sectionOfField('element_css_style.body_font')).toBe('fonts')
    expect(sectionOfField('element_css_style.theme')).toBe('theme')
    expect(sectionOfField('css')).toBe('css')
    expect(sectionOfField('element_css_style.perk-legacy')).toBeUndefined()
  })
})
