import type { SQL } from 'drizzle-orm'
import type { BatchStatement } from './db/batch'
import type { adminUsers, participants, programs } from './db/schema'
import type { ProgramScope } from './db/scope'
import type { Deps } from './deps'

export type ProgramRow = typeof programs.$inferSelect
export type ParticipantRow = typeof participants.$inferSelect
export type AdminRow = typeof adminUsers.$inferSelect

/**
 * Hono context variables set by middleware. Read them with `c.get(name)` on hot paths: Hono builds a
 * new object from all of them on every `c.var` access.
 */
/** What a console request on a program needs besides the session: the program and the admin's grants on it. */
export type ProgramAccess = { programId: number; program: ProgramRow | null; grants: { resource: string; action: string }[] }

/** What a request running under an Idempotency-Key gives its handler (middleware/idempotency.ts runIdempotent). */
export type IdempotentWrite = {
  /** For the guarded write's own batch: marks the key's write as committed. */
  mark: BatchStatement
  /** An earlier attempt under this key committed its write and died before storing its answer. */
  committedBefore: boolean
  /** What the claim read along (runIdempotent's `options.read`); undefined when the key was not claimed by this request's insert (a takeover). */
  claimRead: unknown
  /**
   * For the write's own batch, in place of `mark`: stores the answer, `status` and the body `response`
   * (SQL evaluated in the batch, so it can name what the batch wrote), while this request holds the key.
   * Its slot answers `[{ response }]`, empty when the key was lost (the lease ran out). A handler that
   * answers that body sets `stored`.
   */
  complete(status: number, response: SQL<string>): BatchStatement
  /** The answer was stored by the write's batch: nothing is left to store after it. */
  stored: boolean
}

export type AppEnv = {
  Variables: {
    deps: Deps
    requestId: string
    program: ProgramRow
    scope: ProgramScope
    participant: ParticipantRow | null
    /** The current participant session's id (for rotation and sign-out). */
    participantSessionId: number | null
    /** True when the client authenticates with a bearer token (SDK, embedded widget). */
    tokenClient: boolean
    admin: AdminRow | null
    adminSessionId: number | null
    /** The program the console path names and the admin's grants on it, read with the session (middleware/admin-auth.ts). */
    adminProgramAccess: ProgramAccess | null
    csrfToken: string
    /** The Idempotency-Key this write runs under, if any (middleware/idempotency.ts). */
    idempotentWrite: IdempotentWrite | undefined
    /** CSP frame-ancestors for embeddable pages (the program's domain list). */
    frameAncestors: string
  }
}
