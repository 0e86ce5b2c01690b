import { eq } from 'drizzle-orm'
import { batch } from '../../db/batch'
import { adminProgramPermissions, adminUsers, participantTags, participants, programs } from '../../db/schema'
import { programScope } from '../../db/scope'
import { lastMail, type makeTestApp, type TestBrowser } from '../../../test/helpers'

/** Test fixtures of the participants area (Node tests only). */
type T = Awaited<ReturnType<typeof makeTestApp>>

/** A console browser signed in through the real one-time-code flow. */
export async function consoleAs(t: T, email: string): Promise<TestBrowser> {
  const b = t.browser()
  const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email } })
  const code = (await lastMail(t.db, email))!.code
  const verify = await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
  if (verify.status !== 200) throw new Error(`console sign-in failed for ${email}: ${JSON.stringify(verify.body)}`)
  return b
}

export async function programByKey(t: T, key: string) {
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, key))
  return program!
}

/** An admin of the demo organization holding exactly the given grants on `programId`. */
export async function adminWith(t: T, email: string, programId: number, grants: [string, string][]) {
  const [org] = await t.db.select({ organizationId: programs.organizationId }).from(programs).where(eq(programs.id, programId))
  const [admin] = await t.db.insert(adminUsers).values({ organizationId: org!.organizationId, email, firstName: 'Test', lastName: 'Admin' }).returning()
  const rows = grants.map(([resource, action]) => ({ programId, adminUserId: admin!.id, resource, action }))
  if (rows.length) await t.db.insert(adminProgramPermissions).values(rows) // tenant-guard: allow (test fixture: grants on the program named)
  return consoleAs(t, email)
}

export type Person = { email: string; first?: string; last?: string; status?: (typeof participants.$inferInsert)['status']; points?: number; signIns?: number; tags?: string[]; createdAt?: number }

/**
 * Participants written straight to the tables (points through the ledger's trigger would need one
 * ledger row each; lists only read the columns, so they are set directly here).
 */
export async function addPeople(t: T, programId: number, people: Person[]) {
  const scope = programScope(t.db, programId)
  const values = people.map((p, i) => ({
    email: p.email,
    firstName: p.first ?? p.email.split('@')[0]!,
    lastName: p.last ?? 'Test',
    status: p.status ?? ('active' as const),
    points: p.points ?? 0,
    unusedPoints: p.points ?? 0,
    signInCount: p.signIns ?? 0,
    referralCode: `FX${programId}X${i}X${Math.random().toString(36).slice(2, 8)}`,
    createdAt: new Date(p.createdAt ?? Date.UTC(2026, 0, 1) + i * 60_000),
  }))
  // D1 binds at most 100 values a statement: 6 rows (15 bound values each) a statement, all in one batch.
  const rows = (await batch(t.db, chunks(values, 6).map((chunk) => scope.insert(participants, chunk).returning()))).flat()
  const tags = people.flatMap((p, i) => (p.tags ?? []).map((tag) => ({ tag, participantId: rows[i]!.id })))
  await batch(t.db, chunks(tags, 15).map((chunk) => scope.insert(participantTags, chunk)))
  return rows
}

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))
