import * as z from 'zod'

export const pageSizes = [10, 20, 30, 40, 50] as const

export const participantActionsQuerySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), 'must be 10, 20, 30, 40 or 50')
    .default(10),
})

export const participantActionSchema = z.object({
  id: z.number(),
  action_type: z.string(),
  title: z.string(),
  points: z.number(),
  actionable_type: z.string().nullable(),
  actionable_id: z.number().nullable(),
  created_at: z.string(),
})
export type ParticipantAction = z.infer<typeof participantActionSchema>

export const participantActionsPageSchema = z.object({
  data: z.array(participantActionSchema),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
})
export type ParticipantActionsPage = z.infer<typeof participantActionsPageSchema>

export const updateEmailSettingsRequestSchema = z.object({
  email_setting_id: z.coerce.number({ error: 'is required' }).int('is required').positive('is required'),
  participant_id: z.coerce.number().int().positive().optional(),
})
export const updateEmailSettingsResponseSchema = z.object({ success: z.literal(true), errors: z.array(z.string()), email_setting_id: z.number() })

export { accountRoutes as routes } from './paths'
