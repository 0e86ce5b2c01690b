import * as z from 'zod'

/**
 * Generic console forms (admin-console-part-a.md section 7, "Generic form calls"): a GET on an admin
 * path answers a form definition, the console renders it, then POSTs (create) or PUTs (update) the
 * values as JSON and gets a form result. The worker builds definitions from its zod schemas in these
 * shapes; the console renders any of them with useServerForm().
 */

export const formFieldTypes = ['string', 'number', 'boolean', 'select', 'textarea', 'email'] as const
export type FormFieldType = (typeof formFieldTypes)[number]

export const formFieldOptionSchema = z.object({ value: z.string(), label: z.string() })
export type FormFieldOption = z.infer<typeof formFieldOptionSchema>

export const formFieldSchema = z.object({
  /** The key of the value in defaultValues, in the submitted body and in a result's field errors. */
  name: z.string().min(1),
  label: z.string(),
  type: z.enum(formFieldTypes),
  required: z.boolean(),
  /** The choices of a select field. */
  options: z.array(formFieldOptionSchema).optional(),
  /** Bounds: the length of a text value, the value of a number. The console checks them before sending. */
  min: z.number().optional(),
  max: z.number().optional(),
})
export type FormField = z.infer<typeof formFieldSchema>

/** The values a form sends: text, numbers and booleans (null when a number is left empty). */
export type FormValue = string | number | boolean | null

export const formDefinitionSchema = z.object({
  fields: z.array(formFieldSchema),
  /**
   * One value per field name; a new record's are the field defaults, an edited one's its current
   * values. Unknown, since they come from the record: the console coerces each to its field's type.
   */
  defaultValues: z.record(z.string(), z.unknown()),
})
export type FormDefinition = z.infer<typeof formDefinitionSchema>

/** The submitted body: one value per field name. */
export type FormValues = Record<string, FormValue>

/**
 * What a POST or PUT answers. errors is keyed by field name (shown under the fields) or a list of
 * messages that belong to no field; empty on success.
 */
export const formResultSchema = z.object({
  success: z.boolean(),
  errors: z.union([z.record(z.string(), z.string()), z.array(z.string())]),
  /** Optional: the created or updated record, e.g. { id } to redirect to. */
  data: z.unknown().optional(),
})
export type FormResult = z.infer<typeof formResultSchema>
