import { describe, expect, it } from 'vitest'
import { LAST_SELECTED_PROGRAM_KEY, parseStoredProgramId, selectProgram } from './programs'

const programs = [
  { id: 4, name: 'Alpha' },
  { id: 9, name: 'Beta' },
  { id: 12, name: 'Gamma' },
]

describe('selectProgram', () => {
  it('uses the key the spec names', () => {
    expect(LAST_SELECTED_PROGRAM_KEY).toBe('lastSelectedProgram')
  })
  it('picks the stored program when the user still has it', () => {
    expect(selectProgram(programs, '9')?.id).toBe(9)
    expect(selectProgram(programs, '12')?.id).toBe(12)
  })
  it('reads a value stored as a JSON string', () => {
    expect(selectProgram(programs, '"12"')?.id).toBe(12)
  })
  it('falls back to the first program when nothing is stored', () => {
    expect(selectProgram(programs, null)?.id).toBe(4)
    expect(selectProgram(programs, undefined)?.id).toBe(4)
  })
  it('falls back to the first program when the stored one is gone or unreadable', () => {
    expect(selectProgram(programs, '77')?.id).toBe(4)
    expect(selectProgram(programs, 'abc')?.id).toBe(4)
    expect(selectProgram(programs, '')?.id).toBe(4)
    expect(selectProgram(programs, '9.5')?.id).toBe(4)
  })
  it('has nothing to pick without programs', () => {
    expect(selectProgram([], '9')).toBeNull()
  })
})

describe('parseStoredProgramId', () => {
  it('accepts digits only', () => {
    expect(parseStoredProgramId(' 42 ')).toBe(42)
    expect(parseStoredProgramId('-1')).toBeNull()
    expect(parseStoredProgramId('1e3')).toBeNull()
  })
})
