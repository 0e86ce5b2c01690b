import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { formDefinition, validateForm } from './forms'

const schema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(30).meta({ label: 'Name' }),
  email: z.email('Email is invalid'),
  points: z.number().int().positive().optional(),
  staff: z.boolean().default(false),
  status: z.enum(['active', 'blocked']),
  notes: z.string().max(2000).meta({ widget: 'textarea' }),
})

describe('generic form definitions', () => {
  it('derive fields and default values from the zod schema that validates the write', () => {
    expect(formDefinition(schema, { status: 'active' })).toEqual({
      fields: [
        { name: 'name', label: 'Name', type: 'string', required: true, min: 2, max: 30 },
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'points', label: 'Points', type: 'number', required: false, min: 1 },
        { name: 'staff', label: 'Staff', type: 'boolean', required: false },
        { name: 'status', label: 'Status', type: 'select', required: true, options: [{ value: 'active', label: 'Active' }, { value: 'blocked', label: 'Blocked' }] },
        { name: 'notes', label: 'Notes', type: 'textarea', required: true, max: 2000 },
      ],
      defaultValues: { name: '', email: '', points: '', staff: false, status: 'active', notes: '' },
    })
  })

  it('answer { success: false, errors } naming each bad field', () => {
    const r = validateForm(schema, { name: 'x', email: 'nope', status: 'gone', notes: '' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.result).toEqual({ success: false, errors: expect.objectContaining({ name: 'Name must be at least 2 characters.', email: 'Email is invalid', status: expect.any(String) }) })
  })
})
