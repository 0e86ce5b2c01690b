import { count, eq } from 'drizzle-orm'
import { organizations, programs, programTemplateDetails } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'

/**
 * Where a program made in the console lives (decision 0041): on the shard with the fewest programs,
 * read from the directory (one statement; a program is made rarely). The program is made on control
 * first, as with one database (its row there is the directory entry, with its template row); on
 * another shard, its organization, program and template rows are copied there under the same id, and
 * only then does the directory say so. A stop before that last write leaves the program on control,
 * working, and an unused copy on the shard.
 */
export async function placeNewProgram(deps: Deps, program: ProgramRow): Promise<ProgramRow> {
  const shards = deps.shardDbs
  if (!shards || shards.length <= 1) return program
  const counts = new Map((await deps.db.select({ shard: programs.shard, n: count() }).from(programs).groupBy(programs.shard)).map((r) => [r.shard, r.n]))
  let target = 1
  for (let n = 2; n <= shards.length; n++) if ((counts.get(n) ?? 0) < (counts.get(target) ?? 0)) target = n
  if (target === 1) return program
  const shard = shards[target - 1]!
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, program.organizationId)).limit(1)
  const [template] = await deps.db.select().from(programTemplateDetails).where(eq(programTemplateDetails.programId, program.id)).limit(1) // tenant-guard: allow (the new program's own row)
  const placed = { ...program, shard: target }
  if (org) await shard.insert(organizations).values(org).onConflictDoNothing()
  await shard.insert(programs).values(placed)
  if (template) await shard.insert(programTemplateDetails).values(template) // tenant-guard: allow (the new program's own row)
  await deps.db.update(programs).set({ shard: target }).where(eq(programs.id, program.id))
  return placed
}
