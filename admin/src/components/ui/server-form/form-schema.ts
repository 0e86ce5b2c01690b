import * as z from 'zod'
import type { FormField, FormValue, FormValues } from '../../../../../sdk/contract/console/forms'
import type { MessageKey } from '../../../lib/i18n'

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** The client-side rules of a server form definition: required, e-mail format and min/max bounds. */
export function schemaForFields(fields: readonly FormField[], t: Translate) {
  const shape: Record<string, z.ZodType> = {}
  for (const field of fields) shape[field.name] = fieldSchema(field, t)
  return z.object(shape)
}

function fieldSchema(field: FormField, t: Translate): z.ZodType {
  const p = { field: field.label }
  if (field.type === 'boolean') return z.boolean()
  if (field.type === 'number') {
    // An empty number input reads NaN: that is "no value", not a number.
    let n = z.number({ error: t('form.notANumber', p) })
    if (field.min !== undefined) n = n.min(field.min, t('form.tooSmall', { ...p, min: field.min }))
    if (field.max !== undefined) n = n.max(field.max, t('form.tooLarge', { ...p, max: field.max }))
    const value = z.preprocess((v) => (v === '' || v === null || Number.isNaN(v) ? null : v), n.nullable())
    return field.required ? value.refine((v) => v !== null, t('form.required', p)) : value
  }
  let s = (field.type === 'email' ? z.email(t('form.invalidEmail', p)) : z.string()) as z.ZodString
  if (field.min !== undefined) s = s.min(field.min, t('form.tooShort', { ...p, min: field.min }))
  if (field.max !== undefined) s = s.max(field.max, t('form.tooLong', { ...p, max: field.max }))
  const trimmed = (schema: z.ZodType) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), schema)
  // An optional field may be left empty even when it has a minimum length or a format.
  return field.required
    ? trimmed(z.string().min(1, t('form.required', p)).pipe(s))
    : trimmed(z.union([z.literal(''), s]))
}

/** Default values in the types the inputs hold: strings for text and selects, booleans, numbers. */
export function formDefaults(fields: readonly FormField[], defaults: Record<string, unknown>): FormValues {
  const out: FormValues = {}
  for (const field of fields) {
    const v = defaults[field.name]
    if (field.type === 'boolean') out[field.name] = v === true || v === 'true' || v === 1
    else if (field.type === 'number') out[field.name] = typeof v === 'number' ? v : v === '' || v == null ? NaN : Number(v)
    else out[field.name] = v == null ? '' : String(v)
  }
  return out
}

/** The JSON body: numbers left empty are sent as null rather than NaN (which JSON can't carry). */
export function formBody(fields: readonly FormField[], values: Record<string, unknown>): FormValues {
  const out: FormValues = {}
  for (const field of fields) {
    const v = values[field.name]
    if (field.type === 'number') out[field.name] = typeof v === 'number' && !Number.isNaN(v) ? v : null
    else out[field.name] = (v ?? (field.type === 'boolean' ? false : '')) as FormValue
  }
  return out
}
