import * as z from 'zod'
import type { FormDefinition, FormField, FormResult } from '../../../../sdk/contract/console/forms'
import { fieldsFromZod } from '../../middleware/errors'

/** Field metadata a schema may carry with `.meta({ label, widget, options })`. */
export type FieldMeta = { label?: string; widget?: 'textarea'; options?: { value: string; label: string }[] }

type JsonProp = {
  type?: string
  format?: string
  enum?: string[]
  default?: unknown
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
} & FieldMeta

const SAFE = Number.MAX_SAFE_INTEGER
const humanize = (name: string) => name.replace(/_/g, ' ').replace(/^\w/, (ch) => ch.toUpperCase())

/**
 * The form definition of a zod object schema (the spec's generic form calls): the same schema then
 * validates the POST/PUT, so the console's form and the server can never disagree on a field.
 *
 * @example formDefinition(inviteAdminSchema, { preferred_locale: 'en' })
 */
export function formDefinition(schema: z.ZodObject, defaults: Record<string, unknown> = {}): FormDefinition {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonProp>; required?: string[] }
  const required = new Set(json.required ?? [])
  const fields: FormField[] = Object.entries(json.properties ?? {}).map(([name, p]) => {
    const field: FormField = { name, label: p.label ?? humanize(name), type: fieldType(p), required: required.has(name) }
    const options = p.options ?? p.enum?.map((value) => ({ value, label: humanize(value) }))
    if (options) field.options = options
    const min = p.minLength ?? (p.minimum !== undefined && p.minimum > -SAFE ? p.minimum : p.exclusiveMinimum !== undefined ? p.exclusiveMinimum + 1 : undefined)
    const max = p.maxLength ?? (p.maximum !== undefined && p.maximum < SAFE ? p.maximum : undefined)
    if (min !== undefined) field.min = min
    if (max !== undefined) field.max = max
    return field
  })
  const defaultValues: Record<string, unknown> = {}
  for (const [name, p] of Object.entries(json.properties ?? {})) {
    if (name in defaults) defaultValues[name] = defaults[name]
    else if (p.default !== undefined) defaultValues[name] = p.default
    else defaultValues[name] = p.type === 'boolean' ? false : ''
  }
  return { fields, defaultValues }
}

function fieldType(p: JsonProp): FormField['type'] {
  if (p.enum || p.options) return 'select'
  if (p.type === 'boolean') return 'boolean'
  if (p.type === 'number' || p.type === 'integer') return 'number'
  if (p.format === 'email') return 'email'
  if (p.widget === 'textarea') return 'textarea'
  return 'string'
}

/**
 * Validates a generic form write: `{ ok: true, data }`, or the spec's answer `{ success: false, errors }`
 * (one message per field) to send with status 422.
 */
export function validateForm<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; result: FormResult } {
  const parsed = schema.safeParse(body)
  if (parsed.success) return { ok: true, data: parsed.data }
  return { ok: false, result: { success: false, errors: fieldsFromZod(parsed.error) } }
}
