import * as z from 'zod'
import { api } from '../../../lib/api-client'

/**
 * New program (spec section 5): 2 to 30 characters, with the spec's messages. The worker validates
 * with the same rule; this moves to sdk/contract/console when the API team publishes that file.
 */
export const newProgramSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(30, 'Name must not be longer than 30 characters.'),
})
export type NewProgram = z.infer<typeof newProgramSchema>

export type CreateProgramResult = { success: boolean; data: { id: number; name: string }; errors: string[] | Record<string, string> }

/** POST /admin/v2/programs { name }. */
export const createProgram = (input: NewProgram) => api.post<CreateProgramResult>('/admin/v2/programs', input)
