import { describe, expect, it } from 'vitest'
import type { FieldErrors } from 'react-hook-form'
import { fieldMessages, type FormSection, locateErrors, sectionErrorLines } from './form-sections'

const sections: FormSection[] = [
  { id: 'colors', label: 'Colors', holds: (f) => f.startsWith('style.') },
  { id: 'assets', label: 'Assets', holds: (f) => f === 'logo' || f === 'overlay' },
]

describe('form sections', () => {
  it('flattens the error tree to dotted fields, leaving out the root messages and the elements', () => {
    const errors = {
      overlay: { type: 'server', message: 'Overlay is required', ref: { name: 'overlay' } },
      style: { 'perk-primary': { type: 'invalid', message: 'Primary must be a valid hex color' } },
      root: { server: { type: 'server', message: 'Seats are full' } },
    } as unknown as FieldErrors
    expect(fieldMessages(errors)).toEqual([
      { field: 'overlay', message: 'Overlay is required' },
      { field: 'style.perk-primary', message: 'Primary must be a valid hex color' },
    ])
  })

  it("orders the errors by section, names each with its section's label, and puts the unknown last", () => {
    const located = locateErrors(
      [
        { field: 'nowhere', message: 'Something else' },
        { field: 'overlay', message: 'Overlay is required' },
        { field: 'style.perk-primary', message: 'Primary must be a valid hex color' },
        { field: 'logo', message: 'Logo is required' },
      ],
      sections,
    )
    expect(located.map((e) => [e.field, e.section?.id])).toEqual([
      ['style.perk-primary', 'colors'],
      ['overlay', 'assets'],
      ['logo', 'assets'],
      ['nowhere', undefined],
    ])
    expect(sectionErrorLines(located)).toEqual(['Colors: Primary must be a valid hex color', 'Assets: Overlay is required', 'Assets: Logo is required', 'Something else'])
  })
})
