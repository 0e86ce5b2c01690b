import { describe, expect, it } from 'vitest'
import { contrastRatio, contrastWarnings, parseHex } from './contrast'

describe('contrast (WCAG 2.x)', () => {
  it('computes the ratios of known pairs', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#5b4cf0', '#5b4cf0')).toBe(1)
    expect(contrastRatio('red', '#fff')).toBeNull()
  })

  it('parses short and long hex', () => {
    expect(parseHex('#0af')).toEqual([0, 170, 255])
    expect(parseHex(' #00AAFF ')).toEqual([0, 170, 255])
    expect(parseHex('#00aaf')).toBeNull()
  })

  it('warns for each text colour below 4.5:1 on its background', () => {
    const style = {
      'perk-primary': '#ffff00',
      'perk-primary-content': '#ffffff', // 1.07:1
      'perk-body-background': '#ffffff',
      'perk-body-content': '#767676', // 4.54:1 passes
      'perk-header-color': '#17153b',
      'perk-header-content-color': '#ffffff',
      'perk-header-title-color': '#333333', // dark on dark
      'perk-footer-color': '#17153b',
      'perk-footer-content-color': '#d8d6f5',
    }
    const warnings = contrastWarnings(style)
    expect(warnings.map((w) => `${w.content}/${w.background}`)).toEqual(['perk-primary-content/perk-primary', 'perk-header-title-color/perk-header-color'])
    expect(warnings[0]!.ratio).toBeLessThan(1.1)
  })

  it('does not warn about colours that are not set or not hex yet', () => {
    expect(contrastWarnings({ 'perk-primary': '#fff', 'perk-primary-content': '#ff' })).toEqual([])
  })
})
