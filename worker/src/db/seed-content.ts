import type { Db } from './client'
import type { programs } from './schema'

type ProgramRow = typeof programs.$inferSelect

/**
 * Challenges of every type, rewards of every selection and participants with history. Kept apart
 * from seed.ts so the base (programs, admins, pages) stays small.
 */
export async function seedDemoContent(
  _db: Db,
  _opts: { demo: ProgramRow; links: ProgramRow; participants: number; log: (line: string) => void },
): Promise<void> {}
