import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { programs } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { appCache, mapPerOwner } from '../../lib/cache'

/**
 * A program's content version (`programs.content_version`, docs/decisions/0014). Triggers move it on
 * with every write to the program's content, in the same statement, whatever writes it (migration
 * 0014); bumpContentVersion() is for content kept outside those tables. Caches of shared content
 * (the challenge catalog, rewards, tiers, the public program) and the cached public answers (memory,
 * and the Workers Cache API) are keyed by the newest version this process has seen, so a save is seen
 * as soon as the program row is read again (at once in the process that saved, when it calls
 * contentSaved(); within the program cache's TTL, config.cacheTtlMs, everywhere else), and no cached
 * answer of an older version is ever served after that.
 */
const seenOf = mapPerOwner<number, number>()

/** Notes a program row as read from the database: its version is the newest seen if it is newer. */
export function noteProgramRow<T extends Pick<ProgramRow, 'id' | 'contentVersion'> | undefined>(deps: Deps, row: T): T {
  if (row) {
    const seen = seenOf(deps)
    if ((seen.get(row.id) ?? -1) < row.contentVersion) seen.set(row.id, row.contentVersion)
  }
  return row
}

/** The newest content version of this program this process has seen (0 before its row was read). */
export function contentVersion(deps: Deps, programId: number): number {
  return seenOf(deps).get(programId) ?? 0
}

/**
 * How many times this process saved content itself (contentSaved): what it kept before a save of its
 * own is not used after it, whatever version the program row said.
 */
const generations = new WeakMap<object, number>()
export const savedGeneration = (deps: Deps) => generations.get(deps) ?? 0

/** The key of a shared-content cache entry: the program, its content version (and this process's saves). */
export const contentKey = (deps: Deps, programId: number) => `${programId}:v${contentVersion(deps, programId)}:g${savedGeneration(deps)}`

/**
 * The statement that moves a program's content version on, for a `db.batch([...])` next to a write
 * of content the triggers do not see (files, settings kept elsewhere). Content tables need no call.
 */
export function bumpContentVersion(db: Db, programId: number) {
  return db
    .update(programs)
    .set({ contentVersion: sql`${programs.contentVersion} + 1` })
    .where(eq(programs.id, programId))
}

/**
 * After a content write in this process (a console save): nothing this process kept before it is used
 * again (content caches and cached public answers are keyed by savedGeneration too), and its program
 * rows are read again, so the new version is seen on the next request here; elsewhere, when the
 * program row is read again (config.cacheTtlMs).
 */
export function contentSaved(deps: Deps) {
  generations.set(deps, savedGeneration(deps) + 1)
  appCache<ProgramRow | undefined>(deps, 'programs').clear()
}
