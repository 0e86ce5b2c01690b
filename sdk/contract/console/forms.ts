import { z } from 'zod'

/**
 * The console's generic form calls (admin-console-part-a.md section 7): a GET on an admin path answers
 * a form definition derived on the server from the same zod schema that validates the POST/PUT, and
 * the write answers `{ success, errors }`.
 */
export const formFieldTypes = ['string', 'email', 'number', 'boolean', 'select', 'textarea'] as const
export type FormFieldType = (typeof formFieldTypes)[number]

export const formFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(formFieldTypes),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** Limits the client can check before sending (the server checks them again). */
  min: z.number().optional(),
  max: z.number().optional(),
})
export type FormField = z.infer<typeof formFieldSchema>

export const formDefinitionSchema = z.object({
  fields: z.array(formFieldSchema),
  defaultValues: z.record(z.string(), z.unknown()),
})
export type FormDefinition = z.infer<typeof formDefinitionSchema>

/** The answer of a generic form write: field errors keyed by field name (or general messages). */
export const formResultSchema = z.object({
  success: z.boolean(),
  errors: z.union([z.record(z.string(), z.string()), z.array(z.string())]),
  data: z.unknown().optional(),
})
export type FormResult = z.infer<typeof formResultSchema>
