import * as z from 'zod'

/**
 * Evergreen settings (admin-console-part-b.md sections 2, 3, 4 and 7): the setting definitions the
 * Perk team turned on for a program (none: 'Contact Perk team to request this feature'), each with
 * its value, active or not (shown with a green or red border), saved with
 * POST /admin/v2/programs/{program_id}/evergreen_setting_values.
 */

/** field_value: the program's value of the setting (id null while never saved; inactive then). */
export const evergreenFieldValueSchema = z.object({ id: z.number().nullable(), active: z.boolean() })
export type EvergreenFieldValue = z.infer<typeof evergreenFieldValueSchema>

export const evergreenSettingSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  field_value: evergreenFieldValueSchema,
})
export type EvergreenSetting = z.infer<typeof evergreenSettingSchema>

/** GET .../evergreen_settings: every definition of the program, in its order. */
export const evergreenSettingListSchema = z.object({ data: z.array(evergreenSettingSchema) })
export type EvergreenSettingList = z.infer<typeof evergreenSettingListSchema>

/** POST .../evergreen_setting_values: one setting's value. */
export const evergreenSettingValueWriteSchema = z.object({
  evergreen_setting_id: z.coerce
    .number({ error: 'Evergreen setting is required' })
    .int('Evergreen setting is required')
    .positive('Evergreen setting is required'),
  active: z.boolean({ error: 'Active must be true or false' }),
})
export type EvergreenSettingValueWrite = z.input<typeof evergreenSettingValueWriteSchema>

/** The save's answer: the setting as it is now, or the errors (the toast's title) with 'Please try again'. */
export const evergreenSaveResultSchema = z.object({
  success: z.boolean(),
  errors: z.union([z.record(z.string(), z.string()), z.array(z.string())]),
  data: evergreenSettingSchema.optional(),
})
export type EvergreenSaveResult = z.infer<typeof evergreenSaveResultSchema>
